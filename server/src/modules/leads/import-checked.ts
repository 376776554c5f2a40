/**
 * The pure half of an import — CSV text to validated rows — as a stream of batches, run in a
 * worker thread (import-worker.ts) so that reading and validating the next rows overlaps with
 * SQLite writing the previous ones; or in the request's thread when the worker cannot be loaded
 * (the TypeScript sources under vitest). Both paths yield the same messages.
 *
 * Duplicates are NOT decided here: they depend on the order rows are accepted and on the
 * company's leads, so importer.ts checks them (RowChecker.accept) as the batches arrive.
 */
import { HttpError } from '../../lib/http-error';
import { capped } from './import-limits';
import { csvRows, type FileRow } from './csvReader';
import { type ImportWorkflows, mapHeaders, type RowResult, validateRow } from './importRows';

/** Rows validated per message. */
export const CHECKED_BATCH = 100;

/** What the importer needs to read a CSV elsewhere: plain data, cloneable to a worker. */
export interface CsvJob {
  text: string;
  sep: string;
  firstRow: number;
  workflows: { byName: Array<[string, number]>; defaultId: number | null };
}

/** One validated data row: its row number in the file and the result. */
export interface CheckedRow {
  row: number;
  result: RowResult;
}

export type CheckedMessage =
  | { type: 'missing'; missing: string[] }
  | { type: 'empty' }
  | { type: 'rows'; rows: CheckedRow[] }
  | { type: 'end' }
  | { type: 'error'; statusCode: number | null; message: string; errors?: Record<string, string[]> };

/**
 * The messages for the rows of a file, header first: `empty` or `missing` (and nothing else), or
 * `rows`… then `end`. Errors of reading (over the row cap) are thrown.
 */
export function* checkedRows(rows: Iterator<FileRow>, workflows: ImportWorkflows): Generator<CheckedMessage> {
  const header = rows.next();
  if (header.done) {
    yield { type: 'empty' };
    return;
  }
  const { columns, missing } = mapHeaders(header.value.cells);
  if (missing.length) {
    yield { type: 'missing', missing };
    return;
  }
  let batch: CheckedRow[] = [];
  for (let next = rows.next(); !next.done; next = rows.next()) {
    batch.push({ row: next.value.row, result: validateRow(next.value.cells, columns, workflows) });
    if (batch.length === CHECKED_BATCH) {
      yield { type: 'rows', rows: batch };
      batch = [];
    }
  }
  if (batch.length) yield { type: 'rows', rows: batch };
  yield { type: 'end' };
}

/** `checkedRows` of a CSV job, with an error as the last message instead of thrown (for the worker). */
export function* checkedCsv(job: CsvJob): Generator<CheckedMessage> {
  try {
    const workflows: ImportWorkflows = { byName: new Map(job.workflows.byName), defaultId: job.workflows.defaultId };
    yield* checkedRows(capped(csvRows(job.text, job.sep, job.firstRow)), workflows);
  } catch (error) {
    yield errorMessage(error);
  }
}

function errorMessage(error: unknown): CheckedMessage {
  if (error instanceof HttpError) {
    return { type: 'error', statusCode: error.statusCode, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  }
  return { type: 'error', statusCode: null, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** The error a worker reported, as it was thrown there (HttpErrors keep status, message and errors). */
export function errorFrom(message: Extract<CheckedMessage, { type: 'error' }>): Error {
  if (message.statusCode !== null) return new HttpError(message.statusCode, message.message, message.errors ? { errors: message.errors } : {});
  return new Error(`import worker: ${message.message}`);
}
