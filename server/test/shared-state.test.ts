/**
 * The shared state's store as the server picks it for the engine: memory on SQLite, PostgreSQL's
 * tables on PostgreSQL. The same rules on both: windows count and restart, a hit is given back
 * only in its own window, records expire, and changes made at once never lose one another.
 */
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/shared-state/memory';
import { PostgresStore } from '../src/shared-state/postgres.repository';
import { useTestApp } from './helpers/testApp';
import { testEngine } from './helpers/testDb';

const ctx = useTestApp();
const store = () => ctx.app.shared.store;

describe('shared state store', () => {
  it('is the database on PostgreSQL and this process on SQLite', () => {
    expect(store()).toBeInstanceOf(testEngine() === 'postgres' ? PostgresStore : MemoryStore);
    expect(store().shared).toBe(testEngine() === 'postgres');
  });

  it('counts hits in a fixed window, starts a new one when it ends, and gives a hit back only within its window', async () => {
    const key = `test|window|${Math.random()}`;
    const first = await store().hit(key, 1000, 10_000);
    expect(first).toEqual({ count: 1, resetAt: 11_000 });
    expect(await store().hit(key, 1000, 10_500)).toEqual({ count: 2, resetAt: 11_000 });
    await store().giveBack(key, 11_000);
    expect(await store().hit(key, 1000, 10_900)).toEqual({ count: 2, resetAt: 11_000 });
    const next = await store().hit(key, 1000, 11_000);
    expect(next).toEqual({ count: 1, resetAt: 12_000 });
    // A give-back for the ended window leaves the new one alone.
    await store().giveBack(key, 11_000);
    expect(await store().hit(key, 1000, 11_100)).toEqual({ count: 2, resetAt: 12_000 });
  });

  it('keeps a record until it expires; sweeping drops what expired', async () => {
    const key = `test|record|${Math.random()}`;
    await store().put(key, { phase: 'writing' }, 5000);
    expect(await store().get(key, 4999)).toEqual({ phase: 'writing' });
    expect(await store().get(key, 5000)).toBeNull();
    await store().sweep(4000);
    expect(await store().get(key, 4000)).toEqual({ phase: 'writing' });
    await store().sweep(5000);
    // Gone for good: even a reader with an earlier clock finds nothing.
    expect(await store().get(key, 1)).toBeNull();
    await store().put(key, 1, 9000);
    await store().remove(key);
    expect(await store().get(key, 1)).toBeNull();
  });

  it('applies changes made at the same moment one after another, so none is lost', async () => {
    const key = `test|counter|${Math.random()}`;
    const bump = () => store().change<number, number>(key, 0, (n) => ({ next: { value: (n ?? 0) + 1, expiresAt: 60_000 }, result: (n ?? 0) + 1 }));
    const results = await Promise.all(Array.from({ length: 25 }, bump));
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await store().get(key, 0)).toBe(25);
    // An expired record is seen as missing, and `null` removes one.
    expect(await store().change<number, number | null>(key, 60_000, (n) => ({ next: null, result: n }))).toBeNull();
    expect(await store().get(key, 0)).toBeNull();
  });
});
