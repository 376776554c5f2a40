/**
 * Copy command: moves an existing uploads folder into the bucket the S3_* settings name, before
 * a deployment switches to media in object storage (server/README.md, "Media in object storage").
 *
 *   npm run media:copy -w server                       # DATA_DIR/uploads into S3_BUCKET
 *   npm run media:copy -w server -- --from /srv/uploads --dry-run
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LocalMediaStore, S3MediaStore, uploadsFolder } from './lib/media-store';
import { copyMedia } from './lib/media-store/copy';
import { mediaStorageFrom } from './lib/media-store/settings';

export const MEDIA_COPY_USAGE = `Usage: npm run media:copy -w server [-- --from FOLDER] [--dry-run]

Copies every file of an uploads folder into the S3 bucket named by S3_BUCKET, with S3_REGION,
S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_FORCE_PATH_STYLE for an
S3-compatible server). Objects already in the bucket with the same size are skipped: running it
again copies only what is new or changed.

  --from FOLDER  the folder to copy (default: DATA_DIR/uploads; DATA_DIR defaults to ./data)
  --dry-run      list what would be copied and copy nothing
  --help         this text`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const isFolder = (folder: string) => statSync(folder, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** Runs the command; answers its exit code (0 done, 1 some files not copied, 2 usage). */
export async function runMediaCopy(argv: string[], env: Record<string, string | undefined>, cwd: string, io: CommandOutput): Promise<number> {
  const usage = (problem: string) => {
    io.err(`${problem}\n\n${MEDIA_COPY_USAGE}`);
    return 2;
  };
  let values: { from?: string; 'dry-run'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    return usage((error as Error).message);
  }
  if (values.help) {
    io.out(MEDIA_COPY_USAGE);
    return 0;
  }
  let storage: ReturnType<typeof mediaStorageFrom>;
  try {
    storage = mediaStorageFrom(env);
  } catch (error) {
    return usage((error as Error).message);
  }
  if (storage.kind !== 's3') return usage('S3_BUCKET is not set: there is no bucket to copy into.');
  const from = values.from ? path.resolve(cwd, values.from) : uploadsFolder(path.resolve(cwd, env.DATA_DIR?.trim() || './data'));
  if (!isFolder(from)) return usage(`There is no folder at ${from}.`);

  const dryRun = values['dry-run'] ?? false;
  const target = new S3MediaStore(storage);
  io.out(`${dryRun ? 'Dry run: would copy' : 'Copying'} ${from} into ${target.location}`);
  try {
    const report = await copyMedia(new LocalMediaStore(from), target, {
      dryRun,
      onCopied: dryRun ? (key, size) => io.out(`  ${key} (${size} bytes)`) : undefined,
    });
    const megabytes = (report.bytes / (1024 * 1024)).toFixed(1);
    const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
    io.out(`${dryRun ? 'Would copy' : 'Copied'} ${files(report.copied)} (${megabytes} MB); ${report.skipped} already in the bucket.`);
    if (!report.failed.length) return 0;
    for (const { key, error } of report.failed.slice(0, 20)) io.err(`  ${key}: ${error}`);
    io.err(`${files(report.failed.length)} not copied; run the command again to retry them.`);
    return 1;
  } catch (error) {
    io.err(`Could not copy into ${target.location}: ${(error as Error).message}`);
    return 1;
  } finally {
    await target.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const io: CommandOutput = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };
  runMediaCopy(process.argv.slice(2), process.env, process.cwd(), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      io.err(String((error as Error).stack ?? error));
      process.exitCode = 1;
    },
  );
}
