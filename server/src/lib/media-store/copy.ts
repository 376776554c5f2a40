/**
 * Copies every file of one media store into another (an uploads folder into a bucket, for
 * src/media-copy.ts; a bucket back into a folder works the same way). Safe to run again: an object already there with the same size is skipped,
 * so a second run after a complete one copies nothing, and a run cut short resumes.
 */
import type { MediaStore } from './media-store';
import { mediaType } from './media-store';

export interface CopyReport {
  copied: number;
  /** Bytes copied. */
  bytes: number;
  /** Already in the target with the same size. */
  skipped: number;
  failed: Array<{ key: string; error: string }>;
}

export interface CopyOptions {
  /** Only report what would be copied. */
  dryRun?: boolean;
  /** Files read and written at once. */
  parallel?: number;
  /** Called after each file copied (or that would be, on a dry run). */
  onCopied?: (key: string, size: number) => void;
}

export async function copyMedia(source: MediaStore, target: MediaStore, options: CopyOptions = {}): Promise<CopyReport> {
  const present = new Map<string, number>();
  for await (const object of target.list()) present.set(object.key, object.size);

  const report: CopyReport = { copied: 0, bytes: 0, skipped: 0, failed: [] };
  const pending: Array<{ key: string; size: number }> = [];
  for await (const object of source.list()) {
    if (present.get(object.key) === object.size) report.skipped += 1;
    else pending.push(object);
  }

  const copyOne = async ({ key, size }: { key: string; size: number }) => {
    try {
      if (!options.dryRun) await target.put(key, await source.read(key), mediaType(key));
      report.copied += 1;
      report.bytes += size;
      options.onCopied?.(key, size);
    } catch (error) {
      report.failed.push({ key, error: (error as Error).message });
    }
  };
  const workers = Array.from({ length: Math.max(1, options.parallel ?? 4) }, async () => {
    for (let next = pending.shift(); next; next = pending.shift()) await copyOne(next);
  });
  await Promise.all(workers);
  return report;
}
