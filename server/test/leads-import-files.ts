/**
 * Files the import tests build in code — a zip writer that can lie about sizes, workbooks by their
 * sheet XML, the hostile files — plus the import worker bundled for the TypeScript sources and a
 * sampler of /api/v1/health latency on a listening server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { build } from 'esbuild';
import { LEAD_IMPORT_HEADERS } from '../../src/contract';

/** One entry of a zip as written: its bytes as stored, and what the headers declare. */
export interface ZipEntry {
  name: string;
  /** The bytes as stored (already deflated when `method` is 8). */
  stored: Buffer;
  method: 0 | 8;
  /** General purpose flags (bit 0: encrypted). */
  flags?: number;
  crc: number;
  /** The 32-bit sizes the headers show. */
  size32: number;
  compressed32: number;
  /** When set, a ZIP64 extended-information field declaring these sizes. */
  zip64?: { size: number; compressed: number };
}

/** An honest entry: deflated, with its real sizes. */
export function deflated(name: string, data: Buffer | string): ZipEntry {
  const raw = Buffer.from(data);
  const stored = zlib.deflateRawSync(raw, { level: 9 });
  return { name, stored, method: 8, crc: zlib.crc32(raw), size32: raw.length, compressed32: stored.length };
}

function zip64Field(entry: ZipEntry): Buffer {
  if (!entry.zip64) return Buffer.alloc(0);
  const field = Buffer.alloc(20);
  field.writeUInt16LE(0x0001, 0);
  field.writeUInt16LE(16, 2);
  field.writeBigUInt64LE(BigInt(entry.zip64.size), 4);
  field.writeBigUInt64LE(BigInt(entry.zip64.compressed), 12);
  return field;
}

/** A zip of the entries, headers exactly as the entries declare them. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const extra = zip64Field(entry);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.zip64 ? 45 : 20, 4);
    local.writeUInt16LE(entry.flags ?? 0, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.compressed32, 18);
    local.writeUInt32LE(entry.size32, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.zip64 ? 45 : 20, 4);
    central.writeUInt16LE(entry.zip64 ? 45 : 20, 6);
    central.writeUInt16LE(entry.flags ?? 0, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.compressed32, 20);
    central.writeUInt32LE(entry.size32, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, entry.stored);
    centrals.push(central, name, extra);
    offset += local.length + name.length + extra.length + entry.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const SHEET_PATH = 'xl/worksheets/sheet1.xml';

/** The parts of a real one-sheet workbook (SheetJS writes it), by name, sheet XML left out. */
function workbookParts(): Map<string, Buffer> {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['x']]), 'Leads');
  const container = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, { type: 'buffer' }) as {
    FileIndex: Array<{ type: number; content?: Uint8Array }>;
    FullPaths: string[];
  };
  const parts = new Map<string, Buffer>();
  container.FileIndex.forEach((entry, i) => {
    const name = container.FullPaths[i]!.replace(/^Root Entry\//, '');
    if (entry.type === 2 && entry.content && !name.startsWith('\u0001') && name !== SHEET_PATH) parts.set(name, Buffer.from(entry.content));
  });
  return parts;
}

export const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetData>';
export const SHEET_CLOSE = '</sheetData></worksheet>';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** A sheet row of inline strings from column A. */
export const sheetRow = (row: number, cells: readonly string[]) =>
  `<row r="${row}">${cells.map((text, c) => `<c r="${String.fromCharCode(65 + c)}${row}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`).join('')}</row>`;

/** The entries of a workbook whose first sheet is `sheet` (XML, or its entry as given), the others honest and deflated. */
export function workbookEntries(sheet: ZipEntry | string): ZipEntry[] {
  const entries = [...workbookParts()].map(([name, data]) => deflated(name, data));
  entries.push(typeof sheet === 'string' ? deflated(SHEET_PATH, sheet) : sheet);
  return entries;
}

/** A workbook whose first sheet is `sheet` (XML, or its entry as given). */
export const workbookWithSheet = (sheet: ZipEntry | string): Buffer => zipOf(workbookEntries(sheet));

/** The header row and one valid lead, as sheet rows 1 and 2. */
export function headerAndLead(email: string): string {
  const lead: Record<string, string> = {
    first_name: 'Hyper',
    last_name: 'Link',
    email,
    phone: '7012345678',
    lead_source: 'Website',
    property_type: 'Villa',
    workflow: 'Open',
    activities: '1',
  };
  return sheetRow(1, LEAD_IMPORT_HEADERS) + sheetRow(2, LEAD_IMPORT_HEADERS.map((h) => lead[h] ?? ''));
}

/**
 * A deflate stream of `head`, `copies` × `chunk` and `tail`, built without holding the whole:
 * each piece is deflated on its own and sync-flushed, so the pieces concatenate into one stream.
 */
function deflateRepeated(head: string, chunk: Buffer, copies: number, tail: string): { stored: Buffer; size: number; crc: number } {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 };
  const one = zlib.deflateRawSync(chunk, flush);
  let crc = zlib.crc32(head);
  for (let i = 0; i < copies; i++) crc = zlib.crc32(chunk, crc);
  crc = zlib.crc32(tail, crc);
  const stored = Buffer.concat([
    zlib.deflateRawSync(Buffer.from(head), flush),
    ...Array.from({ length: copies }, () => one),
    zlib.deflateRawSync(Buffer.from(tail)),
  ]);
  return { stored, size: head.length + chunk.length * copies + tail.length, crc };
}

