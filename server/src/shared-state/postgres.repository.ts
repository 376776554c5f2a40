/**
 * The shared state of processes on one PostgreSQL: windows counted by one upsert each, records
 * changed under a row lock. Values are JSON text. Queried on the writer pool: a count must be
 * read where it was written.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { NextRecord, SharedStore, WindowHit } from './store';

export class PostgresStore implements SharedStore {
  readonly shared = true;

  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowMs: number, now: number): Promise<WindowHit> {
    const row = await this.db
      .insertInto('limit_windows')
      .values({ key, count: 1, reset_at: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when limit_windows.reset_at <= ${now} then 1 else limit_windows.count + 1 end`,
          reset_at: sql<number>`case when limit_windows.reset_at <= ${now} then excluded.reset_at else limit_windows.reset_at end`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  async giveBack(key: string, resetAt: number): Promise<void> {
    await this.db
      .updateTable('limit_windows')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('reset_at', '=', resetAt)
      .where('count', '>', 0)
      .execute();
  }

  change<T, R>(key: string, now: number, change: (current: T | null) => { next: NextRecord<T>; result: R }): Promise<R> {
    return this.db.transaction().execute(async (trx) => {
      // One statement makes the row (an expired placeholder when new) and locks it: two processes
      // changing one key queue on that lock, and a row another removes meanwhile is made again.
      // (A separate insert-if-missing and SELECT … FOR UPDATE could find nothing in between.)
      const row = await trx
        .insertInto('shared_records')
        .values({ key, value: 'null', expires_at: 0 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ key: (eb) => eb.ref('excluded.key') }))
        .returning(['value', 'expires_at'])
        .executeTakeFirstOrThrow();
      const { next, result } = change(Number(row.expires_at) > now ? (JSON.parse(row.value) as T) : null);
      if (next === 'keep') return result;
      if (next) {
        await trx.updateTable('shared_records').set({ value: JSON.stringify(next.value), expires_at: next.expiresAt }).where('key', '=', key).execute();
      } else {
        await trx.deleteFrom('shared_records').where('key', '=', key).execute();
      }
      return result;
    });
  }

  async get<T>(key: string, now: number): Promise<T | null> {
    const row = await this.db.selectFrom('shared_records').select('value').where('key', '=', key).where('expires_at', '>', now).executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : null;
  }

  async put<T>(key: string, value: T, expiresAt: number): Promise<void> {
    const text = JSON.stringify(value);
    await this.db
      .insertInto('shared_records')
      .values({ key, value: text, expires_at: expiresAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, expires_at: expiresAt }))
      .execute();
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('shared_records').where('key', '=', key).execute();
  }

  async sweep(now: number): Promise<void> {
    await this.db.deleteFrom('limit_windows').where('reset_at', '<=', now).execute();
    await this.db.deleteFrom('shared_records').where('expires_at', '<=', now).execute();
  }

  async clear(): Promise<void> {
    await this.db.deleteFrom('limit_windows').execute();
    await this.db.deleteFrom('shared_records').execute();
  }
}
