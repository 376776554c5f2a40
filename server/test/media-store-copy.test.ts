/**
 * `npm run media:copy -w server` (src/media-copy.ts): an uploads folder goes into a real
 * S3-compatible bucket; a second run copies nothing new, a changed file is copied again, and a
 * missing setting is answered with the usage text.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_COPY_USAGE, runMediaCopy } from '../src/media-copy';
import { startS3, type TestS3 } from './support/s3';

let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ed-media-copy-'));
});
afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const FILES: Record<string, string> = {
  'properties/3/a1.jpg': 'cover photo bytes',
  'properties/3/a1-small.webp': 'small',
  'avatars/9-ff.png': 'avatar',
  'companies/demo/skyline-logo.png': 'logo',
};

async function writeFolder(root: string, files: Record<string, string>) {
  for (const [key, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, key)), { recursive: true });
    await writeFile(path.join(root, key), text);
  }
}

async function run(argv: string[], env: Record<string, string> = { ...s3.env, DATA_DIR: dataDir }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMediaCopy(argv, env, dataDir, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('media:copy', () => {
  it('copies DATA_DIR/uploads into the bucket, then nothing new on a second run', async () => {
    await writeFolder(path.join(dataDir, 'uploads'), FILES);
    // A write cut short leaves a dot-named part file: never copied.
    await writeFile(path.join(dataDir, 'uploads', 'avatars', '.9-aa.png.1234.part'), 'half');

    const first = await run([]);
    expect(first, first.err).toMatchObject({ code: 0, err: '' });
    expect(first.out).toContain('Copied 4 files');
    expect(first.out).toContain('0 already in the bucket');
    expect(await s3.keys()).toEqual(Object.keys(FILES).sort());
    expect((await s3.store.read('properties/3/a1.jpg')).toString()).toBe(FILES['properties/3/a1.jpg']);
    const cover = await fetch(`${s3.publicUrl}properties/3/a1.jpg`);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');

    const second = await run([]);
    expect(second.code).toBe(0);
    expect(second.out).toContain('Copied 0 files (0.0 MB); 4 already in the bucket.');

    // A file whose size differs from the bucket's object is copied again; a dry run only lists it.
    await writeFile(path.join(dataDir, 'uploads', 'avatars', '9-ff.png'), 'a larger avatar');
    const dry = await run(['--dry-run']);
    expect(dry.out).toContain('avatars/9-ff.png');
    expect(dry.out).toContain('Would copy 1 file ');
    expect((await s3.store.read('avatars/9-ff.png')).toString()).toBe('avatar');
    const third = await run([]);
    expect(third.out).toContain('Copied 1 file ');
    expect((await s3.store.read('avatars/9-ff.png')).toString()).toBe('a larger avatar');
  });

  it('copies another folder given with --from', async () => {
    const other = path.join(dataDir, 'old-uploads');
    await writeFolder(other, { 'properties/77/x.png': 'elsewhere' });
    const res = await run(['--from', other]);
    expect(res.code).toBe(0);
    expect(res.out).toContain('Copied 1 file ');
    expect(await s3.keys('properties/77/')).toEqual(['properties/77/x.png']);
  });

  it('answers a missing or half setting, a missing folder and an unknown option with the usage text', async () => {
    const noBucket = await run([], { DATA_DIR: dataDir });
    expect(noBucket.code).toBe(2);
    expect(noBucket.err).toContain('S3_BUCKET is not set');
    expect(noBucket.err).toContain(MEDIA_COPY_USAGE);

    const { S3_SECRET_ACCESS_KEY: _secret, ...half } = s3.env;
    const missing = await run([], { ...half, DATA_DIR: dataDir });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('S3_SECRET_ACCESS_KEY is missing');

    const nowhere = await run(['--from', path.join(dataDir, 'no-such-folder')]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.err).toContain('There is no folder at');

    const unknown = await run(['--to', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Usage: npm run media:copy -w server');

    const help = await run(['--help']);
    expect([help.code, help.out]).toEqual([0, MEDIA_COPY_USAGE]);
  });

  it('reports an unreachable bucket and fails', async () => {
    const res = await run([], { ...s3.env, S3_BUCKET: 'no-such-bucket', DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.err).toContain('Could not copy into s3://no-such-bucket');
  });
});
