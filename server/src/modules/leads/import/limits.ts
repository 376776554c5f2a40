/**
 * The import's caps and messages, apart from file.ts so that the request's thread and the
 * import worker can use them without loading SheetJS.
 */
import { invalid } from '../../../lib/http-error';

/** One row of the file: its 1-based row number in the file (the header is row 1) and its cells. */
export interface FileRow {
  row: number;
  cells: string[];
}

/** Largest upload (multipart limit → 413). 100,000 full rows of the sample's columns take ~15 MB. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Most data rows one import takes (422 beyond). */
export const IMPORT_MAX_ROWS = 100_000;
/**
 * Most bytes the parts of an XLSX may really inflate to, counted while inflating. A workbook of
 * IMPORT_MAX_ROWS rows of the sample's columns inflates to ~60 MB.
 */
export const XLSX_MAX_UNPACKED_BYTES = 128 * 1024 * 1024;
/** Most parts an XLSX may have (Excel writes about a dozen, a few more per sheet or picture). */
export const XLSX_MAX_PARTS = 1000;
/** Most columns a row may fill; wider rows are refused (a CSV's empty cells beyond it are ignored). */
export const IMPORT_MAX_COLUMNS = 256;
/** Most characters of text one row may hold (a CSV record, or a sheet row's cells together). */
export const IMPORT_MAX_ROW_CHARS = 64 * 1024;

const rows = (n: number) => n.toLocaleString('en-IN');

export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files and import them one by one.`,
  wrongType: 'Please choose a .csv, .xlsx or .xls file.',
  empty: 'The file is empty.',
  noRows: 'The file has no lead rows below its header row.',
  tooManyRows: `The file has more than ${rows(IMPORT_MAX_ROWS)} rows. Split it into smaller files and import them one by one.`,
  notCsv: 'This file is not a CSV text file. Save it as CSV (comma separated) or upload the .xlsx/.xls workbook itself.',
  brokenWorkbook: (ext: string) => `This file could not be read as a .${ext} workbook: it is damaged or not really a .${ext} file.`,
  unpackedTooLarge: `This workbook unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / 1024 / 1024} MB, more than an import takes. Split it into smaller files.`,
  tooManyParts: `This workbook has more than ${XLSX_MAX_PARTS.toLocaleString('en-IN')} parts (sheets, pictures, …). Copy the leads sheet into a new workbook and upload that.`,
  tooManyColumns: (row: number) =>
    `Row ${rows(row)} has cells beyond column ${IMPORT_MAX_COLUMNS}. An import reads at most ${IMPORT_MAX_COLUMNS} columns: delete the extra columns and upload the file again.`,
  rowTooLong: (row: number) =>
    `Row ${rows(row)} holds more than ${IMPORT_MAX_ROW_CHARS / 1024} KB of text, more than a lead row can. Check the file's separators and quotes, or save it again as CSV.`,
  tooSlow: 'Reading this file took too long. Split it into smaller files, or save it as CSV and import that.',
  tooMuchMemory: 'Reading this file needs more memory than an import may use. Split it into smaller files, or save it as CSV and import that.',
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
