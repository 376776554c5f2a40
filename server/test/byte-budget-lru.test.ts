// The byte-budgeted copies a process keeps (lib/byteBudgetLru.ts): recency, counting, eviction.
import { describe, expect, it } from 'vitest';
import { ByteBudgetLru, perDatabase } from '../src/lib/byteBudgetLru';

describe('ByteBudgetLru', () => {
  it('lets the least recently used go first while over budget, sparing the one asked', () => {
    const gone: string[] = [];
    const lru = new ByteBudgetLru<string, number>(10, (key) => gone.push(key));
    lru.set('a', 1, 4);
    lru.set('b', 2, 4);
    lru.touch('a');
    lru.set('c', 3, 4);
    expect(lru.bytes).toBe(12);
    lru.evict('b');
    expect(gone).toEqual(['a']);
    expect(lru.keys()).toEqual(['b', 'c']);
    expect(lru.bytes).toBe(8);
  });

  it('counts a value again when it grows, and a replaced value is forgotten first', () => {
    const gone: Array<[string, number]> = [];
    const lru = new ByteBudgetLru<string, number>(100, (key, value) => gone.push([key, value]));
    lru.set('a', 1, 10);
    lru.recount('a', 25);
    expect(lru.bytes).toBe(25);
    lru.set('a', 2, 5);
    expect(gone).toEqual([['a', 1]]);
    expect(lru.bytes).toBe(5);
    lru.recount('missing', 50);
    lru.forget('missing');
    expect(lru.bytes).toBe(5);
  });

  it('keeps one of something per database handle', () => {
    let made = 0;
    const of = perDatabase(() => ({ n: ++made }));
    const one = {};
    expect(of(one)).toBe(of(one));
    expect(of({}).n).toBe(2);
  });
});
