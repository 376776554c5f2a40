/**
 * Opens the database: PostgreSQL when a URL is given, else one SQLite file (WAL, busy timeout,
 * foreign keys, writes in `BEGIN IMMEDIATE` transactions so two writers never deadlock on upgrade).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  type DatabaseConnection,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Dialect,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { type Checkpointer, startCheckpointer } from './checkpointer';
import { type DialectName, dialectOf } from './dialect';
import { statementNameOf } from './prepared';
import type { Database } from './schema';

export type { DialectName } from './dialect';

export interface DbHandle {
  db: Kysely<Database>;
  /** The engine (dialect.ts), for start-up lines and the health answer. */
  dialect: DialectName;
  /**
   * SQLite only: a second, read-only connection to the same file. The writer connection is held
   * by a transaction for as long as it runs (a 100,000-row import: seconds), and every query on it
   * waits; under WAL a reader on its own connection runs beside the writer and sees every
   * committed change. PostgreSQL's pool needs none.
   */
  reader?: Kysely<Database>;
  /** SQLite files only: the thread that copies the write-ahead log back (checkpointer.ts). */
  checkpointer?: Checkpointer;
  /** PostgreSQL only: the pool, so its reports of connections the server closed are heard (plugins/db.ts). */
  pool?: pg.Pool;
}

const handleOf = (db: Kysely<Database>, reader?: Kysely<Database>): DbHandle => ({ db, dialect: dialectOf(db), ...(reader ? { reader } : {}) });

/** SQLite's default `BEGIN` is deferred; a read that later writes can then fail with SQLITE_BUSY. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function immediateSqliteDialect(config: SqliteDialectConfig): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver(config),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/** Most prepared statements kept per SQLite connection (least recently used go first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, with prepared statements reused: Kysely prepares every query
 * anew, and preparing costs more than running most of ours (a list page spent more time in
 * `prepare` than in everything else). Safe because Kysely runs one query at a time per connection.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  } as SqliteDialectConfig['database'];
}

/** Opens (and creates) a SQLite database file, with its read connection (`DbHandle.reader`) unless in memory. */
export function openSqlite(file: string): DbHandle {
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: immediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  if (inMemory) return handleOf(db);
  // The log is copied back by a thread of its own, never inside a commit (checkpointer.ts); a log
  // grown by a big import is cut back to 64 MB once it has been copied.
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  const checkpointer = startCheckpointer(file);
  // Opened after the writer, which created the file and switched it to WAL.
  const readOnly = new SqliteDatabase(file, { readonly: true });
  readOnly.pragma('busy_timeout = 5000');
  const reader = new Kysely<Database>({ dialect: immediateSqliteDialect({ database: withStatementCache(readOnly) }) });
  return { ...handleOf(db, reader), checkpointer };
}

/** Closes a handle's connections (and its checkpoint thread). */
export async function closeHandle(handle: DbHandle): Promise<void> {
  await handle.checkpointer?.stop();
  await handle.reader?.destroy();
  await handle.db.destroy();
}

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;
const parseTimestamp = pg.types.getTypeParser(TIMESTAMPTZ_OID) as (value: string) => Date;
/** A timestamptz as a session in UTC writes it (see SESSION_OPTIONS). */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as ISO text with milliseconds, as `Date#toISOString` writes it. The usual form is
 * rewritten as text, with no Date built and thrown away per value; any other form (BC, years past
 * 9999, infinity) goes through pg's own parser.
 * @example isoTimestamp('2026-11-22 10:00:00.12+00') // '2026-11-22T10:00:00.120Z'
 */
export function isoTimestamp(value: string): string {
  const match = UTC_TIMESTAMP.exec(value);
  if (!match) return parseTimestamp(value).toISOString();
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/**
 * Settings of every pooled session: UTC, so timestamps arrive in the form isoTimestamp reads
 * without a Date; no JIT, which compiles a query that the planner guesses is big before running it
 * (a count over 100,000 leads: 155 ms with JIT, 39 without); and a named statement runs on its one
 * generic plan. Left to choose, PostgreSQL kept planning the leads page anew on every call (a
 * generic plan cannot know LIMIT $3 is 10, so it looked dearer than planning): 445 → 155 µs of
 * the backend's CPU per page. Only the texts prepared.ts names are named — key lookups and pages
 * whose plans were checked generic — and unnamed statements (searches) are planned per call
 * whatever this says.
 */
const SESSION_OPTIONS = '-c TimeZone=UTC -c jit=off -c plan_cache_mode=force_generic_plan';

/**
 * Connections per process. PostgreSQL runs one backend process per connection, and on a small
 * machine more backends than cores only queue on the CPU; one connection is held by the shared
 * state's LISTEN, and an import holds one while it writes.
 */
export const PG_POOL_SIZE = 6;

/**
 * A statement that the pool's client runs itself, for what Kysely cannot send as text and values
 * (COPY … FROM STDIN): pass it as the only parameter of a CompiledQuery whose SQL is the statement.
 */
export interface ClientStatement {
  readonly runsOnClient: true;
  run(client: pg.PoolClient, sql: string): Promise<pg.QueryResult>;
}

const isClientStatement = (value: unknown): value is ClientStatement =>
  typeof value === 'object' && value !== null && (value as Partial<ClientStatement>).runsOnClient === true;

/**
 * The pool as Kysely sees it: a query whose text prepared.ts has named runs as a named statement,
 * which PostgreSQL parses and plans once per connection instead of on every call (parse and plan
 * took longer than running a list page's queries), and a ClientStatement runs on the raw client.
 */
function statementPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((text: unknown, values?: unknown[]) => {
      if (typeof text !== 'string') return client.query(text as pg.QueryConfig);
      const only = values?.length === 1 ? values[0] : undefined;
      if (isClientStatement(only)) return only.run(client, text);
      const name = statementNameOf(text);
      return client.query(name ? { name, text, values } : { text, values });
    }) as unknown as PostgresPoolClient['query'],
    // pg-pool gives a client a new `release` each time it lends it: looked up at the call.
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** Opens a PostgreSQL pool. Big integers (counts) come back as numbers, timestamps as ISO text. */
export function openPostgres(connectionString: string, max = PG_POOL_SIZE): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    options: SESSION_OPTIONS,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8_OID) return (v: string) => Number(v);
        if (oid === TIMESTAMPTZ_OID) return isoTimestamp;
        return pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  return { ...handleOf(new Kysely<Database>({ dialect: new PostgresDialect({ pool: statementPool(pool) }) })), pool };
}

/** The database named by the settings: DATABASE_URL, else DATA_DIR/estatedesk.sqlite. */
export function openDatabase(settings: { databaseUrl: string | null; dataDir: string }): DbHandle {
  if (settings.databaseUrl) return openPostgres(settings.databaseUrl);
  return openSqlite(path.join(settings.dataDir, 'estatedesk.sqlite'));
}
