/**
 * Filtered pages of the grid come from each company's listings held in memory
 * (modules/properties/listings.ts). Their answers must be what a scan of the rows gives, and stay
 * so after this server's writes, after writes it did not make (another process, a statement by
 * hand), and across companies. The version the copy checks is kept by triggers (migration
 * 2026_11_25_0003): it must move for every change of a watched field and only for those.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from './helpers/leads';
import { listingReads } from '../src/modules/properties/listings';
import { propertyForm } from './helpers/properties';
import type { Persona } from './helpers/testApp';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const API = '/api/v1/properties';

interface Listed {
  id: number;
  title: string | null;
  address: string | null;
  location: string | null;
  property_type: string | null;
  status: string;
  price: number | null;
  bedrooms: number | null;
}

async function list(persona: Persona, query: string) {
  const res = await ctx.inject(persona, { method: 'GET', url: `${API}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Listed[]; total: number };
}

async function create(persona: Persona, fields: Record<string, string | number>): Promise<number> {
  const form = propertyForm(fields, []);
  const res = await ctx.inject(persona, { method: 'POST', url: API, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}

const TYPES = ['Plot', 'Villa', 'Apartment', 'House'];
const PLACES = ['Koramangala', 'Indiranagar', 'MG Road', 'Whitefield', 'Éclat Heights', '100% Vastu_Lane'];

/** Every listing of the company, newest first, as one unfiltered walk of the grid gives it. */
async function everything(persona: Persona): Promise<Listed[]> {
  const all: Listed[] = [];
  for (let page = 1; ; page++) {
    const { data } = await list(persona, `?limit=100&page=${page}`);
    all.push(...data);
    if (data.length < 100) return all;
  }
}

type Filter = { search?: string; type?: string; status?: string; min_price?: number; max_price?: number; bedrooms?: number };

/** The filter as a plain scan of the rows answers it. */
function scan(rows: Listed[], filter: Filter): Listed[] {
  const needle = filter.search?.toLowerCase();
  return rows.filter(
    (row) =>
      (!filter.type || row.property_type === filter.type) &&
      (!filter.status || row.status === filter.status) &&
      (filter.min_price == null || (row.price != null && row.price >= filter.min_price)) &&
      (filter.max_price == null || (row.price != null && row.price <= filter.max_price)) &&
      (filter.bedrooms == null || (row.bedrooms != null && row.bedrooms >= filter.bedrooms)) &&
      (!needle || `${row.title ?? ''} ${row.address ?? ''} ${row.location ?? ''}`.toLowerCase().includes(needle)),
  );
}

const query = (filter: Filter, extra = '') =>
  `?${new URLSearchParams(Object.entries(filter).map(([k, v]): [string, string] => [k, String(v)])).toString()}${extra}`;

async function expectAsScanned(persona: Persona, filter: Filter) {
  const expected = scan(await everything(persona), filter);
  const first = await list(persona, query(filter, '&limit=12'));
  expect(first.total, JSON.stringify(filter)).toBe(expected.length);
  expect(first.data.map((p) => p.id)).toEqual(expected.slice(0, 12).map((p) => p.id));
  const third = await list(persona, query(filter, '&limit=5&page=3'));
  expect(third.data.map((p) => p.id)).toEqual(expected.slice(10, 15).map((p) => p.id));
  expect(third.total).toBe(expected.length);
}

