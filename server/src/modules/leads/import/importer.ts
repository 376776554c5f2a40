/**
 * An import, start to end. The upload is opened first, in the import worker (thread.ts):
 * everything that can refuse a file (its checks, a workbook's parsing, the header) happens before
 * any lock is taken. Then its rows are checked one by one (rows.ts) and the accepted ones written
 * in batches of IMPORT_BATCH, each batch its own short transaction, with a turn of the event loop
 * between: other people's edits, adds and deletes go in between batches instead of waiting for
 * the whole import (SQLite has one writer; on PostgreSQL the count triggers' rows were locked until
 * the import's one transaction ended). Rows stream from the worker to the database: memory stays
 * flat with file size.
 *
 * What a failure leaves (docs/decisions/0004-lead-import-pipeline.md):
 * - the answer's contract is the same as when the import was one transaction: a report when it
 *   succeeded, an error (422/413 for the file, 500 for the database) and no lead of it otherwise;
 * - while it writes, its leads show up batch by batch (a list, a search, the tab totals and the
 *   dashboard see them as each batch commits);
 * - an import that fails midway (a database error, a file found over the row cap, the worker's
 *   limits) takes back what it wrote, in batches, before it answers;
 * - an import whose process dies leaves what it had committed, marked with its id
 *   (runs.repository.ts), until a process takes it back: SQLite when a process starts, before it
 *   serves; PostgreSQL, where other processes may be importing, as soon as its company's import
 *   lock is free — when a process starts, every RECOVER_EVERY_MS after, and when the company's
 *   next import starts.
 *
 * One import of a company writes at a time (SQLite: in this process; PostgreSQL: an advisory lock
 * held on one pooled connection for the whole import), so the duplicate check sees every lead
 * an earlier import wrote.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database, NewLead } from '../../../db/schema';
import { isAllContacts, listCompanyWorkflows } from '../../workflows/repository';
import { IMPORT_MESSAGES, refuseFile as refuse } from './limits';
import type { ImportCounts } from './progress';
import { openReader, type ReaderLimits, type RowReader } from './thread';
import { importKind } from './file';
import { type ImportWorkflows, type Rejection, RowChecker } from './rows';
import {
  asyncCommit,
  beginImportRun,
  endImportRun,
  type ImportRun,
  noteImportRun,
  removeImportedLeads,
  takeBackDeadImports,
  takeBackImports,
  withCompanyImportLock,
} from './runs.repository';
import { countTab, IMPORT_BATCH, insertLeads, leadContactKeys, newLead } from '../repository';
import { isPostgres } from '../search';
import { pauseSearchUpkeep, restoreSearchUpkeep, resumeSearchUpkeep } from '../searchMerging';

export { setImportWorkerFile } from './thread';

/** How often a PostgreSQL server looks for dead processes' imports (a free company lock) while it runs. */
export const RECOVER_EVERY_MS = 60_000;

/** The answer's `data.data` (contract `ImportAnswer`), plus the full rejected count. */
export interface ImportReport {
  imported: number;
  rejected: Rejection[];
  duplicates: number;
  /** Every rejected row, also those beyond the REJECTIONS_LISTED listed. */
  rejected_total: number;
}

/** An uploaded file: its name (the extension says its kind) and its bytes. */
export interface ImportUpload {
  name: string;
  bytes: Buffer;
}

export interface ImportOptions {
  /** The worker module (tests point it at a bundled copy); default: thread.ts's; null: in the request's thread. */
  workerFile?: URL | string | null;
  /** Tighter (or looser) limits for the worker than READER_LIMITS. */
  limits?: Partial<ReaderLimits>;
  /** Hears how far the import is: after opening, after every batch of rows, and at the end. */
  onProgress?: (progress: ImportCounts) => void;
  /** Hears an error of the search index's merge after the import (searchMerging.ts); it ends quietly. */
  onMergeError?: (error: unknown) => void;
  /** Hears an error of taking back a failed import's leads; the import's own error is what it answers. */
  onCleanupError?: (error: unknown) => void;
  /** Writes what else belongs to a finished import (its activity event), in the transaction that ends it. */
  onFinished?: (db: Kysely<Database>, report: ImportReport) => Promise<void>;
}

/**
 * Imports an upload into the company's leads, or throws a 422 (413) saying what is wrong with the file.
 *
 * @example const report = await importLeads(db, { companyId, userId }, { name: 'leads.csv', bytes }, new Date().toISOString());
 */
export async function importLeads(
  db: Kysely<Database>,
  who: { companyId: number; userId: number },
  upload: ImportUpload,
  nowIso: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const progress: ImportCounts = { phase: 'reading', checked: 0, written: 0, total: null };
  const tell = () => options.onProgress?.({ ...progress });
  tell();
  try {
    const report = await readAndWrite(db, who, upload, nowIso, options, progress, tell);
    progress.phase = 'done';
    progress.total = progress.checked;
    tell();
    return report;
  } catch (error) {
    progress.phase = 'failed';
    tell();
    throw error;
  }
}

/**
 * Removes what imports of dead processes left (see above) and, on SQLite, puts the search index's
 * merging back on: call when a process starts, before it serves, and (PostgreSQL) now and then.
 * Resolves with the leads removed.
 */
export async function recoverImports(db: Kysely<Database>): Promise<number> {
  if (isPostgres(db)) return takeBackDeadImports(db);
  // One process writes a SQLite file: every import noted there is dead.
  const removed = await takeBackImports(db, null);
  // A killed import (or its merge) left merging paused: merged and put back in the background.
  void restoreSearchUpkeep(db);
  return removed;
}

