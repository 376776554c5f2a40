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

/** Opens a PostgreSQL pool. Big integers (counts) come back as numbers, timestamps as ISO text. */
export function openPostgres(connectionString: string, max = 10): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8_OID) return (v: string) => Number(v);
        if (oid === TIMESTAMPTZ_OID) return (v: string) => parseTimestamp(v).toISOString();
        return pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  return handleOf(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }));
}

/** The database named by the settings: DATABASE_URL, else DATA_DIR/estatedesk.sqlite. */
export function openDatabase(settings: { databaseUrl: string | null; dataDir: string }): DbHandle {
  if (settings.databaseUrl) return openPostgres(settings.databaseUrl);
  return openSqlite(path.join(settings.dataDir, 'estatedesk.sqlite'));
}
