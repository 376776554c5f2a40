/**
 * What differs between the two engines, known in this one file: which engine a database handle
 * (or a transaction on it) runs on, and how each reports a unique-constraint violation. Code that
 * takes a different path per engine asks here, never the handle's adapter or driver itself.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The engine of `db`, read from Kysely's adapter: a transaction carries its database's adapter, so
 * a repository handed either gets the same answer. Cheap enough for every request (one property
 * read and an `instanceof`).
 *
 * @example if (dialectOf(db) === 'postgres') await sql`select pg_advisory_xact_lock(1)`.execute(db);
 */
export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** True when `db` runs on PostgreSQL. */
export const isPostgres = <DB>(db: Kysely<DB>): boolean => dialectOf(db) === 'postgres';

/** True for either engine's unique-constraint violation (a race that a prior check could not see). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}
