/**
 * The import's worker thread (import-worker.ts, import-thread.ts), which the built server reads
 * every upload in: vitest runs the TypeScript sources, where the importer reads in the request's
 * thread, so this test bundles the worker and points importLeads at it. Both paths must give the
 * same report, the same leads and the same refusals; the worker's time and memory limits end a
 * read that runs away, and the importer goes on working after them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_IMPORT_HEADERS } from '../../src/contract';
import { IMPORT_MAX_COLUMNS, IMPORT_MESSAGES } from '../src/modules/leads/import/limits';
import type { ImportCounts } from '../src/modules/leads/import/progress';
import { type ImportOptions, importLeads } from '../src/modules/leads/import/importer';
import { companyIdOf, insertTestLead } from './helpers/leads';
import { useTestApp } from './helpers/testApp';
import { bundleImportWorker, SHEET_CLOSE, SHEET_OPEN, sheetRow, workbookWithSheet } from './leads-import-files';

const ctx = useTestApp();
let worker: Awaited<ReturnType<typeof bundleImportWorker>>;
let workerFile: string;
let skyline: number;
let harbor: number;
let userId: number;

beforeAll(async () => {
  worker = await bundleImportWorker();
  workerFile = worker.file;
  skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
  userId = (await ctx.app.db.selectFrom('users').select('id').where('company_id', '=', skyline).executeTakeFirstOrThrow()).id;
});

afterAll(() => worker?.remove());

const line = (values: Record<string, string>) => LEAD_IMPORT_HEADERS.map((h) => values[h] ?? '').join(',');
const valid = (n: number, tag: string) =>
  line({
    first_name: `W${n}`,
    last_name: 'Worker',
    email: `w${n}.${tag}@worker.test`,
    phone: `+91 7${String(n).padStart(4, '0')} ${tag === 'a' ? '1' : '2'}1111`,
    city: 'Pune',
    lead_source: 'website',
    property_type: String((n % 9) + 1),
    workflow: n % 3 === 0 ? '' : 'open',
    activities: 'showcasing ACTIVITY',
  });

/** 2,500 rows (several batches) with invalid rows, in-file duplicates and a duplicate of an existing lead. */
function awkwardCsv(tag: string): string {
  const lines = [LEAD_IMPORT_HEADERS.join(',')];
  for (let n = 0; n < 2500; n++) {
    if (n % 97 === 5) lines.push(line({ first_name: '', last_name: 'X', email: 'not-mail', phone: '12', lead_source: 'Fax' }));
    else if (n % 101 === 7) lines.push(valid(n - 1, tag)); // same e-mail and phone as the row before
    else if (n % 499 === 0) lines.push(',,,,,,,,,,,,'); // blank: skipped, still counted in row numbers
    else lines.push(valid(n, tag));
  }
  lines.push(line({ first_name: 'Dup', last_name: 'Existing', email: `existing.${tag}@worker.test`, phone: '1', lead_source: 'Other' }));
  lines.push(line({ first_name: 'Bad', last_name: 'Status', email: `status.${tag}@worker.test`, phone: '9', lead_source: 'Other', workflow: 'All Contacts' }));
  return `${lines.join('\r\n')}\r\n`;
}

const run = (companyId: number, name: string, data: string | Buffer, file: string | null, options: ImportOptions = {}) =>
  importLeads(ctx.app.db, { companyId, userId }, { name, bytes: Buffer.from(data) }, new Date().toISOString(), { workerFile: file, ...options });

/** The refusal (status and message) an import ends with. */
const refusalOf = async (promise: Promise<unknown>) => {
  const error = (await promise.then(() => null, (e: unknown) => e)) as { statusCode?: number; message?: string } | null;
  return error && { statusCode: error.statusCode, message: error.message };
};

let phones = 0;
/** A workbook of the import's header and `rows` valid leads (e-mails and phones used nowhere else). */
function leadsWorkbook(rows: number, tag: string): Buffer {
  const lines = [SHEET_OPEN, sheetRow(1, LEAD_IMPORT_HEADERS)];
  for (let n = 0; n < rows; n++) {
    const phone = `6${String(++phones).padStart(9, '0')}`;
    const values: Record<string, string> = { first_name: `B${n}`, last_name: 'Book', email: `b${n}.${tag}@book.test`, phone, lead_source: 'Referral' };
    lines.push(sheetRow(n + 2, LEAD_IMPORT_HEADERS.map((h) => values[h] ?? '')));
  }
  lines.push(SHEET_CLOSE);
  return workbookWithSheet(lines.join(''));
}

