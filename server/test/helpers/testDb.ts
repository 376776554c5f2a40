/**
 * A fresh database for one test file, on the engine the project names (ED_TEST_DB): a temp-file
 * SQLite database, or a new PostgreSQL database on PG_TEST_URL. Real migrations run on it later.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { closeHandle, type DbHandle, openPostgres, openSqlite } from '../../src/db/connect';

export interface TestDatabase {
  handle: DbHandle;
  /** A temp folder for this file (data dir: uploads, secrets). */
  dir: string;
  drop(): Promise<void>;
}

export const testEngine = (): 'sqlite' | 'postgres' => (process.env.ED_TEST_DB === 'postgres' ? 'postgres' : 'sqlite');

export async function createTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ed-test-'));
  if (testEngine() === 'sqlite') {
    const handle = openSqlite(path.join(dir, 'test.sqlite'));
    return {
      handle,
      dir,
      async drop() {
        await closeHandle(handle);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.PG_TEST_URL;
  if (!base) throw new Error('PG_TEST_URL is not set (the postgres project needs it)');
  const name = `ed_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 4);
  return {
    handle,
    dir,
    async drop() {
      await handle.db.destroy();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
