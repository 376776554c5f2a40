/**
 * How far an import is, as the Import modal shows it: the upload's percentage, then the rows the
 * server has checked and written (GET /leads/import/progress/{id}, asked by the id the upload
 * carried). The percentage is the browser's count of bytes sent where the upload goes by
 * XMLHttpRequest, else the server's count of bytes received (a runtime whose API client was given
 * its own `fetch`, as the embedding layer's is, uploads by that fetch, which reports nothing).
 * Pure: no React, no fetch.
 */
import * as z from 'zod/mini';
import { formatNumber } from '../../core';

/** The server's answer to GET /leads/import/progress/{id} (beyond the original description). */
export const ImportProgressAnswer = z.looseObject({
  data: z.looseObject({
    phase: z.enum(['receiving', 'reading', 'writing', 'done', 'failed']),
    received: z.optional(z.number()),
    size: z.optional(z.nullable(z.number())),
    checked: z.number(),
    written: z.number(),
    total: z.nullable(z.number()),
  }),
});
export type ServerProgress = z.infer<typeof ImportProgressAnswer>['data'];

/**
 * A fresh id to name an import by (8–64 letters, digits, - or _, as the server takes). From
 * `crypto.getRandomValues`, which pages served over plain http have too (randomUUID needs https).
 */
export function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `import-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Where a running import is: sending the file (as the browser counts it), or followed on the
 * server (its progress once it answers; `sent` when the browser said it had sent everything).
 */
export type ImportStage =
  | { step: 'uploading'; fileName: string; loaded: number; total: number }
  | { step: 'processing'; fileName: string; sent: boolean; progress: ServerProgress | null };

/** One line and a bar for a running import; `percent` is null while there is nothing to measure. */
export interface ImportStatus {
  text: string;
  percent: number | null;
}

const percentOf = (part: number, whole: number | null) => (whole ? Math.min(100, Math.floor((part / whole) * 100)) : null);

/**
 * @example importStatus({ step: 'uploading', fileName: 'leads.csv', loaded: 45, total: 100 }) // { text: 'Uploading leads.csv: 45%', percent: 45 }
 * @example importStatus({ step: 'processing', fileName: 'leads.csv', sent: true, progress: { phase: 'writing', checked: 1200, written: 1100, total: 100000 } })
 * // { text: 'Checked 1,200 of 1,00,000 rows, 1,100 written', percent: 1 }
 */
export function importStatus(stage: ImportStage): ImportStatus {
  if (stage.step === 'uploading') {
    const percent = percentOf(stage.loaded, stage.total);
    return { text: percent === null ? `Uploading ${stage.fileName}…` : `Uploading ${stage.fileName}: ${percent}%`, percent };
  }
  const progress = stage.progress;
  if (!progress || progress.phase === 'receiving') {
    // Once the browser has sent it all, buffers and proxies on the way may still hold some: no
    // percentage then, rather than the server's smaller one after the browser's 100.
    const percent = stage.sent || !progress ? null : percentOf(progress.received ?? 0, progress.size ?? null);
    return { text: percent === null ? `Uploading ${stage.fileName}…` : `Uploading ${stage.fileName}: ${percent}%`, percent };
  }
  if (progress.phase === 'reading' || (progress.checked === 0 && progress.phase === 'writing')) {
    return { text: `Reading ${stage.fileName}…`, percent: null };
  }
  const of = progress.total === null ? '' : ` of ${formatNumber(progress.total)}`;
  return {
    text: `Checked ${formatNumber(progress.checked)}${of} rows, ${formatNumber(progress.written)} written`,
    percent: percentOf(progress.checked, progress.total),
  };
}
