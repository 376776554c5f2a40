/**
 * The CSV export's body: the header, then the leads in batches of EXPORT_BATCH read by id
 * (repository `leadBatches`), with a turn of the event loop after each batch. On SQLite a query
 * runs synchronously on the process's one connection: without the turn an export of 100,000
 * leads ran as one long task, and every other request — a health check included — waited for
 * all of it. Now another request waits for one batch at most.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { CSV_BOM, csvLine, EXPORT_HEADERS, exportLine } from './csv';
import { type LeadFilter, leadBatches } from './repository';

/** Leads per query: a few milliseconds of SQLite's time, so others wait little between batches. */
export const EXPORT_BATCH = 500;

/**
 * The export's CSV as a stream; `onEnd` runs once it has ended, failed or been dropped by the
 * client, and the stream ends after it: the person's next export finds this one finished.
 */
export function exportCsv(db: Kysely<Database>, filter: LeadFilter, onEnd: () => void | Promise<void>): Readable {
  async function* csv() {
    try {
      yield CSV_BOM + csvLine(EXPORT_HEADERS);
      for await (const batch of leadBatches(db, filter, EXPORT_BATCH)) {
        yield batch.map(exportLine).join('');
        await nextTurn();
      }
    } finally {
      await onEnd();
    }
  }
  // One batch read ahead at most: a slow reader holds the next query back, and the export counts as
  // running until its last batch is handed over.
  return Readable.from(csv(), { highWaterMark: 1 });
}
