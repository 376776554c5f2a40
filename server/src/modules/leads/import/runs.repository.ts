/**
 * Imports that are still writing (table `lead_imports`, migration
 * 2026_11_26_0040_lead_unfinished_imports): an import commits its leads batch by batch
 * (importer.ts), so what a failed or killed import wrote must be findable to be taken back. Each
 * running import has a row; each lead it writes carries the row's id in `leads.import_id`.
 *
 * Whether an import is alive: on PostgreSQL, a running import holds its company's import lock (a
 * session-level advisory lock, which dies with its process's connection), so a row whose company
 * lock can be taken belongs to a dead import — exact, at once, whichever process asks. On SQLite
 * one process writes the file: when it starts, every row is a dead import's.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Generated, type Kysely, sql } from 'kysely';
import { isPostgres } from '../../../db/dialect';
import type { Database } from '../../../db/schema';

type RunTables = {
  lead_imports: { id: Generated<number>; company_id: number; first_lead_id: number; seen_at_ms: number | string };
};

/** First key of the advisory lock of imports (the second is the company id). */
const IMPORT_LOCK_SPACE = 0x4c454144; // 'LEAD'

/** An import that is writing: its row, its company, and the smallest id any of its leads can have. */
export interface ImportRun {
  id: number;
  companyId: number;
  firstLeadId: number;
}

/** Leads removed per statement when an import is taken back: each a short write of its own. */
export const REMOVE_BATCH = 1000;

/**
 * Runs `work` while holding the company's import lock on PostgreSQL, on one pooled connection
 * reserved for it (the lock is held across the import's many transactions), and gives it that
 * connection; `wait: false` gives up at once when another session holds the lock (resolves
 * undefined). Imports of one company are thus serial across processes, so the duplicate check
 * sees every lead an earlier import wrote.
 */
export async function withCompanyImportLock<T>(
  db: Kysely<Database>,
  companyId: number,
  work: (connection: Kysely<Database>) => Promise<T>,
  { wait = true } = {},
): Promise<T | undefined> {
  return db.connection().execute(async (connection) => {
    if (wait) {
      await sql`select pg_advisory_lock(${IMPORT_LOCK_SPACE}, ${companyId})`.execute(connection);
    } else {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${IMPORT_LOCK_SPACE}, ${companyId}) as locked`.execute(connection);
      if (!rows[0]?.locked) return undefined;
    }
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${IMPORT_LOCK_SPACE}, ${companyId})`.execute(connection);
    }
  });
}

/**
 * Notes an import as started; its leads will all have ids from `firstLeadId` on. PostgreSQL: a
 * value drawn from the leads' sequence, which only grows; SQLite (AUTOINCREMENT ids, never
 * reused): one past the largest id now.
 */
export async function beginImportRun(db: Kysely<Database>, companyId: number, nowMs: number): Promise<ImportRun> {
  const next = isPostgres(db)
    ? await sql<{ id: number }>`select nextval(pg_get_serial_sequence('leads', 'id'))::int as id`.execute(db)
    : await sql<{ id: number }>`select coalesce(max(id), 0) + 1 as id from leads`.execute(db);
  const firstLeadId = Number(next.rows[0]!.id);
  const { id } = await db
    .withTables<RunTables>()
    .insertInto('lead_imports')
    .values({ company_id: companyId, first_lead_id: firstLeadId, seen_at_ms: nowMs })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(id), companyId, firstLeadId };
}

/**
 * PostgreSQL, inside a batch's transaction: its commit does not wait for the disk. An import's
 * batches write megabytes of log; waiting for each to be flushed also made every other person's
 * commit queue behind that flush (edits spent their time in WALSync during an import). A crash
 * may lose the last batches, which the import would take back anyway; its end is committed
 * waiting, which flushes every batch before it.
 */
export async function asyncCommit(db: Kysely<Database>): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(db);
}

/** Notes when the import last wrote a batch (call in the batch's transaction). */
export async function noteImportRun(db: Kysely<Database>, runId: number, nowMs: number): Promise<void> {
  await db.withTables<RunTables>().updateTable('lead_imports').set({ seen_at_ms: nowMs }).where('id', '=', runId).execute();
}

/** The import is over (its leads stay, or were removed): its row goes. */
export async function endImportRun(db: Kysely<Database>, runId: number): Promise<void> {
  await db.withTables<RunTables>().deleteFrom('lead_imports').where('id', '=', runId).execute();
}

/**
 * Deletes the leads an import wrote, REMOVE_BATCH at a time in id order (each statement commits on
 * its own, with a turn of the event loop between, so other requests go in between); resolves with
 * how many went. The count triggers and the search index follow as for any delete.
 */
export async function removeImportedLeads(db: Kysely<Database>, run: ImportRun): Promise<number> {
  let removed = 0;
  let from = run.firstLeadId;
  for (;;) {
    const { rows } = await sql<{ id: number }>`delete from leads where id in (
        select id from leads where company_id = ${run.companyId} and id >= ${from} and import_id = ${run.id} order by id limit ${REMOVE_BATCH})
      returning id`.execute(db);
    if (!rows.length) return removed;
    removed += rows.length;
    from = Math.max(...rows.map((row) => Number(row.id))) + 1;
    await nextTurn();
  }
}

async function runsOf(db: Kysely<Database>, companyId: number | null): Promise<ImportRun[]> {
  let query = db.withTables<RunTables>().selectFrom('lead_imports').select(['id', 'company_id', 'first_lead_id']).orderBy('id');
  if (companyId != null) query = query.where('company_id', '=', companyId);
  return (await query.execute()).map((run) => ({ id: Number(run.id), companyId: Number(run.company_id), firstLeadId: Number(run.first_lead_id) }));
}

/** Takes back every noted import of `companyId` (null: of every company); resolves with the leads removed. */
export async function takeBackImports(db: Kysely<Database>, companyId: number | null): Promise<number> {
  let removed = 0;
  for (const run of await runsOf(db, companyId)) {
    removed += await removeImportedLeads(db, run);
    await endImportRun(db, run.id);
  }
  return removed;
}

/**
 * PostgreSQL: takes back the imports whose company lock nobody holds (their process died); an
 * import running in any process keeps its lock and its leads. Resolves with the leads removed.
 */
export async function takeBackDeadImports(db: Kysely<Database>): Promise<number> {
  let removed = 0;
  for (const companyId of new Set((await runsOf(db, null)).map((run) => run.companyId))) {
    removed += (await withCompanyImportLock(db, companyId, (connection) => takeBackImports(connection, companyId), { wait: false })) ?? 0;
  }
  return removed;
}
