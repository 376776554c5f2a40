/** The columns the grid's filtered pages are answered from (modules/properties/listingTable.ts). */
import { describe, expect, it } from 'vitest';
import { type Listing, type ListingFilter, ListingTable } from '../src/modules/properties/listingTable';

const at = (day: number, ms = 0) => new Date(Date.UTC(2026, 0, day, 10, 0, 0, ms)).toISOString();

function listing(id: number, fields: Partial<Listing> = {}): Listing {
  return { id, created_at: at(1), property_type: 'House', status: 'available', price: null, bedrooms: null, title: null, address: null, location: null, ...fields };
}

const all = (table: ListingTable, filter: ListingFilter = {}) => table.filter(filter, { size: 1_000, offset: 0 });

describe('ListingTable', () => {
  it('orders newest first, the larger id first on the same instant, and pages through that order', () => {
    const table = ListingTable.of([
      listing(1, { created_at: at(3) }),
      listing(2, { created_at: at(5) }),
      listing(3, { created_at: at(3) }),
      listing(4, { created_at: at(3, 1) }),
      listing(5, { created_at: at(1) }),
    ]);
    expect(all(table, { status: 'available' })).toEqual({ ids: [2, 4, 3, 1, 5], total: 5, more: false });
    expect(table.filter({ status: 'available' }, { size: 2, offset: 2 })).toEqual({ ids: [3, 1], total: 5, more: true });
    expect(table.filter({ status: 'available' }, { size: 2, offset: 3 })).toEqual({ ids: [1, 5], total: 5, more: false });
    expect(table.filter({ status: 'available' }, { size: 2, offset: 6 })).toEqual({ ids: [], total: 5, more: false });
  });

  it('pages after an order key as it pages by offset, whether or not that listing is still there', () => {
    const table = ListingTable.of([
      listing(1, { created_at: at(3) }),
      listing(2, { created_at: at(5) }),
      listing(3, { created_at: at(3), property_type: 'Villa' }),
      listing(4, { created_at: at(3, 1), property_type: 'Villa' }),
      listing(5, { created_at: at(1) }),
    ]);
    const after = (id: number, day: number, ms = 0) => ({ size: 2, after: { time: Date.parse(at(day, ms)), id } });
    // Newest first: 2, 4, 3, 1, 5.
    expect(table.filter({}, after(2, 5))).toEqual({ ids: [4, 3], total: 5, more: true });
    expect(table.filter({}, after(3, 3))).toEqual({ ids: [1, 5], total: 5, more: false });
    expect(table.filter({}, after(5, 1))).toEqual({ ids: [], total: 5, more: false });
    // A key no listing has any more (id 9 on day 4): the next older ones, nothing skipped.
    expect(table.filter({}, after(9, 4))).toEqual({ ids: [4, 3], total: 5, more: true });
    // Ties on the instant go by id: after 3 comes 1, never 3 again.
    expect(table.filter({}, { size: 5, after: { time: Date.parse(at(3)), id: 3 } }).ids).toEqual([1, 5]);
    // With a filter or a search the total still counts every match, before the key too.
    expect(table.filter({ type: 'Villa' }, after(4, 3, 1))).toEqual({ ids: [3], total: 2, more: false });
    expect(table.filter({ type: 'House' }, after(2, 5))).toEqual({ ids: [1, 5], total: 3, more: false });
  });

  it('counts its bytes: columns, text (two bytes a character past Latin-1) and names', () => {
    const latin = ListingTable.of([listing(1, { title: 'Éclat' }), listing(2, { title: 'Lake' })]);
    const wide = ListingTable.of([listing(1, { title: 'Éclat' }), listing(2, { title: 'झील' })]);
    expect(wide.bytes).toBeGreaterThan(latin.bytes);
    expect(latin.with(listing(3, { title: 'झील' })).bytes).toBeGreaterThan(latin.with(listing(3, { title: 'abc' })).bytes);
    const big = ListingTable.of(Array.from({ length: 1000 }, (_, i) => listing(i + 1, { title: `${i} BHK House in Kondapur, Hyderabad` })));
    // About 36 bytes of columns and the text's ~40 characters per listing.
    expect(big.bytes).toBeGreaterThan(70_000);
    expect(big.bytes).toBeLessThan(90_000);
    expect(big.nameCount).toBe(2);
  });

  it('filters as SQL does: exact type and status, price and bedrooms ranges that leave out listings without a value', () => {
    const table = ListingTable.of([
      listing(1, { property_type: 'Villa', price: 5_000_000, bedrooms: 3 }),
      listing(2, { property_type: 'Villa', price: null, bedrooms: 4 }),
      listing(3, { property_type: 'Plot', price: 9_000_000, bedrooms: null, status: 'unavailable' }),
      listing(4, { property_type: null, price: 0, bedrooms: 0 }),
    ]);
    expect(all(table, { type: 'Villa' }).ids).toEqual([2, 1]);
    expect(all(table, { type: 'villa' }).total).toBe(0);
    expect(all(table, { type: 'Castle' }).total).toBe(0);
    expect(all(table, { status: 'unavailable' }).ids).toEqual([3]);
    expect(all(table, { minPrice: 0 }).ids).toEqual([4, 3, 1]);
    expect(all(table, { maxPrice: 5_000_000 }).ids).toEqual([4, 1]);
    expect(all(table, { minPrice: 5_000_000, maxPrice: 9_000_000 }).ids).toEqual([3, 1]);
    expect(all(table, { bedrooms: 0 }).ids).toEqual([4, 2, 1]);
    expect(all(table, { bedrooms: 4 }).ids).toEqual([2]);
    expect(all(table, { type: 'Villa', bedrooms: 3, maxPrice: 6_000_000 }).ids).toEqual([1]);
  });

  it('searches title, address and location joined by spaces, any case, every character literal, never across listings', () => {
    const table = ListingTable.of([
      listing(1, { title: 'Éclat Heights', address: '12, MG Road', location: 'Bengaluru' }),
      listing(2, { title: 'The "Orchid" 100% Villa_9' }),
      listing(3, { title: 'abc' }),
      listing(4, { title: 'def' }),
    ]);
    expect(all(table, { search: 'éclat' }).ids).toEqual([1]);
    expect(all(table, { search: 'ÉCLAT HEIGHTS 12, mg' }).ids).toEqual([1]);
    expect(all(table, { search: 'road bengaluru' }).ids).toEqual([1]);
    expect(all(table, { search: '"orchid"' }).ids).toEqual([2]);
    expect(all(table, { search: '100%' }).ids).toEqual([2]);
    expect(all(table, { search: 'a_9' }).ids).toEqual([2]);
    expect(all(table, { search: '%v' }).total).toBe(0);
    // "abc" and "def" sit side by side in the table's text; a search never joins them.
    expect(all(table, { search: 'cdef' }).total).toBe(0);
    expect(all(table, { search: 'c\u0000d' }).total).toBe(0);
    expect(all(table, { search: 'c  d' }).total).toBe(0);
    // Searching with filters: the text and every filter.
    expect(all(table, { search: 'e', type: 'House' }).ids).toEqual([4, 2, 1]);
  });

  it('after any run of adds, edits and deletes answers as a table built afresh from the same listings', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const make = (id: number): Listing =>
      listing(id, {
        created_at: at(1 + random(20), random(3)),
        property_type: ['Plot', 'Villa', 'House', null][random(4)]!,
        status: ['available', 'unavailable'][random(2)]!,
        price: random(5) === 0 ? null : random(10) * 1_000_000,
        bedrooms: random(5) === 0 ? null : random(6),
        title: ['Lake View', 'Hill Top', 'MG Road', 'Éclat'][random(4)]!,
        location: ['Pune', 'Goa'][random(2)]!,
      });
    const current = new Map<number, Listing>();
    for (let id = 1; id <= 40; id++) current.set(id, make(id));
    let table = ListingTable.of(current.values());
    const filters: ListingFilter[] = [
      {},
      { type: 'Villa' },
      { search: 'lake' },
      { search: 'é', status: 'available' },
      { minPrice: 3_000_000, maxPrice: 7_000_000, bedrooms: 2 },
    ];
    for (let step = 0; step < 300; step++) {
      const id = 1 + random(60);
      if (random(3) === 0) {
        current.delete(id);
        table = table.without(id);
      } else {
        const next = make(id);
        current.set(id, next);
        table = table.with(next);
      }
      const fresh = ListingTable.of(current.values());
      expect(table.size).toBe(current.size);
      for (const filter of filters) {
        const page = { size: 7, offset: random(5) };
        expect(table.filter(filter, page), `step ${step} ${JSON.stringify(filter)}`).toEqual(fresh.filter(filter, page));
        const key = { size: 7, after: { time: Date.parse(at(1 + random(20), random(3))), id: random(60) } };
        expect(table.filter(filter, key), `step ${step} after ${JSON.stringify(key)}`).toEqual(fresh.filter(filter, key));
      }
    }
  });
});
