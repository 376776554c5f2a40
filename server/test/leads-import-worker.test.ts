/**
 * The import's worker thread (import-worker.ts), which the built server uses for CSV: vitest runs
 * the TypeScript sources, where the importer reads in the request's thread, so this test bundles
 * the worker with esbuild and points importLeads at it. Both paths must give the same report,
 * the same leads and the same refusals.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_IMPORT_HEADERS } from '../../src/contract';
import { IMPORT_MESSAGES, openImportFile } from '../src/modules/leads/importFile';
import { importLeads } from '../src/modules/leads/importer';
import { companyIdOf, insertTestLead } from './helpers/leads';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
let dir: string;
let workerFile: string;
let skyline: number;
let harbor: number;
let userId: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-worker-'));
  workerFile = path.join(dir, 'import-worker.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, '../src/modules/leads/import-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: workerFile,
    logLevel: 'silent',
  });
  skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
  userId = (await ctx.app.db.selectFrom('users').select('id').where('company_id', '=', skyline).executeTakeFirstOrThrow()).id;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

const run = (companyId: number, name: string, text: string, file: string | null) =>
  importLeads(ctx.app.db, { companyId, userId }, openImportFile(name, Buffer.from(text)), new Date().toISOString(), { workerFile: file });

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

  it('refuses like the request thread: missing columns, no rows', async () => {
    const refusal = async (text: string) => {
      const error = (await run(skyline, 'x.csv', text, workerFile).catch((e: unknown) => e)) as { statusCode?: number; message?: string };
      const local = (await run(skyline, 'x.csv', text, null).catch((e: unknown) => e)) as { statusCode?: number; message?: string };
      expect(error.statusCode).toBe(422);
      expect({ statusCode: error.statusCode, message: error.message }).toEqual({ statusCode: local.statusCode, message: local.message });
      return error.message;
    };
    expect(await refusal('first_name,email\r\nA,a@b.test\r\n')).toMatch(/^Missing columns: last_name, phone, lead_source/);
    expect(await refusal(`${LEAD_IMPORT_HEADERS.join(',')}\r\n`)).toBe(IMPORT_MESSAGES.noRows);
  });
});
