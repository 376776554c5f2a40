/**
 * What the property list keeps for 100,000 listings: the company's total kept by triggers
 * (migration 2026_11_24_0101; an unfiltered page reads it instead of counting), and search over
 * the listings held in memory kept in step with every insert, edit and delete (listings.ts). The
 * answers must be the ones a plain count and a scan would give.
 */
import { describe, expect, it } from 'vitest';
import { propertyForm } from './helpers/properties';
import type { Persona } from './helpers/testApp';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const API = '/api/v1/properties';

async function list(persona: Persona, query = '') {
  const res = await ctx.inject(persona, { method: 'GET', url: `${API}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Array<{ id: number; title: string }>; total: number };
}

async function create(title: string): Promise<number> {
  const form = propertyForm({ title, property_type: 'House' }, []);
  const res = await ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: form.payload, headers: form.headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}

const remove = async (id: number) => expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${id}` })).statusCode).toBe(200);
const ids = async (search: string) => (await list('skylineAdmin', `?limit=100&search=${encodeURIComponent(search)}`)).data.map((p) => p.id).sort();

describe('the unfiltered total', () => {
  it('follows creates and deletes, per company, and equals the rows listed', async () => {
    const before = (await list('skylineAdmin', '?limit=12')).total;
    const harbor = (await list('harborAdmin', '?limit=12')).total;
    const made = [await create('Count one'), await create('Count two')];
    expect((await list('skylineAdmin', '?limit=12')).total).toBe(before + 2);
    await remove(made[0]!);
    const after = await list('skylineAdmin', '?limit=12');
    expect(after.total).toBe(before + 1);
    expect((await list('harborAdmin', '?limit=12')).total).toBe(harbor);
    // Every page walked (pages past the first are read ids first): as many rows as the total
    // says, in the order of one big first page.
    const walked: number[] = [];
    for (let page = 1; walked.length < after.total; page++) {
      const { data } = await list('skylineAdmin', `?limit=12&page=${page}`);
      if (!data.length) break;
      walked.push(...data.map((p) => p.id));
    }
    expect(walked.length).toBe(after.total);
    expect(walked).toEqual((await list('skylineAdmin', '?limit=100')).data.map((p) => p.id));
    const villas = (await list('skylineAdmin', '?limit=100&type=Villa')).data.map((p) => p.id);
    expect((await list('skylineAdmin', '?limit=3&page=2&type=Villa')).data.map((p) => p.id)).toEqual(villas.slice(3, 6));
  });
});

describe('search', () => {
  it('finds a title by any part of it, any case, and stops finding it once edited or deleted', async () => {
    const id = await create('Quixotic Marigold Bungalow');
    expect(await ids('MARIGOLD bung')).toEqual([id]);
    const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${id}`, payload: { title: 'Serene Jasmine Cottage', address: '12, Lake Road', location: 'Yelahanka, Bengaluru' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await ids('marigold')).toEqual([]);
    expect(await ids('jasmine cot')).toEqual([id]);
    // The searched text is title, address and location joined by spaces.
    expect(await ids('cottage 12, lake road yelahanka')).toEqual([id]);
    await remove(id);
    expect(await ids('jasmine')).toEqual([]);
  });

  it('takes quotes, wildcards and short texts literally, as a LIKE scan does', async () => {
    const quoted = await create('The "Orchid" 100% Villa_9');
    const other = await create('Orchid 1000 Villa99');
    expect(await ids('"orchid"')).toEqual([quoted]);
    expect(await ids('100%')).toEqual([quoted]);
    expect(await ids('villa_9')).toEqual([quoted]);
    expect(await ids('orchid')).toEqual([quoted, other].sort());
    // Short texts too.
    expect(await ids('_9')).toEqual([quoted]);
    expect((await list('harborAdmin', '?search=orchid')).total).toBe(0);
  });
});
