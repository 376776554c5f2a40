/**
 * Reads an uploaded import file into rows of text cells, behind the caps of limits.ts.
 * It runs in the import worker (checked.ts, thread.ts), not in the request's thread:
 *
 * - the extension must be .csv, .xlsx or .xls and the content must be what the extension says
 *   (XLSX: a zip; XLS: an OLE2 compound file; CSV: text without NUL bytes);
 * - workbooks are read by workbook.ts (SheetJS), loaded only when one comes;
 * - CSV text is read by csvReader.ts (SheetJS's CSV rules without its cell objects) as the rows
 *   are consumed, so a 100,000-row file never exists as 1.3 million cell objects;
 * - at most IMPORT_MAX_ROWS data rows (counted as they are read), IMPORT_MAX_COLUMNS columns and
 *   IMPORT_MAX_ROW_CHARS characters per row.
 *
 * Values are read, never evaluated: a CSV cell starting with "=" stays that text.
 */
import { type FileRow, csvRows } from './csvReader';
import { capped, IMPORT_MESSAGES, refuseFile as refuse } from './limits';

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES, XLSX_MAX_UNPACKED_BYTES } from './limits';

export type ImportKind = 'csv' | 'xlsx' | 'xls';

export type { FileRow } from './csvReader';

/** The kind of file by its name, or null. */
export function importKind(fileName: string): ImportKind | null {
  const match = /\.(csv|xlsx|xls)$/i.exec(fileName.trim());
  return match ? (match[1]!.toLowerCase() as ImportKind) : null;
}

/** Text of a CSV upload: UTF-8 (with or without BOM), else Windows-1252 as older Excel saves it. */
function decodeCsv(bytes: Buffer): string {
  let body = bytes;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The separator of a CSV: the most frequent of , ; and tab outside quotes in its first line. */
export function guessSeparator(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [sep, n] of counts) if (n > counts.get(best)!) best = sep;
  return best;
}

/** Lines of text below the first: the data rows of a CSV as far as a count of line ends tells. */
function linesBelowFirst(text: string): number {
  const end = text.includes('\n') ? '\n' : '\r';
  let lines = 0;
  for (let at = text.indexOf(end); at !== -1; at = text.indexOf(end, at + 1)) lines++;
  if (text.length > 0 && !text.endsWith(end)) lines++;
  return Math.max(0, lines - 1);
}

/** An upload that passed the file checks; its rows are read as they are consumed. */
export interface ImportFile {
  kind: ImportKind;
  /** Non-blank rows, header first. Throws a 422 past a cap (rows, columns, row length). */
  rows(): Generator<FileRow>;
  /**
   * The data rows the file has, for progress: counted by a workbook's rows, estimated by a CSV's
   * line ends (a quoted cell over several lines or a blank line counts one too many).
   */
  total: number;
}

function csvFile(bytes: Buffer): ImportFile {
  if (bytes.includes(0)) throw refuse(IMPORT_MESSAGES.notCsv);
  let text = decodeCsv(bytes);
  // Text has no control characters but tab and line ends; binary files have plenty.
  if (/(?![\t\n\r])\p{Cc}/u.test(text)) throw refuse(IMPORT_MESSAGES.notCsv);
  // Excel's own "sep=;" first line names the separator; that line is row 1 of the file.
  const own = /^sep=(.)\r?\n/i.exec(text);
  const sep = own ? own[1]! : guessSeparator(text);
  let firstRow = 1;
  if (own) {
    text = text.slice(own[0].length);
    firstRow = 2;
  }
  return { kind: 'csv', rows: () => csvRows(text, sep, firstRow), total: linesBelowFirst(text) };
}

/**
 * Checks an upload and opens it for reading, or throws a 422 saying what is wrong. Workbooks are
 * parsed here; CSV text is read as `rows()` is consumed.
 *
 * @example [...(await openImportFile('leads.csv', Buffer.from('first_name,last_name\nAsha,Verma\n'))).rows()]
 * // [{ row: 1, cells: ['first_name', 'last_name'] }, { row: 2, cells: ['Asha', 'Verma'] }]
 */
export async function openImportFile(fileName: string, bytes: Buffer): Promise<ImportFile> {
  const kind = importKind(fileName);
  if (!kind) throw refuse(IMPORT_MESSAGES.wrongType);
  if (bytes.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  const file = kind === 'csv' ? csvFile(bytes) : { kind, ...(await import('./workbook')).readWorkbook(kind, bytes) };
  return { kind, total: file.total, rows: () => capped(file.rows()) };
}
