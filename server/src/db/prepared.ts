/**
 * Queries built with Kysely once and then run with new values: building and compiling a query
 * (builders, the operation-node tree, the SQL visitor) cost more than SQLite spent running the
 * small queries of a list page, on every request. The SQL text stays the same per engine, so
 * SQLite's statement cache (connect.ts) hits too, and on PostgreSQL it runs as a named statement.
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from './dialect';
import type { Database } from './schema';

/** Most SQL texts given a name: each named statement is kept by every pooled connection that ran it. */
const MAX_NAMED = 256;
const statementNames = new Map<string, string>();

/**
 * Marks a query text to run as a named statement on PostgreSQL (connect.ts): parsed and planned
 * once per connection, then only bound and run. For texts that never change and run often; a
 * statement whose best plan depends on its values (a search pattern) should stay unnamed, since
 * after five runs PostgreSQL may settle on one generic plan for all values. Returns `sql`.
 *
 * @example const text = namedStatement('select name from users where id = $1');
 */
export function namedStatement(sql: string): string {
  if (!statementNames.has(sql) && statementNames.size < MAX_NAMED) statementNames.set(sql, `ed_${statementNames.size + 1}`);
  return sql;
}

/** The name given to a query text, if any. */
export const statementNameOf = (sql: string): string | undefined => statementNames.get(sql);

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
      query = { sql: engine === 'postgres' ? namedStatement(sql) : sql, slots: [...parameters] };
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
