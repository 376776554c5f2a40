/**
 * Reads an uploaded import file into rows of text cells (issue 4 item 4): XLSX and XLS parsed by
 * SheetJS (`@e965/xlsx`, the maintained 0.20.x build), CSV by SheetJS's rules (csvReader.ts),
 * behind caps:
 *
 * - the extension must be .csv, .xlsx or .xls and the content must be what the extension says
 *   (XLSX: a zip; XLS: an OLE2 compound file; CSV: text without NUL bytes);
 * - an XLSX whose parts unpack to more than XLSX_MAX_UNPACKED_BYTES is refused before parsing
 *   (zip bombs);
 * - at most IMPORT_MAX_ROWS data rows (counted as they are read; a workbook's sheet is read no
 *   further than one row past the cap).
 *
 * CSV text is read by csvReader.ts (SheetJS's CSV rules without its cell objects) as the rows
 * are consumed, so a 100,000-row file never exists as 1.3 million cell objects.
 * Values are read, never evaluated: a formula cell of a workbook gives its cached value; a CSV
 * cell starting with "=" stays that text. Only the first sheet of a workbook is read.
 */
import * as XLSX from '@e965/xlsx';
import { type FileRow, csvRows } from './csvReader';
import { capped, IMPORT_MAX_ROWS, IMPORT_MESSAGES, refuseFile as refuse, XLSX_MAX_UNPACKED_BYTES } from './import-limits';

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES, XLSX_MAX_UNPACKED_BYTES } from './import-limits';

export type ImportKind = 'csv' | 'xlsx' | 'xls';

export type { FileRow } from './csvReader';


/** The kind of file by its name, or null. */
export function importKind(fileName: string): ImportKind | null {
  const match = /\.(csv|xlsx|xls)$/i.exec(fileName.trim());
  return match ? (match[1]!.toLowerCase() as ImportKind) : null;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The sum of the uncompressed sizes a zip's central directory declares, or null when the
 * directory cannot be found (a damaged zip). ZIP64 entries count as too large.
 */
export function zipUnpackedSize(bytes: Buffer): number | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= from; at--) {
    if (bytes.readUInt32LE(at) !== EOCD) continue;
    const entries = bytes.readUInt16LE(at + 10);
    let offset = bytes.readUInt32LE(at + 16);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL) return null;
      const size = bytes.readUInt32LE(offset + 24);
      if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
      total += size;
      offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
    }
    return total;
  }
  return null;
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

/** A cell's value as text: numbers in full (phones stay whole), booleans as TRUE/FALSE, errors empty. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v == null) return '';
  switch (cell.t) {
    case 'n':
      return Number.isFinite(cell.v as number) ? String(cell.v) : '';
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v);
    case 'e':
      return '';
    default:
      return String(cell.v);
  }
}

const COMMON: XLSX.ParsingOptions = {
  dense: true,
  cellText: false,
  cellHTML: false,
  cellNF: false,
  cellStyles: false,
  cellDates: false,
  bookVBA: false,
};

/** The non-blank rows of a dense sheet, numbered from `firstRow`. */
function* sheetRows(data: Array<Array<XLSX.CellObject | undefined> | undefined>, firstRow: number): Generator<FileRow> {
  for (let r = 0; r < data.length; r++) {
    const line = data[r];
    if (!line) continue;
    const cells: string[] = [];
    let blank = true;
    for (let c = 0; c < line.length; c++) {
      const text = cellText(line[c]);
      cells[c] = text;
      if (blank && text.trim() !== '') blank = false;
    }
    if (!blank) yield { row: firstRow + r, cells };
  }
}

/** An upload that passed the file checks; its rows are read as they are consumed. */
export interface ImportSource {
  kind: ImportKind;
  /** Non-blank rows, header first. Throws a 422 past IMPORT_MAX_ROWS data rows or on unreadable CSV. */
  rows(): Generator<FileRow>;
  /**
   * A CSV's text and how to read it, handed over once to the import worker (import-checked.ts):
   * after that `rows()` cannot be read, and the request's thread no longer holds the text.
   */
  takeCsv?: () => { text: string; sep: string; firstRow: number };
}

function csvSource(bytes: Buffer): ImportSource {
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
  let held: string | null = text;
  const taken = () => {
    if (held === null) throw new Error('the CSV text was handed to the import worker');
    return held;
  };
  return {
    kind: 'csv',
    rows: () => csvRows(taken(), sep, firstRow),
    takeCsv: () => {
      const job = { text: taken(), sep, firstRow };
      held = null;
      return job;
    },
  };
}

function workbookSource(kind: 'xlsx' | 'xls', bytes: Buffer): ImportSource {
  const magic = kind === 'xlsx' ? ZIP_MAGIC : OLE2_MAGIC;
  if (bytes.length < magic.length || !bytes.subarray(0, magic.length).equals(magic)) throw refuse(IMPORT_MESSAGES.brokenWorkbook(kind));
  if (kind === 'xlsx') {
    const unpacked = zipUnpackedSize(bytes);
    if (unpacked == null) throw refuse(IMPORT_MESSAGES.brokenWorkbook(kind));
    if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw refuse(IMPORT_MESSAGES.unpackedTooLarge);
  }
  let book: XLSX.WorkBook;
  try {
    // sheetRows: the header and one more than the cap, enough to tell that a file is over it.
    book = XLSX.read(bytes, { ...COMMON, type: 'buffer', cellFormula: false, sheets: 0, WTF: false, sheetRows: IMPORT_MAX_ROWS + 2 });
  } catch {
    throw refuse(IMPORT_MESSAGES.brokenWorkbook(kind));
  }
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  // Set when SheetJS stopped early: the sheet has more rows than the cap.
  if (sheet?.['!fullref']) throw refuse(IMPORT_MESSAGES.tooManyRows);
  const data = (sheet?.['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  return { kind, rows: () => sheetRows(data, 1) };
}

/**
 * Checks an upload and opens it for reading, or throws a 422 saying what is wrong. Workbooks are
 * parsed here; CSV text is read as `rows()` is consumed.
 *
 * @example [...openImportFile('leads.csv', Buffer.from('first_name,last_name\nAsha,Verma\n')).rows()]
 * // [{ row: 1, cells: ['first_name', 'last_name'] }, { row: 2, cells: ['Asha', 'Verma'] }]
 */
export function openImportFile(fileName: string, bytes: Buffer): ImportSource {
  const kind = importKind(fileName);
  if (!kind) throw refuse(IMPORT_MESSAGES.wrongType);
  if (bytes.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  const source = kind === 'csv' ? csvSource(bytes) : workbookSource(kind, bytes);
  return { kind, rows: () => capped(source.rows()), ...(source.takeCsv ? { takeCsv: source.takeCsv } : {}) };
}
