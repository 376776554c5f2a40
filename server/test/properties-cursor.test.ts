/**
 * Cursor paging of the property list (docs/properties-api.md): `cursor` = an earlier answer's
 * `next_cursor` gives the page after that card, newest first, unfiltered (the database) and
 * filtered (the listings in memory) alike. It must walk what page numbers walk, stay put when
 * cards are added or removed between pages, break ties on the same instant by id (to the
 * microsecond on PostgreSQL), stay within the caller's company, and refuse what it did not write.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_CURSOR_INVALID, PropertiesListAnswer } from '../../src/contract';
import { companyIdOf } from './helpers/leads';
import { propertyForm } from './helpers/properties';
import type { Persona } from './helpers/testApp';
import { useTestApp } from './helpers/testApp';
import { testEngine } from './helpers/testDb';

const ctx = useTestApp();
const API = '/api/v1/properties';

interface Page {
  data: Array<{ id: number; title: string | null; created_at: string }>;
  total: number;
  next_cursor?: string | null;
}

async function list(persona: Persona, query: string): Promise<Page> {
  const res = await ctx.inject(persona, { method: 'GET', url: `${API}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Page;
  PropertiesListAnswer.parse(body);
  return body;
}

async function create(title: string, fields: Record<string, string | number> = {}): Promise<number> {
  const form = propertyForm({ title, property_type: 'House', ...fields }, []);
  const res = await ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}

const remove = async (id: number) => expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${id}` })).statusCode).toBe(200);

/** Every card by page numbers, as one long walk of `limit` a page. */
async function byPages(persona: Persona, filter: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { data } = await list(persona, `${filter}&limit=${limit}&page=${page}`);
    ids.push(...data.map((p) => p.id));
    if (data.length < limit) return ids;
  }
}

/** Every card by cursor from `cursor` on (from the first page without one); checks the totals and the end. */
async function byCursor(persona: Persona, filter: string, limit: number, cursor: string | null = null): Promise<number[]> {
  const ids: number[] = [];
  for (let guard = 0; guard < 1000; guard++) {
    const page = await list(persona, `${filter}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ids.push(...page.data.map((p) => p.id));
    expect(page.data.length).toBeLessThanOrEqual(limit);
    if (page.next_cursor === null) return ids;
    expect(page.data).toHaveLength(limit);
    cursor = page.next_cursor!;
  }
  throw new Error('the walk did not end');
}

const FILTERS = ['', 'type=House', 'search=court', 'status=available&min_price=1000000'];

beforeAll(async () => {
  for (let i = 0; i < 25; i++) await create(`${i % 3 ? 'Maple' : 'Cedar'} Court ${i}`, { price: 1_000_000 + i * 250_000, status: i % 4 ? 'available' : 'unavailable' });
});

describe('next_cursor and cursor', () => {
  it('walk every filter as page numbers do, to a last page whose next_cursor is null', async () => {
    for (const filter of FILTERS) {
      const expected = await byPages('skylineAdmin', filter, 7);
      expect(await byCursor('skylineAdmin', filter, 7), filter).toEqual(expected);
      expect(await byCursor('skylineAdmin', filter, 12), filter).toEqual(expected);
    }
  });

  it('answer the original fields as before, the total on every page, and ignore the page number beside a cursor', async () => {
    const first = await list('skylineAdmin', 'page=1&limit=5');
    expect(Object.keys(first)).toEqual(['status', 'data', 'total', 'next_cursor']);
    expect(typeof first.next_cursor).toBe('string');
    const viaCursor = await list('skylineAdmin', `page=9&limit=5&cursor=${first.next_cursor}`);
    const second = await list('skylineAdmin', 'page=2&limit=5');
    expect(viaCursor.data.map((p) => p.id)).toEqual(second.data.map((p) => p.id));
    expect(viaCursor.total).toBe(first.total);
    // Page numbers give a cursor too, so a grid loaded by number goes on by cursor.
    const third = await list('skylineAdmin', `limit=5&cursor=${second.next_cursor}`);
    expect(third.data.map((p) => p.id)).toEqual((await list('skylineAdmin', 'page=3&limit=5')).data.map((p) => p.id));
    // A page that reaches the end has no cursor; past the end the page is empty and the total stays.
    const last = await list('skylineAdmin', `page=${Math.ceil(first.total / 5)}&limit=5`);
    expect(last.next_cursor).toBeNull();
    const all = await list('skylineAdmin', `limit=${first.total}`);
    expect(all.next_cursor).toBeNull();
    const beyond = await list('skylineAdmin', `limit=${first.total - 1}`);
    const after = await list('skylineAdmin', `limit=5&cursor=${beyond.next_cursor}`);
    expect(after.data).toHaveLength(1);
    expect(after.next_cursor).toBeNull();
    expect(after.total).toBe(first.total);
    const past = await list('skylineAdmin', 'page=999&limit=5');
    expect(past).toMatchObject({ data: [], total: first.total, next_cursor: null });
    const emptyAfter = await list('skylineAdmin', `limit=5&cursor=${(await list('skylineAdmin', `limit=${first.total - 1}`)).next_cursor}&type=Castle`);
    expect(emptyAfter).toMatchObject({ data: [], total: 0, next_cursor: null });
  });

  it('stay put while cards are added and removed between pages: nothing twice, no unchanged card left out', async () => {
    for (const filter of ['', 'search=court']) {
      const first = await list('skylineAdmin', `${filter}&limit=6`);
      const shown = first.data.map((p) => p.id);
      const later = (await byPages('skylineAdmin', filter, 100)).slice(6);
      // Meanwhile someone adds two cards (the newest, so before the cursor), deletes one already
      // shown and one not yet shown, and renames another not yet shown.
      const added = [await create('Newer Court A'), await create('Newer Court B')];
      await remove(shown[2]!);
      await remove(later[3]!);
      const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${later[5]}`, payload: { description: 'Repainted' } });
      expect(put.statusCode).toBe(200);
      const rest = await byCursor('skylineAdmin', filter, 6, first.next_cursor!);
      expect(rest, filter).toEqual(later.filter((id) => id !== later[3]));
      expect(rest.some((id) => shown.includes(id) || added.includes(id))).toBe(false);
      // Page numbers meanwhile shift by one: the card at the boundary shows twice.
      const shifted = (await list('skylineAdmin', `${filter}&limit=6&page=2`)).data.map((p) => p.id);
      expect(shifted.some((id) => shown.includes(id))).toBe(true);
    }
  });

  it('break ties on one instant by id, to the microsecond on PostgreSQL, in the database and in memory', async () => {
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const stamps =
      testEngine() === 'postgres'
        ? ['2031-01-01T00:00:00.123456Z', '2031-01-01T00:00:00.123457Z', '2031-01-01T00:00:00.123Z', '2031-01-01T00:00:00.123Z', '2031-01-01T00:00:00.123456Z']
        : ['2031-01-01T00:00:00.123Z', '2031-01-01T00:00:00.123Z', '2031-01-01T00:00:00.123Z', '2031-01-01T00:00:00.122Z', '2031-01-01T00:00:00.123Z'];
    // Straight to the database, as another process or an import would write them.
    for (const [i, stamp] of stamps.entries()) {
      await ctx.app.db
        .insertInto('properties')
        .values({ company_id: skyline, title: `Tied Court ${i}`, property_type: 'Villa', status: 'available', created_at: stamp, updated_at: stamp })
        .execute();
    }
    for (const filter of ['', 'type=Villa', 'search=tied']) {
      const expected = await byPages('skylineAdmin', filter, 100);
      expect(await byCursor('skylineAdmin', filter, 1), filter).toEqual(expected);
      expect(await byCursor('skylineAdmin', filter, 2), filter).toEqual(expected);
    }
  });

  it('never leave the caller’s company: another company’s cursor is only a position in one’s own list', async () => {
    const skyline = await list('skylineAdmin', 'limit=3');
    const harbor = await list('harborAdmin', `limit=100&cursor=${skyline.next_cursor}`);
    const harborIds = new Set(await byPages('harborAdmin', '', 100));
    expect(harbor.data.length).toBeGreaterThan(0);
    expect(harbor.data.every((p) => harborIds.has(p.id))).toBe(true);
  });
});

