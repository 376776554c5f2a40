/**
 * An import, start to end: the rows of the opened file (importFile.ts) are checked one by one
 * (importRows.ts) and the accepted ones written in batches — all inside ONE transaction, so an
 * import that fails midway (a database error, a file found over the row cap) leaves nothing
 * behind. Rows stream from the parser to the database: memory stays flat with file size.
 *
 * While it runs the import holds the write lock (SQLite: the one write transaction; PostgreSQL:
 * an advisory lock per company), so the duplicate check sees every lead written before it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database, NewLead } from '../../db/schema';
import { isAllContacts, listCompanyWorkflows } from '../workflows/repository';
import { type CheckedMessage, checkedRows, type CsvJob, errorFrom } from './import-checked';
import { IMPORT_MESSAGES, refuseFile as refuse } from './import-limits';
import type { ImportSource } from './importFile';
import { type ImportWorkflows, missingColumnsMessage, type Rejection, RowChecker } from './importRows';
import { INSERT_BATCH, insertLeads, leadContactKeys, lockCompanyImports, newLead } from './repository';
import { isPostgres } from './search';
import { AUTOMERGE_DEFAULT, mergeSearchIndex, setSearchAutomerge } from './searchMerging';

/** The answer's `data.data` (contract `ImportAnswer`), plus the full rejected count. */
export interface ImportReport {
  imported: number;
  rejected: Rejection[];
  duplicates: number;
  /** Every rejected row, also those beyond the REJECTIONS_LISTED listed. */
  rejected_total: number;
}

/**
 * The built worker (dist/import-worker.js, next to the bundle's chunks), or null where it does not
 * exist: the TypeScript sources (vitest) read in the request's thread instead.
 */
const WORKER_FILE: URL | null = (() => {
  const url = new URL('./import-worker.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : null;
})();

/**
 * The worker's heap: small young generation and a cap on the old one, so that the second
 * thread adds little to the process's peak. Its live data is the CSV text (at most 20 MB of
 * bytes, twice that as UTF-16 text) and AHEAD batches of rows.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 };

/** The worker's messages as they arrive; each one taken lets the worker run one batch further. */
async function* fromWorker(file: URL | string, job: CsvJob): AsyncGenerator<CheckedMessage> {
  const worker = new Worker(file, { workerData: job, resourceLimits: WORKER_LIMITS });
  const queue: CheckedMessage[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: CheckedMessage) => {
    queue.push(message);
    poke();
  });
  worker.on('error', (error) => {
    failure ??= error;
    poke();
  });
  worker.on('exit', (code) => {
    failure ??= new Error(`import worker stopped (exit code ${code})`);
    poke();
  });
  try {
    for (;;) {
      while (queue.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift();
      if (!message) throw failure!;
      yield message;
      if (message.type !== 'rows') return;
      worker.postMessage(1);
    }
  } finally {
    await worker.terminate();
  }
}

/** Where to read and validate a file's rows: a CSV in the worker when it is there, else here. */
export interface ImportOptions {
  /** The worker module (tests point it at a built copy); default dist/import-worker.js, null: in-thread. */
  workerFile?: URL | string | null;
  /** Hears an error of the search index's merge after the import (searchMerging.ts); it ends quietly. */
  onMergeError?: (error: unknown) => void;
}

export async function importLeads(
  db: Kysely<Database>,
  who: { companyId: number; userId: number },
  source: ImportSource,
  nowIso: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const workerFile = options.workerFile === undefined ? WORKER_FILE : options.workerFile;
  const sqlite = !isPostgres(db);
  const report = await db.transaction().execute(async (trx) => {
    await lockCompanyImports(trx, who.companyId);
    // The search index merges after the import, not row by row during it (searchMerging.ts).
    if (sqlite) await setSearchAutomerge(trx, 0);
    const statuses = (await listCompanyWorkflows(trx, who.companyId)).filter((w) => !isAllContacts(w));
    const workflows: ImportWorkflows = {
      byName: new Map(statuses.map((w) => [w.name.trim().toLowerCase(), w.id])),
      defaultId: statuses[0]?.id ?? null,
    };
    // The worker starts reading while the company's e-mails and phones are loaded.
    const messages: AsyncIterable<CheckedMessage> | Iterable<CheckedMessage> =
      source.takeCsv && workerFile
        ? fromWorker(workerFile, { ...source.takeCsv(), workflows: { byName: [...workflows.byName], defaultId: workflows.defaultId } })
        : checkedRows(source.rows(), workflows);
    const checker = new RowChecker(await leadContactKeys(trx, who.companyId));
    let imported = 0;
    let batch: NewLead[] = [];
    for await (const message of messages) {
      if (message.type === 'empty') throw refuse(IMPORT_MESSAGES.empty);
      if (message.type === 'missing') throw refuse(missingColumnsMessage(message.missing));
      if (message.type === 'error') throw errorFrom(message);
      if (message.type === 'end') break;
      for (const { row, result } of message.rows) {
        const lead = checker.accept(row, result);
        if (!lead) continue;
        batch.push(newLead(lead, { companyId: who.companyId, workflowId: lead.workflow_id, userId: who.userId, nowIso }));
        if (batch.length === INSERT_BATCH) {
          await insertLeads(trx, batch);
          imported += batch.length;
          batch = [];
        }
      }
    }
    if (checker.rows === 0) throw refuse(IMPORT_MESSAGES.noRows);
    await insertLeads(trx, batch);
    imported += batch.length;
    if (sqlite) await setSearchAutomerge(trx, AUTOMERGE_DEFAULT);
    return { imported, rejected: checker.rejected, duplicates: checker.duplicates, rejected_total: checker.rejectedTotal };
  });
  if (sqlite && report.imported > 0) void mergeSearchIndex(db, options.onMergeError);
  return report;
}
