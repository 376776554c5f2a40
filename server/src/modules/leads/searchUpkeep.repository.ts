/**
 * The statements of the SQLite search index's upkeep (searchMerging.ts says when they run): FTS5's
 * settings and merge steps, written as rows of `leads_search`'s own config column.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** Sets FTS5's `automerge` for the rest of the transaction (SQLite; `db` should be that transaction). */
export async function setSearchAutomerge(db: Kysely<Database>, segments: number): Promise<void> {
  // CAST: FTS5 takes only an integer here, and a JavaScript number may be bound as a real.
  await sql`INSERT INTO leads_search (leads_search, rank) VALUES ('automerge', CAST(${segments} AS INTEGER))`.execute(db);
}

/** One FTS5 setting of the search index (SQLite; stored in its config table, so it lasts until set again). */
export async function setSearchOption(db: Kysely<Database>, option: 'automerge' | 'crisismerge' | 'hashsize', value: number): Promise<void> {
  await sql`INSERT INTO leads_search (leads_search, rank) VALUES (${option}, CAST(${value} AS INTEGER))`.execute(db);
}

/** SQLite's count of rows changed on this connection so far. */
export const totalChanges = async (db: Kysely<Database>): Promise<number> =>
  Number((await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db)).rows[0]?.n ?? 0);

/** One FTS5 merge step of `pages` pages (positive: only levels that hold `usermerge` segments). */
export async function mergeSearchSegments(db: Kysely<Database>, pages: number): Promise<void> {
  await sql`INSERT INTO leads_search (leads_search, rank) VALUES ('merge', CAST(${pages} AS INTEGER))`.execute(db);
}
