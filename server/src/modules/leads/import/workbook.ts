/**
 * XLSX and XLS uploads to rows of text cells, by SheetJS (`@e965/xlsx`, the maintained 0.20.x
 * build). Loaded only by the import worker's reading (file.ts imports it when a workbook
 * comes), never by the request's thread of the built server.
 *
 * SheetJS gets nothing it could blow up:
 * - an XLSX is unpacked here under XLSX_MAX_UNPACKED_BYTES of really inflated bytes
 *   (zip.ts) and handed over as a stored zip of only its XML parts;
 * - zips of other formats SheetJS would also read (OpenDocument, Numbers, nested zips) are refused;
 * - hyperlink tags are renamed before parsing: SheetJS makes a cell for every cell a hyperlink's
 *   range covers, so one `<hyperlink ref="A1:XFD1048576"/>` in a few kilobytes made 17 billion;
 * - a row with a cell beyond IMPORT_MAX_COLUMNS, or more than IMPORT_MAX_ROW_CHARS of text, is
 *   refused as soon as it is reached: rows of one cell in column XFD each made 16,384 cells to read.
 * Whatever else SheetJS might do with a crafted file is bounded by the worker's memory and time
 * limits (thread.ts).
 *
 * Values are read, never evaluated: a formula cell gives its cached value. Only the first sheet is read.
 */
import * as XLSX from '@e965/xlsx';
import type { FileRow } from './csvReader';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROW_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  refuseFile as refuse,
  XLSX_MAX_PARTS,
  XLSX_MAX_UNPACKED_BYTES,
} from './limits';
import { storedZip, unzipCapped, type ZipPart, ZipRefused } from './zip';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Parts whose presence makes SheetJS read a zip as another format than XLSX (it looks them up case-insensitively). */
const OTHER_FORMATS = new Set(['meta-inf/manifest.xml', 'objectdata.xml', 'index/document.iwa', 'index.zip']);

const partName = (part: ZipPart) => part.name.toString('latin1').toLowerCase().replace(/\\/g, '/');
const isWordByte = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;

const HYPERLINK = Buffer.from('hyperlink ');

/**
 * The XML with every tag SheetJS would take for a hyperlink (`/<(?:\w+:)?hyperlink [^<>]*>/`)
 * renamed to `xyperlink`, which it ignores. Text cannot hold a raw `<`, so cell values are untouched.
 */
export function withoutHyperlinks(xml: Buffer): Buffer {
  let at = xml.indexOf(HYPERLINK);
  if (at === -1) return xml;
  const out = Buffer.from(xml);
  for (; at !== -1; at = out.indexOf(HYPERLINK, at + HYPERLINK.length)) {
    let before = at - 1;
    if (out[before] === 0x3a) {
      before--;
      while (before >= 0 && isWordByte(out[before]!)) before--;
      if (before === at - 2) continue;
    }
    if (out[before] === 0x3c) out[at] = 0x78;
  }
  return out;
}

/** A UTF-16 text part: SheetJS would decode it, so the byte-level renaming above could not see its tags. */
const isUtf16 = (data: Buffer) => (data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff) || (data[1] === 0xfe && data[2] === 0xff);

/** The XLSX rebuilt for SheetJS: really inflated under the cap, only its XML parts, hyperlinks renamed. */
function xlsxForSheetJS(bytes: Buffer): Buffer {
  let parts: ZipPart[];
  try {
    parts = unzipCapped(bytes, XLSX_MAX_UNPACKED_BYTES, XLSX_MAX_PARTS);
  } catch (error) {
    if (!(error instanceof ZipRefused)) throw error;
    if (error.problem === 'tooLarge') throw refuse(IMPORT_MESSAGES.unpackedTooLarge);
    if (error.problem === 'tooManyParts') throw refuse(IMPORT_MESSAGES.tooManyParts);
    throw refuse(IMPORT_MESSAGES.brokenWorkbook('xlsx'));
  }
  const names = parts.map(partName);
  if (!names.includes('[content_types].xml') || names.some((name) => OTHER_FORMATS.has(name))) {
    throw refuse(IMPORT_MESSAGES.brokenWorkbook('xlsx'));
  }
  const kept: ZipPart[] = [];
  parts.forEach((part, i) => {
    // Binary parts (XLSB sheets, macros, printer settings, pictures) are not needed to read cells.
    if (!/\.(xml|rels)$/.test(names[i]!)) return;
    if (isUtf16(part.data)) throw refuse(IMPORT_MESSAGES.brokenWorkbook('xlsx'));
    kept.push({ name: part.name, data: withoutHyperlinks(part.data) });
  });
  return storedZip(kept);
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

const READ_OPTIONS: XLSX.ParsingOptions = {
  type: 'buffer',
  dense: true,
  cellText: false,
  cellHTML: false,
  cellNF: false,
  cellStyles: false,
  cellDates: false,
  cellFormula: false,
  bookVBA: false,
  WTF: false,
  sheets: 0,
  // The header and one more than the cap, enough to tell that a file is over it.
  sheetRows: IMPORT_MAX_ROWS + 2,
};

type DenseRow = Array<XLSX.CellObject | undefined> | undefined;

/** The non-blank rows of a dense sheet, numbered from 1, refused at the first one over a cap. */
function* sheetRows(data: readonly DenseRow[]): Generator<FileRow> {
  for (let r = 0; r < data.length; r++) {
    const line = data[r];
    if (!line) continue;
    if (line.length > IMPORT_MAX_COLUMNS) throw refuse(IMPORT_MESSAGES.tooManyColumns(r + 1));
    const cells: string[] = [];
    let blank = true;
    let chars = 0;
    for (let c = 0; c < line.length; c++) {
      const text = cellText(line[c]);
      cells[c] = text;
      chars += text.length;
      if (blank && text.trim() !== '') blank = false;
    }
    if (chars > IMPORT_MAX_ROW_CHARS) throw refuse(IMPORT_MESSAGES.rowTooLong(r + 1));
    if (!blank) yield { row: r + 1, cells };
  }
}

/** A workbook's first sheet: its rows as they are read, and how many rows it has below the first. */
export interface WorkbookRows {
  rows(): Generator<FileRow>;
  /** Rows with cells below the first row: the data rows, blank ones aside. */
  total: number;
}

/**
 * Checks and parses a workbook upload, or throws a 422 saying what is wrong with it.
 *
 * @example readWorkbook('xlsx', bytes).rows().next().value // { row: 1, cells: ['first_name', …] }
 */
export function readWorkbook(kind: 'xlsx' | 'xls', bytes: Buffer): WorkbookRows {
  const magic = kind === 'xlsx' ? ZIP_MAGIC : OLE2_MAGIC;
  if (bytes.length < magic.length || !bytes.subarray(0, magic.length).equals(magic)) throw refuse(IMPORT_MESSAGES.brokenWorkbook(kind));
  const input = kind === 'xlsx' ? xlsxForSheetJS(bytes) : bytes;
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(input, READ_OPTIONS);
  } catch {
    throw refuse(IMPORT_MESSAGES.brokenWorkbook(kind));
  }
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  // Set when SheetJS stopped early: the sheet has more rows than the cap.
  if (sheet?.['!fullref']) throw refuse(IMPORT_MESSAGES.tooManyRows);
  const data = (sheet?.['!data'] ?? []) as DenseRow[];
  let filled = 0;
  for (const line of data) if (line) filled++;
  return { rows: () => sheetRows(data), total: Math.max(0, filled - 1) };
}