/** Imports of a company writing in this process (SQLite's serialisation; PostgreSQL locks in the database). */
const companyQueues = new Map<number, Promise<unknown>>();

function oneAtATime<T>(companyId: number, work: () => Promise<T>): Promise<T> {
  const before = companyQueues.get(companyId) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  const settled = mine.catch(() => undefined);
  companyQueues.set(companyId, settled);
  void settled.then(() => {
    if (companyQueues.get(companyId) === settled) companyQueues.delete(companyId);
  });
  return mine;
}

async function readAndWrite(
  db: Kysely<Database>,
  who: { companyId: number; userId: number },
  upload: ImportUpload,
  nowIso: string,
  options: ImportOptions,
  progress: ImportCounts,
  tell: () => void,
): Promise<ImportReport> {
  // What needs no reading is refused without starting a worker.
  if (!importKind(upload.name)) throw refuse(IMPORT_MESSAGES.wrongType);
  if (upload.bytes.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  const reader = await openReader({ name: upload.name, bytes: upload.bytes }, { workerFile: options.workerFile, limits: options.limits });
  try {
    progress.phase = 'writing';
    progress.total = reader.total;
    tell();
    const write = (writer: Kysely<Database>) => writeRows(writer, who, reader, nowIso, options, progress, tell);
    if (isPostgres(db)) return (await withCompanyImportLock(db, who.companyId, write))!;
    return await oneAtATime(who.companyId, async () => {
      // The search index merges after the import, not batch by batch during it (searchMerging.ts).
      await pauseSearchUpkeep(db);
      try {
        return await write(db);
      } finally {
        // The merge of its segments runs after the answer, in steps (searchMerging.ts).
        void resumeSearchUpkeep(db, options.onMergeError);
      }
    });
  } finally {
    await reader.close();
  }
}

/** The company's statuses as the rows name them, and the one a row without a status gets. */
async function importWorkflows(db: Kysely<Database>, companyId: number): Promise<ImportWorkflows> {
  const statuses = (await listCompanyWorkflows(db, companyId)).filter((w) => !isAllContacts(w));
  return { byName: new Map(statuses.map((w) => [w.name.trim().toLowerCase(), w.id])), defaultId: statuses[0]?.id ?? null };
}

/** Checks and writes the rows, with the company's import lock held; `db` is the connection to write on. */
async function writeRows(
  db: Kysely<Database>,
  who: { companyId: number; userId: number },
  reader: RowReader,
  nowIso: string,
  options: ImportOptions,
  progress: ImportCounts,
  tell: () => void,
): Promise<ImportReport> {
  // With the company's lock held, any import of the company still noted is a dead process's:
  // its leads go before ours are checked against the company's.
  if (isPostgres(db)) await takeBackImports(db, who.companyId);
  const batches = reader.batches(await importWorkflows(db, who.companyId));
  const checker = new RowChecker([], await countTab(db, { companyId: who.companyId, workflowId: null, search: null }));
  for await (const known of leadContactKeys(db, who.companyId)) {
    checker.knowExisting(known);
    await nextTurn();
  }
  const postgres = isPostgres(db);
  const batchSize = IMPORT_BATCH[postgres ? 'postgres' : 'sqlite'];
  const run = await beginImportRun(db, who.companyId, Date.now());
  // The batch being written while the next one is checked: PostgreSQL writes one while this thread
  // prepares the next (they are written one after another, in order).
  let writing: Promise<void> = Promise.resolve();
  const write = (leads: NewLead[]) =>
    (writing = writing.then(async () => {
      await db.transaction().execute(async (trx) => {
        if (postgres) await asyncCommit(trx);
        await insertLeads(trx, leads, run.id);
        await noteImportRun(trx, run.id, Date.now());
      });
      progress.written += leads.length;
      // A turn of the event loop after each batch: queued requests go first (on SQLite they wait
      // for the one connection; rows the worker already sent would otherwise resolve at once).
      await nextTurn();
    }));
  try {
    let batch: NewLead[] = [];
    for await (const rows of batches) {
      for (const { row, result } of rows) {
        const lead = checker.accept(row, result);
        if (!lead) continue;
        batch.push(newLead(lead, { companyId: who.companyId, workflowId: lead.workflow_id, userId: who.userId, nowIso }));
        if (batch.length === batchSize) {
          // The one before must be in before this one is handed over: at most one batch waits.
          await writing;
          void write(batch).catch(() => undefined);
          batch = [];
        }
      }
      progress.checked += rows.length;
      tell();
    }
    if (batch.length) write(batch).catch(() => undefined);
    await writing;
    const report = { imported: progress.written, rejected: checker.rejected, duplicates: checker.duplicates, rejected_total: checker.rejectedTotal };
    // A commit that waits for the disk: every batch before it is on disk with it, and the
    // import's one event in the activity log with it.
    await db.transaction().execute(async (trx) => {
      await endImportRun(trx, run.id);
      await options.onFinished?.(trx, report);
    });
    return report;
  } catch (error) {
    await writing.catch(() => undefined);
    await takeBack(db, run, options);
    throw error;
  }
}

/** A failed import's leads out again, then its row; a failure here is heard, never answered. */
async function takeBack(db: Kysely<Database>, run: ImportRun, options: ImportOptions): Promise<void> {
  try {
    await removeImportedLeads(db, run);
    await endImportRun(db, run.id);
  } catch (error) {
    // Left for recoverImports: the run's row stays, so a later start finds it.
    options.onCleanupError?.(error);
  }
}
