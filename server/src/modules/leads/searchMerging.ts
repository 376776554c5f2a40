/**
 * Upkeep of the SQLite search index `leads_search` around an import (issue 4: ≥ 20,000 rows/s).
 *
 * FTS5 keeps its index as segments and, after every write, merges any level holding four of them
 * (`automerge`, default 4), so 100,000 imported leads are rewritten level by level as they go in:
 * a third of what the index costs an import. An import pauses that merging for its transaction
 * (`pauseSearchUpkeep`) — its leads are indexed and found by search from the commit, in more
 * segments — and once it is committed the settings go back (`resumeSearchUpkeep`) and the same
 * merge work runs after it, in small steps (`merge` of MERGE_STEP_PAGES pages,
 * about 10–15 ms each), each its own short write that lets requests in between, until no level
 * holds four segments. Searches are right at every moment, merged or not; a merge makes them cheaper.
 *
 * PostgreSQL: nothing to do (its GIN index has its own pending list).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** FTS5's default `automerge`: what merging goes back to after an import. */
export const AUTOMERGE_DEFAULT = 4;
/** FTS5's defaults of the two other settings an import changes. */
export const CRISISMERGE_DEFAULT = 16;
export const HASHSIZE_DEFAULT = 1_048_576;
/**
 * During an import: terms held in memory are written out every 128 KB instead of every 1 MB, and
 * no merge runs at all (not even FTS5's "crisis" merge at 16 segments a level) — each flush and
 * merge is one synchronous call that holds the whole server, and a 1 MB flush or a crisis merge
 * took 200–270 ms of 100,000 rows where a 128 KB flush takes a few.
 */
const IMPORT_HASHSIZE = 131_072;
const IMPORT_CRISISMERGE = 10_000;
/** Pages one merge step writes (FTS5 `merge`, positive: only levels that hold `usermerge` segments). */
export const MERGE_STEP_PAGES = 500;

/** Sets FTS5's `automerge` for the rest of the transaction (SQLite; `db` should be that transaction). */
export async function setSearchAutomerge(db: Kysely<Database>, segments: number): Promise<void> {
  // CAST: FTS5 takes only an integer here, and a JavaScript number may be bound as a real.
  await sql`INSERT INTO leads_search (leads_search, rank) VALUES ('automerge', CAST(${segments} AS INTEGER))`.execute(db);
}

/** One FTS5 setting of the search index (SQLite; stored in its config table, so it lasts until set again). */
async function setSearchOption(db: Kysely<Database>, option: 'automerge' | 'crisismerge' | 'hashsize', value: number): Promise<void> {
  await sql`INSERT INTO leads_search (leads_search, rank) VALUES (${option}, CAST(${value} AS INTEGER))`.execute(db);
}

/** Inside an import's transaction (rolled back with it): small flushes, no merging. */
export async function pauseSearchUpkeep(trx: Kysely<Database>): Promise<void> {
  await setSearchOption(trx, 'automerge', 0);
  await setSearchOption(trx, 'crisismerge', IMPORT_CRISISMERGE);
  await setSearchOption(trx, 'hashsize', IMPORT_HASHSIZE);
}

/**
 * After the import's commit, its own short write: the defaults again. Not inside the import, where
 * the commit's flush would then merge every crowded level in one long call.
 */
export async function resumeSearchUpkeep(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setSearchOption(trx, 'automerge', AUTOMERGE_DEFAULT);
    await setSearchOption(trx, 'crisismerge', CRISISMERGE_DEFAULT);
    await setSearchOption(trx, 'hashsize', HASHSIZE_DEFAULT);
  });
}

const totalChanges = async (db: Kysely<Database>) =>
  Number((await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db)).rows[0]?.n ?? 0);

/** One merge step; true when it merged something (FTS5: two or more changes), false when done. */
async function mergeStep(db: Kysely<Database>): Promise<boolean> {
  const before = await totalChanges(db);
  await sql`INSERT INTO leads_search (leads_search, rank) VALUES ('merge', CAST(${MERGE_STEP_PAGES} AS INTEGER))`.execute(db);
  return (await totalChanges(db)) - before >= 2;
}

/** Databases with a merge under way: one loop each, however many imports end meanwhile. */
const merging = new WeakMap<Kysely<Database>, Promise<number>>();

/**
 * Merges the search index's crowded levels in small steps, yielding to other work between them;
 * resolves with the number of steps that merged something. A merge already under way is joined.
 * Errors end the merge quietly (the index stays correct, only less merged): `onError` hears them.
 */
export function mergeSearchIndex(db: Kysely<Database>, onError: (error: unknown) => void = () => {}): Promise<number> {
  const running = merging.get(db);
  if (running) return running;
  const run = (async () => {
    let steps = 0;
    try {
      while (await mergeStep(db)) {
        steps++;
        // A macrotask between steps: requests waiting on the event loop go first.
        await new Promise((resolve) => setTimeout(resolve, 0).unref());
      }
    } catch (error) {
      onError(error);
    } finally {
      merging.delete(db);
    }
    return steps;
  })();
  merging.set(db, run);
  return run;
}
