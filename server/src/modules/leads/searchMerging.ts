/**
 * Upkeep of the SQLite search index `leads_search` around an import (≥ 20,000 rows/s with other
 * writes going in between; docs/performance.md).
 *
 * FTS5 keeps its index as segments: each commit writes at least one, and after every write FTS5
 * merges any level holding four of them (`automerge`, default 4), and a level holding 16 in one
 * synchronous go (`crisismerge`). An import commits batch by batch (import/importer.ts), one
 * segment or more each: with FTS5's settings its batches would merge level after level as they
 * go in, and once 16 had piled up the next write (anyone's add) merged them all in one call that
 * held the whole server (240–330 ms after 100,000 leads). So an import pauses merging
 * (`pauseSearchUpkeep`: no automerge, no crisis merge) — its leads are indexed and found by search
 * from each batch's commit, in more segments (a search costs a few ms more meanwhile) — and when
 * it ends (`resumeSearchUpkeep`) the same merge work runs in small steps (`merge` of
 * MERGE_STEP_PAGES pages, about 5 ms each), each its own short write that lets requests in
 * between, until no level holds four segments; only then do FTS5's settings come back, when they
 * have nothing left to merge in one go.
 *
 * PostgreSQL: nothing to do (its GIN index has its own pending list).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { mergeSearchSegments, setSearchOption, totalChanges } from './searchUpkeep.repository';

export { setSearchAutomerge } from './searchUpkeep.repository';

/** FTS5's default `automerge`: what merging goes back to after an import. */
export const AUTOMERGE_DEFAULT = 4;
/** FTS5's defaults of the other settings an import changes. */
export const CRISISMERGE_DEFAULT = 16;
export const HASHSIZE_DEFAULT = 1_048_576;
/** While paused: no crisis merge at 16 segments a level (the most FTS5 takes is 2^31). */
const PAUSED_CRISISMERGE = 10_000;
/**
 * Pages one merge step writes (FTS5 `merge`, positive: only levels that hold `usermerge` segments).
 * After 100,000 leads in 200 batches (≈ 400 segments) the merge is ≈ 1.2 s of SQLite's work
 * whatever the step: 500 pages took 27 ms a step (50 at most) that held the server, 100 pages
 * 4–5 ms (18 at most).
 */
export const MERGE_STEP_PAGES = 100;

interface Upkeep {
  /** Imports writing now. */
  imports: number;
  /** FTS5's merging is off (stored in the index, so it lasts until set again). */
  paused: boolean;
  /** The merge after the imports, with the settings put back at its end. */
  finishing: Promise<void> | null;
}

/** Per database: merging stays paused while any import writes and until its backlog is merged. */
const upkeeps = new WeakMap<Kysely<Database>, Upkeep>();
const upkeepOf = (db: Kysely<Database>): Upkeep => {
  let upkeep = upkeeps.get(db);
  if (!upkeep) upkeeps.set(db, (upkeep = { imports: 0, paused: false, finishing: null }));
  return upkeep;
};

async function writeSettings(db: Kysely<Database>, automerge: number, crisismerge: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setSearchOption(trx, 'automerge', automerge);
    await setSearchOption(trx, 'crisismerge', crisismerge);
    // An import of an older version set 128 KB here; the default again.
    await setSearchOption(trx, 'hashsize', HASHSIZE_DEFAULT);
  });
}

/**
 * Before an import's first batch, in a short write of its own: no merging until the imports have
 * ended and their segments are merged (resumeSearchUpkeep). Imports side by side share the pause.
 */
export async function pauseSearchUpkeep(db: Kysely<Database>): Promise<void> {
  const upkeep = upkeepOf(db);
  upkeep.imports++;
  if (upkeep.imports > 1) return;
  // Written even when a merge is finishing (paused already): at start-up the index may say either.
  upkeep.paused = true;
  await writeSettings(db, 0, PAUSED_CRISISMERGE);
}

/**
 * After an import, whether it succeeded or not. Once no import writes, merges the segments in
 * steps and then puts FTS5's settings back; resolves when that is done (the import need not wait:
 * its answer goes out meanwhile). `onError` hears a failure of the merge, which leaves the index
 * correct, only less merged, and the settings paused until the next start or import.
 */
export function resumeSearchUpkeep(db: Kysely<Database>, onError: (error: unknown) => void = () => {}): Promise<void> {
  const upkeep = upkeepOf(db);
  upkeep.imports = Math.max(0, upkeep.imports - 1);
  return finishUpkeep(db, upkeep, onError);
}

function finishUpkeep(db: Kysely<Database>, upkeep: Upkeep, onError: (error: unknown) => void): Promise<void> {
  if (upkeep.imports > 0 || !upkeep.paused) return Promise.resolve();
  upkeep.finishing ??= (async () => {
    try {
      await mergeSearchIndex(db, onError);
      // An import that started during the merge keeps the pause; the last to end merges again.
      if (upkeep.imports === 0) {
        await writeSettings(db, AUTOMERGE_DEFAULT, CRISISMERGE_DEFAULT);
        upkeep.paused = false;
      }
    } catch (error) {
      onError(error);
    } finally {
      upkeep.finishing = null;
    }
  })();
  return upkeep.finishing;
}

/** The upkeep after this process's imports, when under way (tests wait for it). */
export const searchUpkeepSettled = (db: Kysely<Database>): Promise<void> => upkeepOf(db).finishing ?? Promise.resolve();

/**
 * At start-up: a process killed during an import (or its merge) left merging paused in the index.
 * Merge what piled up and put the settings back, in the background, unless an import writes.
 */
export function restoreSearchUpkeep(db: Kysely<Database>, onError: (error: unknown) => void = () => {}): Promise<void> {
  const upkeep = upkeepOf(db);
  upkeep.paused = true;
  return finishUpkeep(db, upkeep, onError);
}

/** One merge step; true when it merged something (FTS5: two or more changes), false when done. */
async function mergeStep(db: Kysely<Database>): Promise<boolean> {
  const before = await totalChanges(db);
  await mergeSearchSegments(db, MERGE_STEP_PAGES);
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