describe('import worker', () => {
  it('gives the same report and leads as reading in the request thread', async () => {
    await insertTestLead(ctx.app.db, skyline, { email: 'EXISTING.a@worker.test' });
    await insertTestLead(ctx.app.db, harbor, { email: 'existing.b@worker.test' });
    const inWorker = await run(skyline, 'a.csv', awkwardCsv('a'), workerFile);
    const inThread = await run(harbor, 'b.csv', awkwardCsv('b'), null);
    expect(inWorker.imported).toBeGreaterThan(2000);
    expect(inWorker.duplicates).toBeGreaterThan(20);
    expect(inWorker).toEqual(inThread);
    const leads = (companyId: number) =>
      ctx.app.db
        .selectFrom('leads')
        .select(['first_name', 'last_name', 'city', 'lead_source', 'property_type', 'activities'])
        .where('company_id', '=', companyId)
        .where('last_name', '=', 'Worker')
        .orderBy('id')
        .execute();
    expect(await leads(skyline)).toEqual(await leads(harbor));
  });

  it('gives the same report for a workbook, and reports its progress the same way', async () => {
    const inWorker: ImportCounts[] = [];
    const inThread: ImportCounts[] = [];
    const book = leadsWorkbook(1234, 'same');
    const a = await run(skyline, 'a.xlsx', book, workerFile, { onProgress: (p) => inWorker.push(p) });
    const b = await run(harbor, 'b.xlsx', book, null, { onProgress: (p) => inThread.push(p) });
    expect(a).toEqual({ imported: 1234, rejected: [], duplicates: 0, rejected_total: 0 });
    expect(b).toEqual(a);
    // `written` counts committed batches, which go in while later rows are checked: its steps
    // depend on timing; the rest of the progress does not.
    const steps = (list: ImportCounts[]) => list.map(({ phase, checked, total }) => ({ phase, checked, total }));
    expect(steps(inWorker)).toEqual(steps(inThread));
    for (const list of [inWorker, inThread]) {
      const written = list.map((p) => p.written);
      expect(written).toEqual([...written].sort((x, y) => x - y));
      expect(list.at(-1)).toEqual({ phase: 'done', checked: 1234, written: 1234, total: 1234 });
    }
  });

  it('refuses like the request thread: missing columns, no rows, too wide, too long, broken', async () => {
    const refusal = async (name: string, data: string | Buffer) => {
      const error = await refusalOf(run(skyline, name, data, workerFile));
      const local = await refusalOf(run(skyline, name, data, null));
      expect(error?.statusCode, `${name}: ${error?.message}`).toBe(422);
      expect(error).toEqual(local);
      return error!.message;
    };
    const header = LEAD_IMPORT_HEADERS.join(',');
    expect(await refusal('x.csv', 'first_name,email\r\nA,a@b.test\r\n')).toMatch(/^Missing columns: last_name, phone, lead_source/);
    expect(await refusal('x.csv', `${header}\r\n`)).toBe(IMPORT_MESSAGES.noRows);
    expect(await refusal('x.csv', `${header}\r\n${'a,'.repeat(IMPORT_MAX_COLUMNS)}b\r\n`)).toBe(IMPORT_MESSAGES.tooManyColumns(2));
    expect(await refusal('x.csv', `${header}\r\nA,"${'x'.repeat(70_000)}"\r\n`)).toBe(IMPORT_MESSAGES.rowTooLong(2));
    expect(await refusal('x.xlsx', Buffer.from('PK\x03\x04 not really a zip'))).toBe(IMPORT_MESSAGES.brokenWorkbook('xlsx'));
  });

  it('ends a read that takes too long (422), and the next imports run', async () => {
    const book = leadsWorkbook(20_000, 'slow');
    const started = performance.now();
    expect(await refusalOf(run(skyline, 'slow.xlsx', book, workerFile, { limits: { openMs: 150 } }))).toEqual({ statusCode: 422, message: IMPORT_MESSAGES.tooSlow });
    expect(performance.now() - started).toBeLessThan(1000);
    // Three more than the readers alive at once: a reader kept after a refusal would block one of them.
    for (let i = 0; i < 3; i++) await refusalOf(run(skyline, 'slow.xlsx', book, workerFile, { limits: { openMs: 150 } }));
    expect(await run(skyline, 'quick.xlsx', leadsWorkbook(3, 'quick'), workerFile)).toMatchObject({ imported: 3 });
  });

  it('ends a read that needs more memory than its limit (422), and the next imports run', async () => {
    const book = leadsWorkbook(40_000, 'big');
    // As many as the readers alive at once: were each to keep its reader, the next import would wait forever.
    for (let i = 0; i < 2; i++) {
      expect(await refusalOf(run(skyline, 'big.xlsx', book, workerFile, { limits: { heapMb: 24 } }))).toEqual({ statusCode: 422, message: IMPORT_MESSAGES.tooMuchMemory });
    }
    // The same limit reads a small workbook: it was the big one that needed more.
    expect(await run(skyline, 'small.xlsx', leadsWorkbook(3, 'small'), workerFile, { limits: { heapMb: 24 } })).toMatchObject({ imported: 3 });
  });

  it('moves a large upload to the worker instead of copying it', async () => {
    const bytes = leadsWorkbook(2000, 'moved');
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const report = await importLeads(ctx.app.db, { companyId: skyline, userId }, { name: 'moved.xlsx', bytes }, new Date().toISOString(), { workerFile });
    expect(report.imported).toBe(2000);
    expect(bytes.length).toBe(0);
  });
});
