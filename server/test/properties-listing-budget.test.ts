/**
 * The listings kept in memory for filtered pages (modules/properties/listings.ts) share one memory
 * budget per process (LISTING_CACHE_MB): past it the companies used least recently are let go,
 * and an evicted company's next filtered request reads its listings again and answers as before,
 * changes made meanwhile included.
 */
import { describe, expect, it } from 'vitest';
import { companyIdOf } from './helpers/leads';
import { propertyForm } from './helpers/properties';
import type { Persona } from './helpers/testApp';
import { useTestApp } from './helpers/testApp';
import { DEFAULT_LISTING_CACHE_MB, keptListings, listingCacheBytes, listingReads, setListingBudget, turns } from '../src/modules/properties/listings';

const ctx = useTestApp();
const API = '/api/v1/properties';
const MB = 1024 * 1024;

interface Listed {
  id: number;
  title: string | null;
  property_type: string | null;
}

async function list(persona: Persona, query: string) {
  const res = await ctx.inject(persona, { method: 'GET', url: `${API}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Listed[]; total: number };
}

/** The Villas as a filtered page answers them, and as the unfiltered pages (the database) list them. */
async function villas(persona: Persona): Promise<{ answered: number[]; expected: number[] }> {
  const answered = (await list(persona, 'type=Villa&limit=1000')).data.map((p) => p.id);
  const expected = (await list(persona, 'limit=1000')).data.filter((p) => p.property_type === 'Villa').map((p) => p.id);
  return { answered, expected };
}

const companies = async () => ({ skyline: (await companyIdOf(ctx.app.db, 'skylineAdmin'))!, harbor: (await companyIdOf(ctx.app.db, 'harborAdmin'))! });

describe('LISTING_CACHE_MB', () => {
  it('is a number of megabytes, 64 when unset; anything else stops the start', () => {
    expect(DEFAULT_LISTING_CACHE_MB).toBe(64);
    expect(listingCacheBytes({})).toBe(64 * MB);
    expect(listingCacheBytes({ LISTING_CACHE_MB: ' 16 ' })).toBe(16 * MB);
    expect(listingCacheBytes({ LISTING_CACHE_MB: '0.5' })).toBe(MB / 2);
    for (const bad of ['abc', '-1', '1e3', '16MB']) expect(() => listingCacheBytes({ LISTING_CACHE_MB: bad })).toThrow(/LISTING_CACHE_MB/);
  });
});

describe('reading copies in turn', () => {
  it('runs at most two at a time, the others in the order they came, a failure passing its turn on', async () => {
    const inTurn = turns(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      running--;
      if (n === 1) throw new Error('read failed');
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => inTurn(job(n))));
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order.slice(2)).toEqual([3, 4, 5, 6]);
    expect(await inTurn(async () => 'free again')).toBe('free again');
  });
});

describe('the budget of the listings kept in memory', () => {
  it('keeps every company while they fit, and counts their bytes', async () => {
    const { skyline, harbor } = await companies();
    setListingBudget(ctx.app.db, 64 * MB);
    await list('skylineAdmin', 'type=Villa');
    await list('harborAdmin', 'type=Villa');
    const reads = listingReads(ctx.app.db);
    await list('skylineAdmin', 'type=House');
    await list('harborAdmin', 'type=House');
    expect(listingReads(ctx.app.db)).toBe(reads);
    const kept = keptListings(ctx.app.db);
    expect(kept.companies).toEqual([skyline, harbor]);
    // 30 demo listings each: a few kilobytes, not nothing.
    expect(kept.bytes).toBeGreaterThan(2 * 1024);
    expect(kept.bytes).toBeLessThan(64 * 1024);
    // This server's own add patches the copy and counts its bytes.
    const form = propertyForm({ title: 'A rather long title for the budget test, Whitefield, Bengaluru', property_type: 'Villa' }, []);
    expect((await ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: form.payload, headers: form.headers })).statusCode).toBe(201);
    expect(keptListings(ctx.app.db).bytes).toBeGreaterThan(kept.bytes);
    expect(listingReads(ctx.app.db)).toBe(reads);
  });

  it('lets the least recently used company go past it, and reads an evicted one again, correctly, on its next request', async () => {
    const { skyline, harbor } = await companies();
    setListingBudget(ctx.app.db, 64 * MB);
    await list('skylineAdmin', 'type=Villa');
    await list('harborAdmin', 'type=Villa');
    const both = keptListings(ctx.app.db).bytes;
    // Room for one company's copy only.
    setListingBudget(ctx.app.db, Math.ceil(both * 0.75));
    let reads = listingReads(ctx.app.db);
    const first = await villas('skylineAdmin');
    expect(first.answered).toEqual(first.expected);
    expect(keptListings(ctx.app.db).companies).toEqual([skyline]);
    expect(keptListings(ctx.app.db).bytes).toBeLessThanOrEqual(keptListings(ctx.app.db).budget);
    expect(listingReads(ctx.app.db)).toBe(reads);

    // Harbor's copy was let go a moment ago: read again, and Skyline's goes.
    const harborVillas = await villas('harborAdmin');
    expect(harborVillas.answered).toEqual(harborVillas.expected);
    expect(listingReads(ctx.app.db)).toBe(reads + 1);
    expect(keptListings(ctx.app.db).companies).toEqual([harbor]);

    // While evicted, Skyline changes: through this server and behind its back.
    const form = propertyForm({ title: 'Evicted Villa', property_type: 'Villa' }, []);
    const made = await ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: form.payload, headers: form.headers });
    expect(made.statusCode).toBe(201);
    const stamp = new Date().toISOString();
    await ctx.app.db
      .insertInto('properties')
      .values({ company_id: skyline, title: 'Behind its back Villa', property_type: 'Villa', status: 'available', created_at: stamp, updated_at: stamp })
      .execute();
    reads = listingReads(ctx.app.db);
    const again = await villas('skylineAdmin');
    expect(listingReads(ctx.app.db)).toBe(reads + 1);
    expect(again.answered).toEqual(again.expected);
    expect(again.answered).toHaveLength(first.answered.length + 2);
    expect((await list('skylineAdmin', 'search=evicted villa')).data.map((p) => p.title)).toEqual(['Evicted Villa']);
    expect(keptListings(ctx.app.db).companies).toEqual([skyline]);
  });

  it('keeps the company in use even when it alone is over the budget', async () => {
    const { harbor } = await companies();
    setListingBudget(ctx.app.db, 0);
    const answer = await villas('harborAdmin');
    expect(answer.answered).toEqual(answer.expected);
    expect(keptListings(ctx.app.db).companies).toEqual([harbor]);
    const reads = listingReads(ctx.app.db);
    await list('harborAdmin', 'type=House');
    expect(listingReads(ctx.app.db)).toBe(reads);
    setListingBudget(ctx.app.db, 64 * MB);
  });
});
