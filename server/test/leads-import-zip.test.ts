/**
 * The import's zip reader (import-zip.ts): parts as SheetJS's own reader finds them, ZIP64
 * offsets, the byte cap counted on what really inflates, and the stored zip it writes for SheetJS.
 */
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { storedZip, unzipCapped, ZipRefused } from '../src/modules/leads/import/zip';
import { deflated, SHEET_CLOSE, SHEET_OPEN, sheetRow, workbookBomb, zipOf } from './leads-import-files';

const MB = 1024 * 1024;

/** A real workbook, as SheetJS writes it (deflated, with its own headers). */
function sheetJsBook(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['first_name', 'phone'], ['Asha', 9845012345]]), 'Leads');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ZipRefused) return error.problem;
    throw error;
  }
  return null;
};

describe('unzipCapped', () => {
  it('finds the parts SheetJS finds, with the same contents', () => {
    const bytes = sheetJsBook();
    const ours = new Map(unzipCapped(bytes, MB, 100).map((p) => [p.name.toString('latin1'), p.data.toString('latin1')]));
    const container = XLSX.CFB.read(bytes, { type: 'buffer' }) as { FileIndex: Array<{ type: number; content?: Uint8Array }>; FullPaths: string[] };
    const theirs = new Map<string, string>();
    container.FileIndex.forEach((entry, i) => {
      const name = container.FullPaths[i]!.replace(/^Root Entry\//, '');
      if (entry.type === 2 && entry.content && !name.startsWith('\u0001')) theirs.set(name, Buffer.from(entry.content).toString('latin1'));
    });
    expect(ours).toEqual(theirs);
  });

  it('reads a local header offset from a ZIP64 field when the 32-bit one is saturated', () => {
    const honest = zipOf([deflated('a.xml', '<a/>'), deflated('b.xml', '<b>two</b>')]);
    // The second central entry: offset saturated, a ZIP64 field carrying it.
    const second = honest.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const offset = honest.readUInt32LE(second + 42);
    const field = Buffer.alloc(12);
    field.writeUInt16LE(0x0001, 0);
    field.writeUInt16LE(8, 2);
    field.writeBigUInt64LE(BigInt(offset), 4);
    const nameEnd = second + 46 + honest.readUInt16LE(second + 28);
    const central = Buffer.concat([honest.subarray(second, nameEnd), field]);
    central.writeUInt32LE(0xffffffff, 42);
    central.writeUInt16LE(field.length, 30);
    const end = honest.subarray(honest.length - 22);
    const patchedEnd = Buffer.from(end);
    patchedEnd.writeUInt32LE(end.readUInt32LE(12) + field.length, 12);
    const bytes = Buffer.concat([honest.subarray(0, second), central, patchedEnd]);
    expect(unzipCapped(bytes, MB, 10).map((p) => p.data.toString())).toEqual(['<a/>', '<b>two</b>']);
  });

  it('counts what really inflates: a bomb stops at the cap, quickly, whatever its headers declare', () => {
    for (const sizes of ['honest', 'zip64'] as const) {
      const started = performance.now();
      expect(problemOf(() => unzipCapped(workbookBomb(300, sizes), 16 * MB, 100))).toBe('tooLarge');
      expect(performance.now() - started).toBeLessThan(1000);
    }
    // The same data fits under a cap above it.
    const parts = unzipCapped(workbookBomb(20, 'zip64'), 32 * MB, 100);
    expect(parts.reduce((n, p) => n + p.data.length, 0)).toBeGreaterThan(20 * MB);
  });

  it('refuses damage: no directory, a directory past the end, an unknown method, broken deflate data', () => {
    const good = zipOf([deflated('a.xml', '<a/>')]);
    expect(problemOf(() => unzipCapped(Buffer.from('PK\x03\x04 nothing else'), MB, 10))).toBe('damaged');
    const far = Buffer.from(good);
    far.writeUInt32LE(far.length + 100, far.length - 22 + 16);
    expect(problemOf(() => unzipCapped(far, MB, 10))).toBe('damaged');
    expect(problemOf(() => unzipCapped(zipOf([{ ...deflated('a.xml', '<a/>'), method: 9 as 8 }]), MB, 10))).toBe('damaged');
    const junk = deflated('a.xml', '<a/>');
    expect(problemOf(() => unzipCapped(zipOf([{ ...junk, stored: Buffer.from([0xff, 0xff, 0xff, 0xff]) }]), MB, 10))).toBe('damaged');
    expect(problemOf(() => unzipCapped(zipOf([deflated('a.xml', 'x'), deflated('b.xml', 'y')]), MB, 1))).toBe('tooManyParts');
  });
});

describe('storedZip', () => {
  it('writes a zip SheetJS reads, with true sizes and CRCs', () => {
    const sheet = `${SHEET_OPEN}${sheetRow(1, ['first_name', 'city'])}${sheetRow(2, ['Asha', 'Pune'])}${SHEET_CLOSE}`;
    const parts = unzipCapped(sheetJsBook(), MB, 100).map((p) => (p.name.toString().endsWith('sheet1.xml') ? { ...p, data: Buffer.from(sheet) } : p));
    const zip = storedZip(parts);
    const book = XLSX.read(zip, { type: 'buffer', dense: true });
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]!]!, { header: 1 })).toEqual([
      ['first_name', 'city'],
      ['Asha', 'Pune'],
    ]);
    const again = unzipCapped(zip, MB, 100);
    expect(again.map((p) => p.data)).toEqual(parts.map((p) => p.data));
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(zip.readUInt32LE(central + 16)).toBe(zlib.crc32(parts[0]!.data));
  });
});
