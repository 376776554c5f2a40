/**
 * An import, start to end. The upload is opened first, in the import worker (thread.ts):
 * everything that can refuse a file (its checks, a workbook's parsing, the header) happens before
 * any lock is taken. Then its rows are checked one by one (rows.ts) and the accepted ones
 * written in batches — all inside ONE transaction, so an import that fails midway (a database
 * error, a file found over the row cap) leaves nothing behind. Rows stream from the worker to the
 * database: memory stays flat with file size.
 *
 * While it writes the import holds the write lock (SQLite: the one write transaction; PostgreSQL:
 * an advisory lock per company), so the duplicate check sees every lead written before it.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Database, NewLead } from '../../../db/schema';
import { isAllContacts, listCompanyWorkflows } from '../../workflows/repository';
import { IMPORT_MESSAGES, refuseFile as refuse } from './limits';
import type { ImportCounts } from './progress';
import { openReader, type ReaderLimits } from './thread';
import { importKind } from './file';
import { type ImportWorkflows, type Rejection, RowChecker } from './rows';
import { INSERT_BATCH, insertLeads, leadContactKeys, lockCompanyImports, newLead } from '../repository';
import { isPostgres } from '../search';
import { mergeSearchIndex, pauseSearchUpkeep, resumeSearchUpkeep } from '../searchMerging';

export { setImportWorkerFile } from './thread';

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
  const sqlite = !isPostgres(db);
  let report: ImportReport;
  try {
    progress.phase = 'writing';
    progress.total = reader.total;
    tell();
    report = await db.transaction().execute(async (trx) => {
      await lockCompanyImports(trx, who.companyId);
      // The search index merges after the import, not row by row during it (searchMerging.ts).
      if (sqlite) await pauseSearchUpkeep(trx);
      if (sqlite) await sql`INSERT INTO leads_search (leads_search, rank) VALUES ('hashsize', CAST(${131072} AS INTEGER))`.execute(trx);
      const statuses = (await listCompanyWorkflows(trx, who.companyId)).filter((w) => !isAllContacts(w));
      const workflows: ImportWorkflows = {
        byName: new Map(statuses.map((w) => [w.name.trim().toLowerCase(), w.id])),
        defaultId: statuses[0]?.id ?? null,
      };
      const batches = reader.batches(workflows);
      const checker = new RowChecker();
      for await (const known of leadContactKeys(trx, who.companyId)) {
        checker.knowExisting(known);
        await nextTurn();
      }
      let batch: NewLead[] = [];
      const write = async () => {
        await insertLeads(trx, batch);
        progress.written += batch.length;
        batch = [];
        // A turn of the event loop between batches: SQLite's calls run synchronously, and rows the
        // worker already sent resolve at once, so without it the whole write ran as one block of
        // seconds in which the server answered nobody (reads have their own connection).
        await nextTurn();
      };
      for await (const rows of batches) {
        for (const { row, result } of rows) {
          const lead = checker.accept(row, result);
          if (!lead) continue;
          batch.push(newLead(lead, { companyId: who.companyId, workflowId: lead.workflow_id, userId: who.userId, nowIso }));
          if (batch.length === INSERT_BATCH) await write();
        }
        progress.checked += rows.length;
        tell();
      }
      await write();
      return { imported: progress.written, rejected: checker.rejected, duplicates: checker.duplicates, rejected_total: checker.rejectedTotal };
    });
  } finally {
    await reader.close();
  }
  if (sqlite) {
    await resumeSearchUpkeep(db);
    if (report.imported > 0) void mergeSearchIndex(db, options.onMergeError);
  }
  return report;
}
