/**
 * The pure half of an import — an uploaded file to validated rows — and the messages the import
 * worker (worker.ts) and the importer's side of it (thread.ts) exchange. The same
 * functions run in the request's thread where no built worker exists (the TypeScript sources
 * under vitest).
 *
 * Opening does everything that can refuse a file before the importer takes its write lock: the
 * file checks, a workbook's parsing, the header row and the first data row. Duplicates are NOT
 * decided here: they depend on the order rows are accepted and on the company's leads, so
 * importer.ts checks them (RowChecker.accept) as the batches arrive.
 */
import { HttpError } from '../../../lib/http-error';
import { IMPORT_MESSAGES, refuseFile as refuse } from './limits';
import { type FileRow, openImportFile } from './file';
import { type ImportWorkflows, mapHeaders, missingColumnsMessage, type RowResult, validateRow } from './rows';

/** Rows validated per message. */
export const CHECKED_BATCH = 100;

/** An upload to read: plain data, cloneable to a worker. */
export interface ImportJob {
  name: string;
  bytes: Uint8Array;
}

/** One validated data row: its row number in the file and the result. */
export interface CheckedRow {
  row: number;
  result: RowResult;
}

/** A file opened for import: checked, its header mapped, at least one data row in it. */
export interface OpenedRows {
  /** The data rows the file has, for progress (file.ts `total`). */
  total: number;
  /** The data rows validated against the company's statuses, CHECKED_BATCH at a time. Throws a 422 past a cap. */
  batches(workflows: ImportWorkflows): Generator<CheckedRow[]>;
}

/**
 * Opens an upload for import, or throws a 422 saying what is wrong with it.
 *
 * @example const opened = await openRows({ name: 'leads.csv', bytes }); for (const rows of opened.batches(workflows)) …
 */
export async function openRows(job: ImportJob): Promise<OpenedRows> {
  const file = await openImportFile(job.name, Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength));
  const rows = file.rows();
  const header = rows.next();
  if (header.done) throw refuse(IMPORT_MESSAGES.empty);
  const { columns, missing } = mapHeaders(header.value.cells);
  if (missing.length) throw refuse(missingColumnsMessage(missing));
  const first = rows.next();
  if (first.done) throw refuse(IMPORT_MESSAGES.noRows);
  return {
    total: Math.max(1, file.total),
    *batches(workflows) {
      let batch: CheckedRow[] = [];
      for (let next: IteratorResult<FileRow> = first; !next.done; next = rows.next()) {
        batch.push({ row: next.value.row, result: validateRow(next.value.cells, columns, workflows) });
        if (batch.length === CHECKED_BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
  };
}

/** What the worker posts: `opened` (or `error`) first, then after `start` its batches and `end` (or `error`). */
export type FromWorker =
  | { type: 'opened'; total: number }
  | { type: 'rows'; rows: CheckedRow[] }
  | { type: 'end' }
  | { type: 'error'; statusCode: number | null; message: string; errors?: Record<string, string[]> };

/** What the importer posts: `start` once (its write lock taken), then `more` for each batch it took. */
export type ToWorker = { type: 'start'; workflows: ImportWorkflows } | { type: 'more' };

/** An error as a message (HttpErrors keep status, message and errors). */
export function errorMessage(error: unknown): Extract<FromWorker, { type: 'error' }> {
  if (error instanceof HttpError) {
    return { type: 'error', statusCode: error.statusCode, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  }
  return { type: 'error', statusCode: null, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** The error a worker reported, as it was thrown there. */
export function errorFrom(message: Extract<FromWorker, { type: 'error' }>): Error {
  if (message.statusCode !== null) return new HttpError(message.statusCode, message.message, message.errors ? { errors: message.errors } : {});
  return new Error(`import worker: ${message.message}`);
}
