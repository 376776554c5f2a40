/**
 * An import commits in batches (src/modules/leads/import/importer.ts), on both engines: other
 * writes go in between its batches; a failure takes back what it had committed; what an import
 * of a dead process left goes when a process starts; imports of one company stay one at a time.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_IMPORT_HEADERS, MESSAGES } from '../../src/contract';
import { importLeads, recoverImports } from '../src/modules/leads/import/importer';
import { beginImportRun, noteImportRun, withCompanyImportLock } from '../src/modules/leads/import/runs.repository';
import { INSERT_BATCH, insertLeads, newLead } from '../src/modules/leads/repository';
import { AUTOMERGE_DEFAULT, CRISISMERGE_DEFAULT, pauseSearchUpkeep, resumeSearchUpkeep } from '../src/modules/leads/searchMerging';
import { companyIdOf, countDrift, importFile, insertTestLead, statusIds } from './helpers/leads';
import { useTestApp } from './helpers/testApp';
import { testEngine } from './helpers/testDb';

const ctx = useTestApp();
let skyline: number;
let sky: Record<string, number>;
let adminId: number;

beforeAll(async () => {
  skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  sky = await statusIds(ctx.app.db, skyline);
  adminId = ctx.ids.skylineAdmin;
});

let calls = 10;
/** A CSV of `count` valid rows whose e-mails start with `tag.` (phones unique per call, so no row is a duplicate). */
function rowsCsv(tag: string, count: number): string {
  const lead = calls++;
  const lines = [LEAD_IMPORT_HEADERS.join(',')];
  const values = (i: number): Record<string, string> => ({
    first_name: 'Batch',
    last_name: `Row${i}`,
    email: `${tag}.${i}@batches.test`,
    phone: `7${lead}${String(i).padStart(7, '0')}`,
    city: 'Batchpur',
    lead_source: 'Website',
    property_type: '1',
    workflow: 'Open',
    activities: '2',
  });
  for (let i = 0; i < count; i++) lines.push(LEAD_IMPORT_HEADERS.map((h) => values(i)[h] ?? '').join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const insertTestLeadFor = (db: Parameters<typeof insertTestLead>[0], name: string) => insertTestLead(db, skyline, { first_name: name, city: 'Segmentpur' });
const taggedLeads = async (tag: string) =>
  Number(
    (await ctx.app.db.selectFrom('leads').select((eb) => eb.fn.countAll<number>().as('n')).where('email', 'like', `${tag}.%`).executeTakeFirstOrThrow()).n,
  );
const runsLeft = async () => Number((await sql<{ n: number }>`select count(*) as n from lead_imports`.execute(ctx.app.db)).rows[0]!.n);

describe('an import commits batch by batch', () => {
  it('lets another write in between its batches: a status change answers while the import is still writing', async () => {
    const tag = `between${Date.now()}`;
    const total = INSERT_BATCH * 12;
    // A lead in Open: moving it changes the count row of Open, which every batch's count trigger writes.
    const id = (await ctx.app.db.selectFrom('leads').select('id').where('company_id', '=', skyline).where('workflow_id', '=', sky.Open!).orderBy('id').executeTakeFirstOrThrow()).id;
    let written = 0;
    let firstBatchIn!: () => void;
    const started = new Promise<void>((resolve) => (firstBatchIn = resolve));
    const importing = importLeads(ctx.app.db, { companyId: skyline, userId: adminId }, { name: 'between.csv', bytes: Buffer.from(rowsCsv(tag, total)) }, new Date().toISOString(), {
      workerFile: null,
      onProgress: (progress) => {
        written = progress.written;
        if (written > 0) firstBatchIn();
      },
    });
    await started;
    // PostgreSQL kept that row locked until a one-transaction import ended; SQLite has one writer.
    const moved = await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/leads/workflow/${id}`, payload: { workflowId: sky.Won } });
    const writtenWhenMoved = written;
    expect(moved.statusCode).toBe(200);
    expect(writtenWhenMoved).toBeLessThan(total);
    expect((await importing).imported).toBe(total);
    expect(await taggedLeads(tag)).toBe(total);
    expect(await runsLeft()).toBe(0);
    expect(await countDrift(ctx.app.db)).toEqual([]);
  }, 60_000);

  it('an import that fails after some batches were committed takes them back before it answers', async () => {
    const tag = `fails${Date.now()}`;
    const boom = `${tag}.${INSERT_BATCH * 2 + 10}@batches.test`;
    const db = ctx.app.db;
    if (testEngine() === 'postgres') {
      await sql`create function fail_batch() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`.execute(db);
      await sql.raw(`create trigger fail_batch before insert on leads for each row when (new.email = '${boom}') execute function fail_batch()`).execute(db);
    } else {
      await sql.raw(`create trigger fail_batch before insert on leads when new.email = '${boom}' begin select raise(abort, 'disk on fire'); end`).execute(db);
    }
    try {
      const before = await taggedLeads(tag);
      let committed = 0;
      const res = await importFile(ctx, 'skylineAdmin', 'fails.csv', rowsCsv(tag, INSERT_BATCH * 3));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 'Error', message: MESSAGES.generic.serverError });
      // Two batches had been committed before the third failed; none of them is left.
      committed = await taggedLeads(tag);
      expect(committed).toBe(before);
      expect(await runsLeft()).toBe(0);
    } finally {
      await sql`drop trigger fail_batch${sql.raw(testEngine() === 'postgres' ? ' on leads' : '')}`.execute(db);
      if (testEngine() === 'postgres') await sql`drop function fail_batch()`.execute(db);
    }
    expect(await countDrift(db)).toEqual([]);
  }, 60_000);

  it('what an import of a dead process left goes when a process starts; on PostgreSQL not while its company lock is held', async () => {
    const db = ctx.app.db;
    const leftBy = async (tag: string) => {
      const run = await beginImportRun(db, skyline, Date.now());
      const leads = Array.from({ length: 30 }, (_, i) =>
        newLead(
          { first_name: 'Dead', last_name: `Import${i}`, email: `${tag}.${i}@batches.test`, phone: null, address: null, city: null, state: null, postal_code: null, country: null, lead_source: null, property_type: 1, activities: 2 },
          { companyId: skyline, workflowId: sky.Open!, userId: adminId, nowIso: new Date().toISOString() },
        ),
      );
      await db.transaction().execute(async (trx) => {
        await insertLeads(trx, leads, run.id);
        await noteImportRun(trx, run.id, Date.now());
      });
    };
    const dead = `dead${Date.now()}`;
    await leftBy(dead);
    expect(await taggedLeads(dead)).toBe(30);
    // A process starting on the database (its leads routes recover before they serve).
    await ctx.extraApp();
    expect(await taggedLeads(dead)).toBe(0);
    expect(await runsLeft()).toBe(0);
    if (testEngine() === 'postgres') {
      // Another process importing for the company holds its lock: its leads are not taken.
      const alive = `alive${Date.now()}`;
      await leftBy(alive);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = withCompanyImportLock(db, skyline, async () => {
        locked();
        await held;
      });
      await isLocked;
      try {
        expect(await recoverImports(db)).toBe(0);
        expect(await taggedLeads(alive)).toBe(30);
      } finally {
        release();
        await holder;
      }
      // Its process gone (the lock free), the next look takes them.
      expect(await recoverImports(db)).toBe(30);
      expect(await taggedLeads(alive)).toBe(0);
    }
    expect(await runsLeft()).toBe(0);
    expect(await countDrift(db)).toEqual([]);
  });

  it('two imports of one company at once stay one after the other: the second finds the first\'s leads as duplicates', async () => {
    const tag = `twice${Date.now()}`;
    const file = rowsCsv(tag, INSERT_BATCH * 2);
    const [a, b] = await Promise.all([
      importFile(ctx, 'skylineAdmin', 'a.csv', file),
      importFile(ctx, 'skylineAgent', 'b.csv', file),
    ]);
    const reports = [a, b].map((res) => res.json().data.data as { imported: number; duplicates: number });
    expect(reports.map((r) => r.imported).sort()).toEqual([0, INSERT_BATCH * 2]);
    expect(reports.map((r) => r.duplicates).sort()).toEqual([0, INSERT_BATCH * 2]);
    expect(await taggedLeads(tag)).toBe(INSERT_BATCH * 2);
  }, 60_000);
});

describe.runIf(testEngine() === 'sqlite')('SQLite search index after a batched import', () => {
  const option = async (k: string) => Number((await sql<{ v: number }>`SELECT v FROM leads_search_config WHERE k = ${k}`.execute(ctx.app.db)).rows[0]?.v ?? -1);
  const segments = async () => Number((await sql<{ n: number }>`SELECT count(DISTINCT segid) AS n FROM leads_search_idx`.execute(ctx.app.db)).rows[0]!.n);

  it('stays unmerged by FTS5 until its segments are merged in steps: no write merges a crowded level in one go', async () => {
    const db = ctx.app.db;
    await pauseSearchUpkeep(db);
    // Twenty batches, each its own commit: twenty segments or more, past FTS5's crisis merge at 16.
    for (let b = 0; b < 20; b++) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 5; i++) await insertTestLeadFor(trx, `seg${b}x${i}`);
      });
    }
    expect(await segments()).toBeGreaterThan(16);
    const done = resumeSearchUpkeep(db);
    // Right after the import: still paused (an add now would otherwise merge every segment at once).
    expect(await option('automerge')).toBe(0);
    expect(await option('crisismerge')).toBeGreaterThan(16);
    await done;
    expect(await option('automerge')).toBe(AUTOMERGE_DEFAULT);
    expect(await option('crisismerge')).toBe(CRISISMERGE_DEFAULT);
    expect(await segments()).toBeLessThan(16);
  });
});
