/**
 * Queries built with Kysely once and then run with new values: building and compiling a query
 * (builders, the operation-node tree, the SQL visitor) cost more than SQLite spent running the
 * small queries of a list page, on every request. The SQL text stays the same per engine, so
 * SQLite's statement cache (connect.ts) hits too.
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from './dialect';
import type { Database } from './schema';

/** Stands for a value given at run time; compiled into the query as an ordinary parameter. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query whose values are named placeholders. `build` receives an object whose properties stand
 * for the values: use them where a value goes (`where('id', '=', p.id)`, `limit(p.size)`) and
 * nowhere else (not in `in` lists, not in JavaScript conditions — the query is built only once).
 *
 * @example
 * const byId = prepared<{ id: number }, { name: string }>((db, p) =>
 *   db.selectFrom('users').select('name').where('id', '=', p.id));
 * const rows = await byId.all(db, { id: 7 });
 */
export function prepared<P extends Record<string, unknown>, R>(build: (db: Kysely<Database>, p: P) => Compilable<R>) {
  const compiled = new Map<string, { sql: string; slots: unknown[] }>();
  const compile = (db: Kysely<Database>) => {
    const engine = dialectOf(db);
    let query = compiled.get(engine);
    if (!query) {
      const p = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as P;
      const { sql, parameters } = build(db, p).compile();
      query = { sql, slots: [...parameters] };
      compiled.set(engine, query);
    }
    return query;
  };
  const run = async (db: Kysely<Database>, values: P): Promise<R[]> => {
    const { sql, slots } = compile(db);
    const parameters = slots.map((slot) => (slot instanceof Slot ? values[slot.name] : slot));
    const result = await db.executeQuery<R>(CompiledQuery.raw(sql, parameters));
    return result.rows;
  };
  return {
    all: run,
    first: async (db: Kysely<Database>, values: P): Promise<R | undefined> => (await run(db, values))[0],
  };
}