/**
 * A workbook bomb: its sheet inflates to `megabytes` MB (spaces between the sheet's tags). With
 * `zip64` its 32-bit size fields say a few kilobytes and a ZIP64 extra field declares the real
 * size — which readers that prefer the ZIP64 field believe, after a check of the 32-bit sizes
 * passed; with `honest` every field tells the truth.
 */
export function workbookBomb(megabytes: number, sizes: 'zip64' | 'honest'): Buffer {
  const { stored, size, crc } = deflateRepeated(SHEET_OPEN, Buffer.alloc(1024 * 1024, 0x20), megabytes, SHEET_CLOSE);
  const entry: ZipEntry = { name: SHEET_PATH, stored, method: 8, crc, size32: size, compressed32: stored.length };
  return workbookWithSheet(sizes === 'honest' ? entry : { ...entry, size32: 4096, zip64: { size, compressed: stored.length } });
}

/** A workbook of the import's header row, then rows that each hold one cell, in column XFD (the last one). */
export function farColumnWorkbook(rows: number): Buffer {
  const parts: string[] = [SHEET_OPEN, sheetRow(1, LEAD_IMPORT_HEADERS)];
  for (let r = 2; r <= rows + 1; r++) parts.push(`<row r="${r}"><c r="XFD${r}"><v>1</v></c></row>`);
  parts.push(SHEET_CLOSE);
  return workbookWithSheet(parts.join(''));
}

/** A header line and one row of `commas` commas. */
export const commaRowCsv = (commas: number) => Buffer.concat([Buffer.from(`${LEAD_IMPORT_HEADERS.join(',')}\r\n`), Buffer.alloc(commas, 0x2c)]);

/** The import worker bundled from its TypeScript source (vitest runs the sources, where no built worker exists). */
export async function bundleImportWorker(): Promise<{ file: string; remove(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-worker-'));
  const file = path.join(dir, 'import-worker.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, '../src/modules/leads/import/worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: file,
    logLevel: 'silent',
    // As tsconfig.json `paths` and tsup.config.ts resolve the contract for server/src.
    alias: { '@contract': path.join(import.meta.dirname, '../../src/contract/index.ts') },
  });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * POSTs `body` from another thread, as an attacker's upload comes from another machine: the
 * server's thread (the test's) then does only the server's share of the work. The body moves to
 * that thread. `afterBodyMs`: from the body's last byte sent to the answer — the server's time.
 */
export function postFromThread(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; json: unknown; afterBodyMs: number }> {
  // Lowest priority (Linux sets it per thread): this thread stands in for another machine.
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { request } = require('node:http');
    const { performance } = require('node:perf_hooks');
    if (process.platform === 'linux') try { require('node:os').setPriority(19); } catch {}
    const body = Buffer.from(workerData.body.buffer, workerData.body.byteOffset, workerData.body.byteLength);
    const req = request(workerData.url, { method: 'POST', headers: { ...workerData.headers, 'content-length': String(body.length) } });
    let sentAt = 0;
    req.on('finish', () => (sentAt = performance.now()));
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => parentPort.postMessage({ status: res.statusCode, text: Buffer.concat(chunks).toString(), afterBodyMs: performance.now() - sentAt }));
    });
    req.on('error', (error) => parentPort.postMessage({ error: String(error) }));
    req.end(body);`;
  const copy = new Uint8Array(body);
  const thread = new Worker(code, { eval: true, workerData: { url, headers, body: copy }, transferList: [copy.buffer] });
  return new Promise((resolve, reject) => {
    thread.once('message', (answer: { status: number; text: string; afterBodyMs: number } | { error: string }) => {
      void thread.terminate();
      if ('error' in answer) reject(new Error(answer.error));
      else resolve({ status: answer.status, json: JSON.parse(answer.text) as unknown, afterBodyMs: answer.afterBodyMs });
    });
    thread.once('error', reject);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while asking `${base}/api/v1/health` again and again, one request at a time: the
 * answer, the slowest health answer seen and how much the process's resident memory grew at its
 * peak. At least three health answers are timed, the last ones after `work` settled, so a quick
 * refusal is measured too.
 */
export async function healthDuring<T>(
  base: string,
  work: () => Promise<T>,
): Promise<{ result: T; elapsedMs: number; healthMaxMs: number; samples: number; rssGrowthMb: number }> {
  let settled = false;
  const times: number[] = [];
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = (async () => {
    while (!settled || times.length < 3) {
      const start = performance.now();
      const res = await fetch(`${base}/api/v1/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      times.push(performance.now() - start);
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
      await pause(5);
    }
  })();
  const start = performance.now();
  let result: T;
  let elapsedMs: number;
  try {
    result = await work();
    elapsedMs = performance.now() - start;
  } finally {
    settled = true;
    await sampler;
  }
  const rssGrowthMb = Math.round((rssPeak - rssBefore) / 1024 / 1024);
  return { result, elapsedMs, healthMaxMs: Math.max(...times), samples: times.length, rssGrowthMb };
}
