/**
 * GET /api/v1/properties/{id}/leads (beyond the original description): the company's leads wanting
 * what the property is — same city first, then the most recently added, at most 10, with how many
 * match (up to 1,000, then "more"); another company's property is 404 and its leads never show.
 */
import { describe, expect, it } from 'vitest';
import {
  LEAD_PROPERTY_TYPES,
  leadTypeIndexesFor,
  MatchingLeadsAnswer,
  PROPERTY_MATCHING_LEADS_LIMIT,
  PROPERTY_MATCHING_LEADS_SCAN,
} from '../../src/contract';
import { companyIdOf, insertTestLead } from './helpers/leads';
import type { Persona } from './helpers/testApp';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const API = '/api/v1/properties';
const typeIndex = (name: (typeof LEAD_PROPERTY_TYPES)[number]) => LEAD_PROPERTY_TYPES.indexOf(name) + 1;

async function skylineProperty(fields: { property_type?: string | null; location?: string | null; address?: string | null }): Promise<number> {
  const res = await ctx.inject('skylineAdmin', { method: 'POST', url: API, ...multipartOf({ title: 'Matching', ...fields }) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}

/** A multipart body of text parts only (the create call takes no JSON). */
function multipartOf(fields: Record<string, string | null | undefined>) {
  const boundary = 'matching-leads-boundary';
  const parts = Object.entries(fields)
    .filter(([, value]) => value != null)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`);
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function matching(persona: Persona, id: number) {
  const res = await ctx.inject(persona, { method: 'GET', url: `${API}/${id}/leads` });
  return {
    status: res.statusCode,
    body: res.json() as { data: Array<{ id: number; city_match: boolean; name: string; last_name: string }>; total: number; capped: boolean },
    raw: res.body,
  };
}

/** How many of the company's leads the types match before the test adds its own (demo leads count too). */
async function countOfTypes(companyId: number, types: number[]): Promise<number> {
  const row = await ctx.app.db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('property_type', 'in', types)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('which lead types a property type answers', () => {
  it('maps the add form’s types onto the leads’ and takes another name as itself', () => {
    expect(leadTypeIndexesFor('Villa')).toEqual([typeIndex('Villa')]);
    expect(leadTypeIndexesFor(' apartment ')).toEqual([typeIndex('Apartment'), typeIndex('Studio'), typeIndex('Penthouse')]);
    expect(leadTypeIndexesFor('House')).toEqual([typeIndex('Independent House'), typeIndex('Independent Floor'), typeIndex('Duplex')]);
    expect(leadTypeIndexesFor('Plot')).toEqual([typeIndex('Plot'), typeIndex('Agricultural Land')]);
    expect(leadTypeIndexesFor('Duplex')).toEqual([typeIndex('Duplex')]);
    expect(leadTypeIndexesFor('Castle')).toEqual([]);
    expect(leadTypeIndexesFor(null)).toEqual([]);
  });
});

describe('GET /api/v1/properties/{id}/leads', () => {
  it('answers the company’s leads of a matching type, same city first then the most recently added, with the total', async () => {
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
    const villa = typeIndex('Villa');
    const before = await countOfTypes(skyline, [villa]);
    const id = await skylineProperty({ property_type: 'Villa', location: 'Zedtown', address: '4 Palm Road, Zedtown, Goa' });
    const older = await insertTestLead(ctx.app.db, skyline, { property_type: villa, city: 'Zedtown', created_at: '2026-01-01T00:00:00.000Z' });
    const newer = await insertTestLead(ctx.app.db, skyline, { property_type: villa, city: 'zedtown', created_at: '2026-02-01T00:00:00.000Z' });
    const elsewhere = await insertTestLead(ctx.app.db, skyline, { property_type: villa, city: 'Farcity' });
    const noCity = await insertTestLead(ctx.app.db, skyline, { property_type: villa, city: null });
    const flatSeeker = await insertTestLead(ctx.app.db, skyline, { property_type: typeIndex('Apartment'), city: 'Zedtown' });
    const foreign = await insertTestLead(ctx.app.db, harbor, { property_type: villa, city: 'Zedtown' });

    const { status, body, raw } = await matching('skylineAdmin', id);
    expect(status, raw).toBe(200);
    MatchingLeadsAnswer.parse(body);
    expect(body.total).toBe(before + 4);
    expect(body.data.length).toBe(Math.min(PROPERTY_MATCHING_LEADS_LIMIT, before + 4));
    expect(body.data.slice(0, 2).map((lead) => [lead.id, lead.city_match])).toEqual([
      [newer, true],
      [older, true],
    ]);
    // Then the most recently added without a fitting city: these two came after every demo lead.
    expect(body.data.slice(2, 4).map((lead) => [lead.id, lead.city_match])).toEqual([
      [noCity, false],
      [elsewhere, false],
    ]);
    expect(body).toMatchObject({ capped: false });
    const ids = body.data.map((lead) => lead.id);
    expect(ids).not.toContain(flatSeeker);
    expect(ids).not.toContain(foreign);
    expect(body.data[0]).toMatchObject({ name: expect.any(String), property_type: villa, workflow: expect.any(String) });
  });

  it('shows at most 10 and counts the rest', async () => {
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const id = await skylineProperty({ property_type: 'Plot', location: 'Limitville' });
    for (let i = 0; i < 12; i += 1) {
      await insertTestLead(ctx.app.db, skyline, { property_type: i % 2 ? typeIndex('Plot') : typeIndex('Agricultural Land'), city: 'Limitville' });
    }
    const { status, body } = await matching('skylineAdmin', id);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(PROPERTY_MATCHING_LEADS_LIMIT);
    expect(body.data.every((lead) => lead.city_match)).toBe(true);
    expect(body.total).toBe(await countOfTypes(skyline, [typeIndex('Plot'), typeIndex('Agricultural Land')]));
    expect(body.total).toBeGreaterThanOrEqual(12);
  });

  it('ranks and counts only the newest 1,000 matches, saying there are more', async () => {
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const id = await skylineProperty({ property_type: 'Studio', location: 'Bigtown' });
    const at = new Date().toISOString();
    const row = (n: number) => ({
      company_id: skyline,
      first_name: 'Bulk',
      last_name: `Studio ${n}`,
      city: n === PROPERTY_MATCHING_LEADS_SCAN ? 'Bigtown' : 'Elsewhere',
      property_type: typeIndex('Studio'),
      version: 1,
      created_at: at,
      updated_at: at,
    });
    const rows = Array.from({ length: PROPERTY_MATCHING_LEADS_SCAN + 1 }, (_, n) => row(n));
    for (let i = 0; i < rows.length; i += 200) await ctx.app.db.insertInto('leads').values(rows.slice(i, i + 200)).execute();
    const { status, body } = await matching('skylineAdmin', id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: PROPERTY_MATCHING_LEADS_SCAN, capped: true });
    expect(body.data).toHaveLength(PROPERTY_MATCHING_LEADS_LIMIT);
    // The one from Bigtown, the last added, leads; the rest follow newest first.
    expect(body.data[0]).toMatchObject({ last_name: `Studio ${PROPERTY_MATCHING_LEADS_SCAN}`, city_match: true });
    expect(body.data.slice(1).map((lead) => lead.last_name)).toEqual(
      Array.from({ length: PROPERTY_MATCHING_LEADS_LIMIT - 1 }, (_, i) => `Studio ${PROPERTY_MATCHING_LEADS_SCAN - 1 - i}`),
    );
  });

  it('matches nobody for a property without a known type', async () => {
    for (const property_type of [null, 'Castle']) {
      const id = await skylineProperty({ property_type, location: 'Zedtown' });
      const { status, body } = await matching('skylineAdmin', id);
      expect(status).toBe(200);
      expect(body).toMatchObject({ data: [], total: 0 });
    }
  });

  it('is 404 for another company’s or an unknown property', async () => {
    const id = await skylineProperty({ property_type: 'Villa' });
    expect((await matching('harborAdmin', id)).status).toBe(404);
    expect((await matching('skylineAdmin', 999_999_999)).status).toBe(404);
  });
});
