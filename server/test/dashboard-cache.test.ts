/** The summaries' cache on its own: how long an entry serves, and what drops it. */
import { describe, expect, it } from 'vitest';
import { FRESH_MS, SummaryCache } from '../src/modules/dashboard/cache';

function setup() {
  let now = 1_000_000;
  let computed = 0;
  const cache = new SummaryCache<number>(() => now);
  const compute = () => Promise.resolve(++computed);
  return { cache, compute, advance: (ms: number) => void (now += ms), computed: () => computed };
}

describe('SummaryCache', () => {
  it('serves an entry for less than FRESH_MS (at most half a minute), then counts again', async () => {
    const { cache, compute, advance } = setup();
    expect(FRESH_MS).toBeLessThanOrEqual(30_000);
    expect(await cache.get(1, compute)).toBe(1);
    advance(FRESH_MS - 1);
    expect(await cache.get(1, compute)).toBe(1);
    advance(1);
    expect(await cache.get(1, compute)).toBe(2);
  });

  it('keeps companies apart and drops one company, or all on a change by someone of no company', async () => {
    const { cache, compute } = setup();
    expect([await cache.get(1, compute), await cache.get(2, compute)]).toEqual([1, 2]);
    cache.invalidate(1);
    expect([await cache.get(1, compute), await cache.get(2, compute)]).toEqual([3, 2]);
    cache.invalidate(null);
    expect([await cache.get(1, compute), await cache.get(2, compute)]).toEqual([4, 5]);
  });

  it('shares one count among callers asking meanwhile, and keeps no failure', async () => {
    const { cache, computed } = setup();
    let release!: (n: number) => void;
    const slow = () => new Promise<number>((resolve) => (release = resolve));
    const [a, b] = [cache.get(7, slow), cache.get(7, slow)];
    release(42);
    expect(await Promise.all([a, b])).toEqual([42, 42]);
    expect(computed()).toBe(0);
    cache.invalidate(7);
    await expect(cache.get(7, () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.get(7, () => Promise.resolve(9))).toBe(9);
  });

  it('counts again when the stamp it was made under has moved (another process changed the company)', async () => {
    const { cache, compute } = setup();
    expect(await cache.get(1, compute, 'a')).toBe(1);
    expect(await cache.get(1, compute, 'a')).toBe(1);
    expect(await cache.get(1, compute, 'b')).toBe(2);
    expect(await cache.get(1, compute, 'b')).toBe(2);
  });

  it('a clock set back does not keep an entry forever', async () => {
    const { cache, compute, advance } = setup();
    await cache.get(1, compute);
    advance(-5_000);
    expect(await cache.get(1, compute)).toBe(2);
  });
});