describe('a cursor the server did not write', () => {
  const wrap = (text: string) => `1${Buffer.from(text).toString('base64url')}`;

  it('answers 422 naming the cursor, before anything reaches the database', async () => {
    const bad = [
      'x',
      '1!!!!!!',
      wrap('hello'),
      `2${wrap('2026-01-01T00:00:00.000Z|5').slice(1)}`,
      wrap('2026-01-01T00:00:00.000Z|0'),
      wrap('2026-01-01T00:00:00.000Z|99999999999'),
      wrap('2026-01-01T00:00:00.000Z|-5'),
      wrap('2026-02-30T00:00:00.000Z|5'),
      wrap('0000-01-01T00:00:00.000Z|5'),
      wrap('2026-01-01T24:00:00.000Z|5'),
      wrap('2026-01-01T00:00:00.000+99:00|5'),
      wrap("2026-01-01'; drop table properties; --|5"),
      'a'.repeat(300),
    ];
    for (const cursor of bad) {
      for (const filter of ['', '&type=House']) {
        const res = await ctx.inject('skylineAdmin', { method: 'GET', url: `${API}?limit=5${filter}&cursor=${encodeURIComponent(cursor)}` });
        expect(res.statusCode, cursor).toBe(422);
        expect(res.json().errors.cursor, cursor).toEqual([PROPERTY_CURSOR_INVALID]);
      }
    }
    // The forms either engine writes are taken.
    for (const time of ['2026-01-01T00:00:00.000Z', '2026-01-01 00:00:00.123456+00', '2026-01-01 05:30:00+05:30']) {
      const res = await ctx.inject('skylineAdmin', { method: 'GET', url: `${API}?limit=5&cursor=${wrap(`${time}|5`)}` });
      expect(res.statusCode, time).toBe(200);
    }
  });
});