describe('filtered pages', () => {
  beforeAll(async () => {
    // Sixty listings over every type, both statuses, prices and bedrooms (some missing).
    for (let i = 0; i < 60; i++) {
      const fields: Record<string, string | number> = {
        title: `${(i % 5) + 1} BHK ${TYPES[i % 4]} in ${PLACES[i % PLACES.length]}`,
        address: `${i + 1}, ${PLACES[(i + 2) % PLACES.length]}`,
        location: i % 7 === 0 ? 'Bengaluru' : 'Pune',
        property_type: TYPES[(i * 3) % 4]!,
        status: i % 3 === 0 ? 'unavailable' : 'available',
      };
      if (i % 11 !== 0) fields.price = 2_000_000 + ((i * 7919) % 60) * 500_000;
      if (i % 13 !== 0) fields.bedrooms = i % 6;
      await create('skylineAdmin', fields);
    }
    await create('harborAdmin', { title: '3 BHK Villa in Koramangala', property_type: 'Villa', price: 9_000_000, bedrooms: 3 });
  });

  it('answer every filter and their mixes as a scan of the rows does: totals, order, pages', async () => {
    const filters: Filter[] = [
      { search: 'bhk' },
      { search: 'KORAMANGALA' },
      { search: 'mg road' },
      { search: 'éclat' },
      { search: 'ÉCLAT h' },
      { search: '100%' },
      { search: 'vastu_' },
      { search: '_' },
      { search: 'zzqx' },
      { type: 'Villa' },
      { status: 'unavailable' },
      { min_price: 5_000_000, max_price: 15_000_000 },
      { min_price: 20_000_000 },
      { max_price: 4_000_000 },
      { bedrooms: 4 },
      { bedrooms: 0 },
      { type: 'Apartment', bedrooms: 3, min_price: 3_000_000, max_price: 25_000_000 },
      { search: 'pune', type: 'House', status: 'available' },
      { search: 'bhk', type: 'Villa', status: 'available', min_price: 2_000_000, max_price: 30_000_000, bedrooms: 2 },
    ];
    for (const filter of filters) await expectAsScanned('skylineAdmin', filter);
    // Another company's listings never show.
    const harbor = await list('harborAdmin', '?search=koramangala');
    expect(harbor.data.map((p) => p.title)).toContain('3 BHK Villa in Koramangala');
    const skylineIds = new Set((await everything('skylineAdmin')).map((p) => p.id));
    expect(harbor.data.some((p) => skylineIds.has(p.id))).toBe(false);
  });

  it("follow this server's adds, edits and deletes at once", async () => {
    await expectAsScanned('skylineAdmin', { search: 'marigold' });
    const reads = listingReads(ctx.app.db);
    const id = await create('skylineAdmin', { title: 'Marigold Court', property_type: 'Villa', price: 7_000_000, bedrooms: 4 });
    expect((await list('skylineAdmin', '?search=marigold')).data.map((p) => p.id)).toEqual([id]);
    // The newest, so first.
    expect((await list('skylineAdmin', '?type=Villa&bedrooms=4&limit=1')).data.map((p) => p.id)).toEqual([id]);
    await expectAsScanned('skylineAdmin', { type: 'Villa', bedrooms: 4 });

    const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${id}`, payload: { title: 'Jasmine Court', property_type: 'House', price: 7_000_000, bedrooms: 4 } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await list('skylineAdmin', '?search=marigold')).total).toBe(0);
    expect((await list('skylineAdmin', '?search=jasmine&type=House')).data.map((p) => p.id)).toEqual([id]);
    await expectAsScanned('skylineAdmin', { type: 'Villa', bedrooms: 4 });

    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${id}` })).statusCode).toBe(200);
    expect((await list('skylineAdmin', '?search=jasmine')).total).toBe(0);
    await expectAsScanned('skylineAdmin', { search: 'court' });
    // Each write patched the copy in place: the listings were not read again.
    expect(listingReads(ctx.app.db)).toBe(reads);
  });

  it('follow changes this server did not make: rows written by another process or by hand', async () => {
    const db = ctx.app.db;
    const skyline = (await companyIdOf(db, 'skylineAdmin'))!;
    await expectAsScanned('skylineAdmin', { search: 'bhk', status: 'unavailable' });
    const [someone] = (await list('skylineAdmin', '?search=bhk&status=available&limit=1')).data;
    // As another process would: straight to the database, past the repository.
    const reads = listingReads(db);
    await db.updateTable('properties').set({ status: 'unavailable', title: 'Lotus Residency' }).where('id', '=', someone!.id).execute();
    expect((await list('skylineAdmin', '?search=lotus&status=unavailable')).data.map((p) => p.id)).toEqual([someone!.id]);
    expect(listingReads(db)).toBe(reads + 1);
    const stamp = new Date().toISOString();
    await db
      .insertInto('properties')
      .values({ company_id: skyline, title: 'Lotus Gardens', status: 'available', property_type: 'Plot', created_at: stamp, updated_at: stamp })
      .execute();
    await expectAsScanned('skylineAdmin', { search: 'lotus' });
    await db.deleteFrom('properties').where('title', '=', 'Lotus Gardens').execute();
    await expectAsScanned('skylineAdmin', { search: 'lotus' });
    await expectAsScanned('skylineAdmin', { search: 'bhk', status: 'unavailable' });
  });
});

describe('the version the copy checks (property_counts.version)', () => {
  const versionOf = async (companyId: number) =>
    Number(
      (await sql<{ version: number }>`SELECT version FROM property_counts WHERE company_id = ${companyId}`.execute(ctx.app.db)).rows[0]?.version,
    );

  it('moves with every add, delete, move and change of a watched field, and not with anything else', async () => {
    const db = ctx.app.db;
    const skyline = (await companyIdOf(db, 'skylineAdmin'))!;
    const harbor = (await companyIdOf(db, 'harborAdmin'))!;
    const id = await create('skylineAdmin', { title: 'Version Villa', property_type: 'Villa' });
    let before = await versionOf(skyline);
    const expectMoved = async (moved: boolean) => {
      const now = await versionOf(skyline);
      if (moved) expect(now).toBeGreaterThan(before);
      else expect(now).toBe(before);
      before = now;
    };
    const set = (changes: Record<string, unknown>) => db.updateTable('properties').set(changes).where('id', '=', id).execute();

    await set({ description: 'A longer story', updated_at: new Date().toISOString(), bathrooms: 2 });
    await expectMoved(false);
    await set({ title: 'Version Villa' }); // the same value again
    await expectMoved(false);
    for (const [field, value] of Object.entries({
      title: 'Renamed',
      address: '1, Lake Road',
      location: 'Goa',
      property_type: 'House',
      status: 'unavailable',
      price: 1,
      bedrooms: 2,
      created_at: '2020-01-01T00:00:00.000Z',
    })) {
      await set({ [field]: value });
      await expectMoved(true);
    }
    await set({ price: null });
    await expectMoved(true);

    const harborBefore = await versionOf(harbor);
    await set({ company_id: harbor });
    await expectMoved(true);
    expect(await versionOf(harbor)).toBeGreaterThan(harborBefore);
    await db.deleteFrom('properties').where('id', '=', id).execute();
    expect(await versionOf(harbor)).toBeGreaterThan(harborBefore + 1);
  });
});
