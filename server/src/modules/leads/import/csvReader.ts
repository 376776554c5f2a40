/**
 * CSV text to rows of text cells, by exactly the rules SheetJS reads CSV with (`@e965/xlsx`
 * dsv_to_sheet_str with `raw: true`), without building a sheet: SheetJS made a cell object per
 * value and a sheet per piece of text, and at 100,000 rows that garbage cost a quarter of an
 * import's time and most of its memory peak. A test compares both readers on awkward input.
 *
 * The rules: a record ends at LF, CR or CRLF outside quotes; a cell ends at the separator; a
 * quote toggles "inside quotes" only in a cell that starts with one; a cell that starts and ends
 * with a quote loses them and `""` inside becomes `"`; one trailing CR of a cell is dropped.
 * Rows whose cells are all blank are skipped (as file.ts did with SheetJS's rows); row
 * numbers count every record.
 *
 * Caps, checked as the text is scanned so that one hostile record costs no more than the cap: a
 * record of more than IMPORT_MAX_ROW_CHARS characters, or a non-blank cell beyond column
 * IMPORT_MAX_COLUMNS, is refused (422); blank cells beyond that column are dropped unseen, as
 * spreadsheets pad rows with separators.
 */
import { type FileRow, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROW_CHARS, IMPORT_MESSAGES, refuseFile } from './limits';

export type { FileRow };

/**
 * The non-blank rows of CSV text, numbered from `firstRow` (1-based, as a spreadsheet shows).
 *
 * @example [...csvRows('a,b\r\n"x ""y""",2\r\n', ',')] // [{ row: 1, cells: ['a', 'b'] }, { row: 2, cells: ['x "y"', '2'] }]
 */
export function* csvRows(text: string, sep: string, firstRow = 1): Generator<FileRow> {
  const sepCode = sep.charCodeAt(0);
  const length = text.length;
  let record = 0;
  let cells: string[] = [];
  let filled = 0; // cells up to the last non-empty one
  let blank = true;
  let start = 0;
  let recordStart = 0;
  let startCode = text.charCodeAt(0);
  let quoted = false;

  /** Ends the cell text[start, end) as SheetJS reads it, and the record with it when `endsRecord`. */
  const finishCell = (end: number, endsRecord: boolean): void => {
    if (end - recordStart > IMPORT_MAX_ROW_CHARS) throw refuseFile(IMPORT_MESSAGES.rowTooLong(firstRow + record));
    let s = text.slice(start, end);
    if (s.charCodeAt(s.length - 1) === 0x0d) s = s.slice(0, -1);
    if (s.charCodeAt(0) === 0x22 && s.charCodeAt(s.length - 1) === 0x22) s = s.slice(1, -1).replace(/""/g, '"');
    if (cells.length < IMPORT_MAX_COLUMNS) {
      cells.push(s);
      if (s.length > 0) {
        filled = cells.length;
        if (blank && s.trim() !== '') blank = false;
      }
    } else if (s.trim() !== '') {
      throw refuseFile(IMPORT_MESSAGES.tooManyColumns(firstRow + record));
    }
    start = end + 1;
    startCode = text.charCodeAt(start);
    if (endsRecord) {
      record++;
      recordStart = start;
    }
  };

  let end = 0;
  for (; end < length; end++) {
    const c = text.charCodeAt(end);
    if (c === 0x22) {
      if (startCode === 0x22) quoted = !quoted;
      continue;
    }
    if (quoted) continue;
    let endsRecord: boolean;
    if (c === 0x0d) {
      if (text.charCodeAt(end + 1) === 0x0a) end++;
      endsRecord = true;
    } else if (c === 0x0a) {
      endsRecord = true;
    } else if (c === sepCode) {
      endsRecord = false;
    } else {
      continue;
    }
    finishCell(end, endsRecord);
    if (endsRecord) {
      if (!blank) yield { row: firstRow + record - 1, cells: filled === cells.length ? cells : cells.slice(0, filled) };
      cells = [];
      filled = 0;
      blank = true;
    }
  }
  // The last record when the text does not end with a line break.
  if (end - start > 0) finishCell(end, false);
  if (cells.length && !blank) yield { row: firstRow + record, cells: filled === cells.length ? cells : cells.slice(0, filled) };
}
