/**
 * SQLite's write-ahead log goes back into the database file from the checkpoint thread
 * (db/checkpointer.ts), never inside a commit: the writer's own checkpointing is off, and the file
 * grows with what was written within a few seconds, with no query of ours asking for it.
 */
import { statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { closeHandle, openSqlite } from '../src/db/connect';
import { testEngine } from './helpers/testDb';

describe.runIf(testEngine() === 'sqlite')('SQLite checkpoints', () => {
  it('happen in their own thread, not in the commit', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ed-checkpoint-'));
    const file = path.join(dir, 'c.sqlite');
    const handle = openSqlite(file);
    try {
      const auto = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(handle.db);
      expect(Number(auto.rows[0]!.wal_autocheckpoint)).toBe(0);
      await sql`CREATE TABLE filler (text TEXT)`.execute(handle.db);
      const before = statSync(file).size;
      await handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 200; i++) await sql`INSERT INTO filler VALUES (${'x'.repeat(10_000)})`.execute(trx);
      });
      // About 2 MB went to the log; the thread copies it into the file.
      const deadline = Date.now() + 10_000;
      while (statSync(file).size < before + 1_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(statSync(file).size).toBeGreaterThan(before + 1_000_000);
    } finally {
      await closeHandle(handle);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
