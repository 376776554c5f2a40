/**
 * The import's caps and messages, apart from importFile.ts so that the import worker
 * (import-worker.ts) can use them without loading SheetJS.
 */
import { invalid } from '../../lib/http-error';
import type { FileRow } from './csvReader';

/** Largest upload (multipart limit → 413). 100,000 full rows of the sample's columns take ~15 MB. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Most data rows one import takes (422 beyond). */
export const IMPORT_MAX_ROWS = 100_000;
/** Most bytes the parts of an XLSX may unpack to. */
export const XLSX_MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files and import them one by one.`,
  wrongType: 'Please choose a .csv, .xlsx or .xls file.',
  empty: 'The file is empty.',
  noRows: 'The file has no lead rows below its header row.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows. Split it into smaller files and import them one by one.`,
  notCsv: 'This file is not a CSV text file. Save it as CSV (comma separated) or upload the .xlsx/.xls workbook itself.',
  brokenWorkbook: (ext: string) => `This file could not be read as a .${ext} workbook: it is damaged or not really a .${ext} file.`,
  unpackedTooLarge: 'This workbook unpacks to more data than an import takes. Split it into smaller files.',
} as const;

/** A 422 about the file, its message also under `errors.file`. */
export const refuseFile = (message: string) => invalid({ file: [message] }, message);

/** The rows, throwing a 422 once more than the header and IMPORT_MAX_ROWS data rows come. */
export function* capped(rows: Iterable<FileRow>): Generator<FileRow> {
  let seen = 0;
  for (const row of rows) {
    // The header and IMPORT_MAX_ROWS data rows.
    if (++seen > IMPORT_MAX_ROWS + 1) throw refuseFile(IMPORT_MESSAGES.tooManyRows);
    yield row;
  }
}
