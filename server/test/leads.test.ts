/**
 * The leads calls (src/contract/leads.ts) on both engines: list per tab with paging and search, get,
 * store, update with the version guard, inline changes, delete, bulk calls, export, the workflow
 * list — with tenancy (another company's lead is 404 and stays unchanged) and permissions.
 * Import: leads-import.test.ts. Who may call what: authorization.table.ts.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_CONTACTS, LEAD_IMPORT_HEADERS, MESSAGES } from '../../src/contract';
import { walkNewestFirst } from '../src/modules/leads/postgresList.repository';
import { companyToken, searchCondition } from '../src/modules/leads/search';
import { companyIdOf, countDrift, insertTestLead, statusIds } from './helpers/leads';
import { testEngine } from './helpers/testDb';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
let skyline: number;
let harbor: number;
let sky: Record<string, number>;
let har: Record<string, number>;

beforeAll(async () => {
  skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
  sky = await statusIds(ctx.app.db, skyline);
  har = await statusIds(ctx.app.db, harbor);
});

const list = (persona: 'skylineAdmin' | 'skylineAgent' | 'harborAdmin', workflowId: number, query: Record<string, string | number> = {}) =>
  ctx.inject(persona, { method: 'GET', url: `/api/v1/leads/list/workflow/${workflowId}`, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

const leadRow = (id: number) => ctx.app.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();

const newLeadBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Meera',
  last_name: 'Pillai',
  name: 'Meera Pillai',
  email: `Meera.Pillai.${Math.random().toString(36).slice(2, 8)}@Example.com`,
  phone: '+91 98765 43210',
  address: '4, Lake View Road',
  city: 'Kochi',
  state: 'Kerala',
  postal_code: '682001',
  country: 'India',
  lead_source: 'Referral',
  property_type: 3,
  workflow_id: sky.Open,
  activities: 2,
  ...overrides,
});

describe('GET /api/v1/workflow/list', () => {
  it("answers the company's statuses in tab order with their styles", async () => {
    const res = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/workflow/list' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('Success');
    expect(body.data.map((w: { name: string }) => w.name)).toEqual([ALL_CONTACTS, 'Open', 'Won', 'Lost']);
    expect(body.data[1]).toEqual({ id: sky.Open, name: 'Open', default_style: 'sky', active_style: 'orange' });
    const other = (await ctx.inject('harborAdmin', { method: 'GET', url: '/api/v1/workflow/list' })).json();
    expect(other.data.map((w: { id: number }) => w.id)).toEqual([har[ALL_CONTACTS], har.Open, har.Won, har.Lost]);
  });

  it('refuses the super admin, who has no company', async () => {
    const res = await ctx.inject('superAdmin', { method: 'GET', url: '/api/v1/workflow/list' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'Error', message: MESSAGES.companies.companyIdNotFound });
  });
});

describe('GET /api/v1/leads/list/workflow/{id}', () => {
  it('All Contacts lists every lead of the company, newest first, 10 a page, with status and version', async () => {
    const real = await ctx.app.db.selectFrom('leads').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', skyline).executeTakeFirstOrThrow();
    const res = await list('skylineAgent', sky[ALL_CONTACTS]!);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('Success');
    expect(body.data.total).toBe(Number(real.n));
    expect(body.data.data).toHaveLength(10);
    const ids = body.data.data.map((l: { id: number }) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const lead = body.data.data[0];
    expect(lead).toMatchObject({ version: expect.any(Number), workflow: expect.any(String), workflow_id: expect.any(Number) });
    expect(lead.name).toBe(`${lead.first_name} ${lead.last_name}`);
    expect(lead.workflow).not.toBe(ALL_CONTACTS);
    expect(lead).not.toHaveProperty('company_id');
  });

  it('a status tab lists only its leads; the tabs add up to All Contacts', async () => {
    const totals: number[] = [];
    for (const name of ['Open', 'Won', 'Lost']) {
      const body = (await list('skylineAdmin', sky[name]!, { pageSize: 1000 })).json();
      expect(body.data.data.every((l: { workflow: string; workflow_id: number }) => l.workflow === name && l.workflow_id === sky[name])).toBe(true);
      expect(body.data.data).toHaveLength(Math.min(body.data.total, 1000));
      totals.push(body.data.total);
    }
    const all = (await list('skylineAdmin', sky[ALL_CONTACTS]!)).json().data.total;
    expect(totals.reduce((a, b) => a + b, 0)).toBe(all);
  });

  it('pages with pageSize and pageNumber, and caps absurd sizes', async () => {
    const first = (await list('skylineAdmin', sky[ALL_CONTACTS]!, { pageSize: 7, pageNumber: 1 })).json().data;
    const second = (await list('skylineAdmin', sky[ALL_CONTACTS]!, { pageSize: 7, pageNumber: 2 })).json().data;
    expect(first.data).toHaveLength(7);
    expect(second.data).toHaveLength(7);
    expect(second.data[0].id).toBeLessThan(first.data[6].id);
    const past = (await list('skylineAdmin', sky[ALL_CONTACTS]!, { pageSize: 10, pageNumber: 99999 })).json().data;
    expect(past.data).toEqual([]);
    const huge = await list('skylineAdmin', sky[ALL_CONTACTS]!, { pageSize: 10_000_000 });
    expect(huge.statusCode).toBe(200);
    expect(huge.json().data.data.length).toBeLessThanOrEqual(1000);
    expect((await list('skylineAdmin', sky[ALL_CONTACTS]!, { pageSize: 'ten' })).statusCode).toBe(422);
    expect((await list('skylineAdmin', sky[ALL_CONTACTS]!, { company_id: harbor })).statusCode).toBe(422);
  });

  it('list rows are the GET answers of the same leads: same fields, same order, same values', async () => {
    // The list's JSON is built apart from the GET answer (by SQLite itself there): awkward values
    // must come out the same — blanks around names, a missing last name, quotes, a backslash,
    // line breaks, control characters, non-ASCII text, no status.
    await insertTestLead(ctx.app.db, skyline, { first_name: ' \tÅsa\u00a0', last_name: null, city: 'Quotecity\nline\u0001', address: 'Quote " back \\ slash, गली 7 😀' });
    await insertTestLead(ctx.app.db, skyline, { first_name: 'Zed', last_name: '  ', workflow_id: null, lead_source: null, property_type: null, email: null });
    await insertTestLead(ctx.app.db, skyline, { first_name: '', last_name: 'Onlylast', state: 'Tab\there' });
    for (const [workflowId, query] of [
      [sky[ALL_CONTACTS]!, { pageSize: 25 }],
      [sky.Open!, { pageSize: 5, pageNumber: 2 }],
      [sky[ALL_CONTACTS]!, { search: 'quote', pageSize: 1000 }],
    ] as const) {
      const res = await list('skylineAdmin', workflowId, query);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const listed = res.json().data.data as Array<Record<string, unknown>>;
      expect(listed.length).toBeGreaterThan(0);
      for (const lead of listed) {
        const one = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${lead.id}` })).json().data.data.data;
        expect(Object.keys(lead)).toEqual(Object.keys(one));
        expect(lead).toEqual(one);
      }
    }
  });

  it("answers 404 for another company's status, and for ids that cannot exist", async () => {
    expect((await list('harborAdmin', sky.Open!)).statusCode).toBe(404);
    expect((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/leads/list/workflow/abc' })).statusCode).toBe(404);
    expect((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/leads/list/workflow/0' })).statusCode).toBe(404);
  });
});

describe('search', () => {
  let marked: number;
  let other: number;
  beforeAll(async () => {
    marked = await insertTestLead(ctx.app.db, skyline, {
      first_name: 'Zephyrine',
      last_name: 'Quixote',
      email: 'zq.unique@marker.test',
      phone: '+91 91234 56789',
      city: 'Xanadupur',
      lead_source: 'Walk-in',
      workflow_id: sky.Won,
    });
    // The same marker in Harbor Homes must never show up for Skyline.
    other = await insertTestLead(ctx.app.db, harbor, { first_name: 'Zephyrine', last_name: 'Harbor', city: 'Xanadupur' });
  });

  const search = async (text: string, workflowId = sky[ALL_CONTACTS]!, persona: 'skylineAdmin' | 'harborAdmin' = 'skylineAdmin') => {
    const res = await list(persona, workflowId, { search: text, pageSize: 1000 });
    expect(res.statusCode).toBe(200);
    return res.json().data as { data: Array<{ id: number }>; total: number };
  };
  const ids = (found: { data: Array<{ id: number }> }) => found.data.map((l) => l.id);

  it.each([
    ['a part of the first name', 'ephyri'],
    ['the full name across first and last', 'zephyrine quix'],
    ['another case', 'ZEPHYRINE'],
    ['a part of the e-mail', 'unique@marker'],
    ['a part of the phone', '234 567'],
    ['the city', 'xanadupur'],
  ])('matches %s', async (_label, text) => {
    const found = await search(text);
    expect(ids(found)).toEqual([marked]);
    expect(found.total).toBe(1);
  });

  /** How many of Skyline's leads came from walk-ins, counted on the table itself. */
  const walkInLeads = async () => {
    const { n } = await ctx.app.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', skyline)
      .where('lead_source', '=', 'Walk-in')
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  it('matches the lead source, case-insensitively, with the same total as the rows', async () => {
    const found = await search('WALK-IN');
    expect(ids(found)).toContain(marked);
    expect(found.total).toBe(await walkInLeads());
  });

  it('answers the exact total on every page: full pages, the short last one, and past the end', async () => {
    const matches = await walkInLeads();
    expect(matches).toBeGreaterThan(4);
    // A page size that leaves a short last page (the total is read off it) after full ones (counted).
    const size = matches % 3 === 0 ? 4 : 3;
    const last = Math.ceil(matches / size);
    for (const [pageNumber, rows] of [[1, size], [last, matches - (last - 1) * size], [last + 5, 0]] as const) {
      const res = await list('skylineAdmin', sky[ALL_CONTACTS]!, { search: 'walk-in', pageSize: size, pageNumber });
      expect(res.json().data.data).toHaveLength(rows);
      expect(res.json().data.total).toBe(matches);
    }
    // The same on a tab without search, where the total comes from the tab counts.
    const won = (await list('skylineAdmin', sky.Won!, { pageSize: 1000 })).json().data;
    const past = (await list('skylineAdmin', sky.Won!, { pageSize: 1000, pageNumber: 3 })).json().data;
    expect(won.total).toBe(won.data.length);
    expect(past).toEqual({ data: [], total: won.total });
  });

  it('reads a search\'s page by walking newest first only when its matches are dense enough (walkNewestFirst)', () => {
    // 20,000 of 100,000 match: ~5,000 leads walked for 1,000 rows, against 20,000 matches gathered.
    expect(walkNewestFirst({ matches: 20_000, tabSize: 100_000, end: 1000 })).toBe(true);
    // 2,000 match: ~50,000 walked against 2,000 gathered; and deeper pages walk further.
    expect(walkNewestFirst({ matches: 2_000, tabSize: 100_000, end: 1000 })).toBe(false);
    expect(walkNewestFirst({ matches: 20_000, tabSize: 100_000, end: 10_000 })).toBe(false);
    expect(walkNewestFirst({ matches: 0, tabSize: 100_000, end: 10 })).toBe(false);
    // A small tab where every lead matches: walking is the whole answer.
    expect(walkNewestFirst({ matches: 40, tabSize: 40, end: 10 })).toBe(true);
  });

  it('searches inside the tab only and inside the company only', async () => {
    expect(ids(await search('zephyrine', sky.Won))).toEqual([marked]);
    expect(ids(await search('zephyrine', sky.Open))).toEqual([]);
    expect(ids(await search('zephyrine', har[ALL_CONTACTS], 'harborAdmin'))).toEqual([other]);
  });

  it('never returns another company\'s lead, with exact totals, for broad and selective terms in both companies', async () => {
    // Both companies' demo leads share cities, sources and phone prefixes: each term matches in both.
    const terms = ['+91', 'walk-in', 'website', 'zephyrine', '@', 'xanadupur'];
    for (const [persona, companyId, tabs] of [['skylineAdmin', skyline, sky], ['harborAdmin', harbor, har]] as const) {
      for (const text of terms) {
        for (const tab of [tabs[ALL_CONTACTS]!, tabs.Open!]) {
          const found = await search(text, tab, persona);
          const own = await ctx.app.db.selectFrom('leads').select(['id', 'company_id']).where('id', 'in', [0, ...ids(found)]).execute();
          expect(own.every((l) => l.company_id === companyId)).toBe(true);
          expect(own.length).toBe(found.data.length);
          let real = ctx.app.db
            .selectFrom('leads')
            .select('id')
            .where('company_id', '=', companyId)
            .where(sql<boolean>`lower(first_name || ' ' || coalesce(last_name, '') || '|' || coalesce(email, '') || '|' || coalesce(phone, '') || '|' || coalesce(city, '') || '|' || coalesce(lead_source, '')) like ${`%${text}%`}`);
          if (tab !== tabs[ALL_CONTACTS]) real = real.where('workflow_id', '=', tab);
          const expected = (await real.orderBy('id', 'desc').execute()).map((l) => l.id);
          expect(found.total).toBe(expected.length);
          expect(ids(found)).toEqual(expected);
        }
      }
    }
  });

  it('the company\'s token in the search index is never matched as search text', async () => {
    // SQLite keeps each lead's company as three private-use characters in the index (search.ts companyToken).
    expect((await search(companyToken(skyline))).total).toBe(0);
    expect((await search(`${companyToken(skyline)}Zeph`)).total).toBe(0);
  });

  it('follows a lead moved to another company', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { city: 'Movedawayville' });
    expect(ids(await search('movedawayville'))).toEqual([id]);
    await ctx.app.db.updateTable('leads').set({ company_id: harbor, workflow_id: har.Open! }).where('id', '=', id).execute();
    expect(await search('movedawayville')).toMatchObject({ data: [], total: 0 });
    expect(ids(await search('movedawayville', har[ALL_CONTACTS], 'harborAdmin'))).toEqual([id]);
    await ctx.app.db.deleteFrom('leads').where('id', '=', id).execute();
    expect((await search('movedawayville', har[ALL_CONTACTS], 'harborAdmin')).total).toBe(0);
  });

  it('short searches (under three characters) still work', async () => {
    const found = await search('Xa');
    expect(ids(found)).toContain(marked);
    expect(found.data.every((l) => JSON.stringify(l).toLowerCase().includes('xa'))).toBe(true);
  });

  it('treats % _ " and backslashes as plain characters', async () => {
    for (const text of ['%', '_', '%%%', '"', 'a"b', '\\', 'zeph%', 'x_n']) expect((await search(text)).total).toBe(0);
  });

  it('follows changes: an edited city is found, a deleted lead is not', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { city: 'Oldtownburg' });
    expect(ids(await search('oldtownburg'))).toEqual([id]);
    await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { city: 'Newtownburg' } });
    expect(ids(await search('oldtownburg'))).toEqual([]);
    expect(ids(await search('newtownburg'))).toEqual([id]);
    await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/leads/${id}` });
    expect(ids(await search('newtownburg'))).toEqual([]);
  });

  it('runs on the trigram index (FTS5 on SQLite, pg_trgm GIN on PostgreSQL) from three characters', async () => {
    const plan = await ctx.app.db.transaction().execute(async (trx) => {
      // A few hundred rows would be scanned anyway; forbid that to see whether the index can serve.
      const query = trx.selectFrom('leads').select('id').where(searchCondition(trx, 1, 'zephyr')).compile();
      if (testEngine() === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      const explain = testEngine() === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
      const plan = await trx.executeQuery({ ...query, sql: `${explain} ${query.sql}` });
      return JSON.stringify(plan.rows);
    });
    expect(plan).toMatch(testEngine() === 'postgres' ? /leads_search_doc/ : /VIRTUAL TABLE INDEX/);
  });

  it('a blank search is no search', async () => {
    const all = (await list('skylineAdmin', sky[ALL_CONTACTS]!)).json().data.total;
    expect((await search('   ')).total).toBe(all);
  });
});

describe('GET /api/v1/leads/{id}', () => {
  it('answers the lead at data.data.data', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { first_name: 'Get', last_name: 'Me' });
    const res = await ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1/leads/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.data).toMatchObject({ id, name: 'Get Me', workflow: 'Open', workflow_id: sky.Open, version: 1 });
  });

  it("answers 404 for another company's lead and for ids that cannot exist", async () => {
    const id = await insertTestLead(ctx.app.db, skyline);
    expect((await ctx.inject('harborAdmin', { method: 'GET', url: `/api/v1/leads/${id}` })).statusCode).toBe(404);
    expect((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/leads/99999999' })).statusCode).toBe(404);
    expect((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/leads/-1' })).statusCode).toBe(404);
  });
});

describe('POST /api/v1/leads/store', () => {
  it('adds a lead to the caller\'s company (201) with the e-mail lower-cased; it shows up first', async () => {
    const before = (await list('skylineAdmin', sky.Open!)).json().data.total;
    const body = newLeadBody();
    const res = await ctx.inject('skylineAgent', { method: 'POST', url: '/api/v1/leads/store', payload: body });
    expect(res.statusCode).toBe(201);
    const lead = res.json().data;
    expect(res.json().message).toBe(MESSAGES.leads.added);
    expect(lead).toMatchObject({ name: 'Meera Pillai', email: body.email.toLowerCase(), workflow: 'Open', property_type: 3, activities: 2, version: 1 });
    const row = await leadRow(lead.id);
    expect(row).toMatchObject({ company_id: skyline, created_by: ctx.ids.skylineAgent });
    const after = (await list('skylineAdmin', sky.Open!)).json().data;
    expect(after.total).toBe(before + 1);
    expect(after.data[0].id).toBe(lead.id);
  });

  it('takes integers sent as text, as the add form may send them', async () => {
    const res = await ctx.inject('skylineAdmin', {
      method: 'POST',
      url: '/api/v1/leads/store',
      payload: newLeadBody({ property_type: '8', activities: '4', workflow_id: String(sky.Won) }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ property_type: 8, activities: 4, workflow: 'Won' });
  });

  it('refuses missing and malformed fields with 422 and field errors', async () => {
    const res = await ctx.inject('skylineAdmin', {
      method: 'POST',
      url: '/api/v1/leads/store',
      payload: newLeadBody({ first_name: ' ', email: 'not-an-email', phone: 'call me', lead_source: 'Billboard', property_type: 42 }),
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.first_name).toEqual([MESSAGES.validation.firstNameRequired]);
    expect(errors.email).toEqual([MESSAGES.validation.emailInvalid]);
    expect(Object.keys(errors).sort()).toEqual(['email', 'first_name', 'lead_source', 'phone', 'property_type']);
    expect((await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/store', payload: { ...newLeadBody(), company_id: harbor } })).statusCode).toBe(422);
  });

  it('refuses All Contacts and statuses of other companies with "Invalid workflow status"', async () => {
    for (const workflowId of [sky[ALL_CONTACTS], har.Open, 99999]) {
      const res = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/store', payload: newLeadBody({ workflow_id: workflowId }) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: MESSAGES.leads.invalidWorkflow, errors: { workflow_id: [MESSAGES.leads.invalidWorkflow] } });
    }
  });
});

describe('PUT /api/v1/leads/{id}', () => {
  it('saves the full edited lead, raises the version and answers the lead', async () => {
    const id = await insertTestLead(ctx.app.db, skyline);
    const lead = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${id}` })).json().data.data.data;
    const edited = { ...lead, first_name: 'Kiran', last_name: 'Rao', name: 'Kiran Rao', city: 'Mysuru', workflow_id: sky.Won, property_type: 5 };
    delete edited.created_at;
    delete edited.updated_at;
    const res = await ctx.inject('skylineAgent', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: edited });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Success', message: MESSAGES.leads.updated });
    expect(res.json().data).toMatchObject({ id, name: 'Kiran Rao', city: 'Mysuru', workflow: 'Won', property_type: 5, version: 2 });
  });

  it('refuses a stale version with 409, the conflict message and the fresh lead; nothing changes', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { city: 'Hubballi' });
    const first = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { city: 'Dharwad', version: 1 } });
    expect(first.json().data.version).toBe(2);
    const second = await ctx.inject('skylineAgent', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { city: 'Belagavi', version: 1 } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ status: 'Error', message: MESSAGES.leads.conflict, data: { id, city: 'Dharwad', version: 2 } });
    expect(await leadRow(id)).toMatchObject({ city: 'Dharwad', version: 2 });
  });

  it('keeps fields left out, clears those sent blank, splits a lone name', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { city: 'Keepcity', state: 'Karnataka', address: '1, Old Road' });
    const res = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { name: 'Asha Rani Verma', address: '', state: null } });
    expect(res.statusCode).toBe(200);
    expect(await leadRow(id)).toMatchObject({ first_name: 'Asha', last_name: 'Rani Verma', city: 'Keepcity', address: null, state: null });
  });

  it('refuses a blank first name, a bad e-mail and All Contacts (422); unknown fields too; ignores the company', async () => {
    const id = await insertTestLead(ctx.app.db, skyline);
    const bad = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { first_name: '', email: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ first_name: [MESSAGES.validation.firstNameRequired], email: [MESSAGES.validation.emailInvalid] });
    const all = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { workflow_id: sky[ALL_CONTACTS] } });
    expect(all.statusCode).toBe(422);
    expect(all.json().message).toBe(MESSAGES.leads.invalidWorkflow);
    expect((await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { nickname: 'A' } })).statusCode).toBe(422);
    expect(await leadRow(id)).toMatchObject({ version: 1, company_id: skyline });
    // The company is the server's: sent back as read, it is taken and ignored, never moved.
    expect((await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { company_id: harbor } })).statusCode).toBe(200);
    expect(await leadRow(id)).toMatchObject({ company_id: skyline });
  });

  it("answers 404 for another company's lead and leaves it unchanged", async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { city: 'Untouched' });
    const res = await ctx.inject('harborAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { city: 'Stolen', workflow_id: har.Won } });
    expect(res.statusCode).toBe(404);
    expect(await leadRow(id)).toMatchObject({ city: 'Untouched', version: 1 });
  });
});

describe('inline changes', () => {
  it('source, activity, property type and status each save at once and raise the version', async () => {
    const id = await insertTestLead(ctx.app.db, skyline);
    const wonBefore = (await list('skylineAdmin', sky.Won!)).json().data.total;
    const calls = [
      { method: 'PUT' as const, url: `/api/v1/leads/source/${id}`, payload: { lead_source: 'Ads campaign' }, message: MESSAGES.leads.sourceUpdated },
      { method: 'PUT' as const, url: `/api/v1/leads/activity/${id}`, payload: { activities: 4 }, message: MESSAGES.leads.activityUpdated },
      { method: 'PUT' as const, url: `/api/v1/leads/property/${id}`, payload: { property_type: 9 }, message: MESSAGES.leads.propertyTypeUpdated },
      { method: 'POST' as const, url: `/api/v1/leads/workflow/${id}`, payload: { workflowId: sky.Won }, message: MESSAGES.leads.statusUpdated },
    ];
    for (const { message, ...call } of calls) {
      const res = await ctx.inject('skylineAgent', call);
      expect(res.statusCode, call.url).toBe(200);
      expect(res.json()).toEqual({ status: 'Success', message });
    }
    expect(await leadRow(id)).toMatchObject({ lead_source: 'Ads campaign', activities: 4, property_type: 9, workflow_id: sky.Won, version: 5 });
    // The lead moved tabs.
    expect((await list('skylineAdmin', sky.Won!)).json().data.total).toBe(wonBefore + 1);
    expect((await list('skylineAdmin', sky.Won!)).json().data.data[0].id).toBe(id);
  });

  it('refuses values outside the options (422)', async () => {
    const id = await insertTestLead(ctx.app.db, skyline);
    for (const [url, payload] of [
      [`/api/v1/leads/source/${id}`, { lead_source: 'Billboard' }],
      [`/api/v1/leads/activity/${id}`, { activities: 0 }],
      [`/api/v1/leads/property/${id}`, { property_type: 10 }],
      [`/api/v1/leads/property/${id}`, {}],
    ] as const) {
      expect((await ctx.inject('skylineAdmin', { method: 'PUT', url, payload })).statusCode, url).toBe(422);
    }
    expect(await leadRow(id)).toMatchObject({ version: 1 });
  });

  it('a status change to All Contacts or another company\'s status is "Invalid workflow status"', async () => {
    const id = await insertTestLead(ctx.app.db, skyline);
    for (const workflowId of [sky[ALL_CONTACTS], har.Won]) {
      const res = await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/leads/workflow/${id}`, payload: { workflowId } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: MESSAGES.leads.invalidWorkflow, errors: { workflowId: [MESSAGES.leads.invalidWorkflow] } });
    }
    expect(await leadRow(id)).toMatchObject({ workflow_id: sky.Open, version: 1 });
  });

  it("answers 404 for another company's lead and leaves it unchanged", async () => {
    const id = await insertTestLead(ctx.app.db, skyline);
    expect((await ctx.inject('harborAdmin', { method: 'PUT', url: `/api/v1/leads/source/${id}`, payload: { lead_source: 'Other' } })).statusCode).toBe(404);
    expect((await ctx.inject('harborAdmin', { method: 'POST', url: `/api/v1/leads/workflow/${id}`, payload: { workflowId: har.Won } })).statusCode).toBe(404);
    expect(await leadRow(id)).toMatchObject({ lead_source: 'Website', workflow_id: sky.Open, version: 1 });
  });
});

describe('DELETE /api/v1/leads/{id}', () => {
  it('refuses an agent without lead-delete (403, with the permission named)', async () => {
    const id = await insertTestLead(ctx.app.db, skyline);
    const res = await ctx.inject('skylineAgent', { method: 'DELETE', url: `/api/v1/leads/${id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'Error', message: "You don't have permission for this action: lead-delete" });
    expect(await leadRow(id)).toBeDefined();
  });

  it('deletes a lead of the company; a second delete is 404; other companies get 404', async () => {
    const mine = await insertTestLead(ctx.app.db, skyline);
    expect((await ctx.inject('harborAdmin', { method: 'DELETE', url: `/api/v1/leads/${mine}` })).statusCode).toBe(404);
    expect(await leadRow(mine)).toBeDefined();
    const res = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/leads/${mine}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', message: MESSAGES.leads.deleted });
    expect(await leadRow(mine)).toBeUndefined();
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/leads/${mine}` })).statusCode).toBe(404);
  });
});

describe('bulk calls', () => {
  it('bulk delete deletes the company\'s leads among the ids and never touches another company\'s', async () => {
    const a = await insertTestLead(ctx.app.db, skyline);
    const b = await insertTestLead(ctx.app.db, skyline);
    const theirs = await insertTestLead(ctx.app.db, harbor);
    const res = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/bulk/delete', payload: { ids: [a, b, theirs, b, 99999999] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deleted: 2 });
    expect(await leadRow(a)).toBeUndefined();
    expect(await leadRow(theirs)).toBeDefined();
  });

  it('bulk delete needs lead-delete and a sensible list', async () => {
    const a = await insertTestLead(ctx.app.db, skyline);
    expect((await ctx.inject('skylineAgent', { method: 'POST', url: '/api/v1/leads/bulk/delete', payload: { ids: [a] } })).statusCode).toBe(403);
    expect(await leadRow(a)).toBeDefined();
    for (const ids of [[], [0], ['x'], Array.from({ length: 1001 }, (_, i) => i + 1)]) {
      expect((await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/bulk/delete', payload: { ids } })).statusCode).toBe(422);
    }
  });

  it('bulk status moves the company\'s leads, raises their versions, ignores other companies\' ids', async () => {
    const a = await insertTestLead(ctx.app.db, skyline);
    const b = await insertTestLead(ctx.app.db, skyline);
    const theirs = await insertTestLead(ctx.app.db, harbor);
    const res = await ctx.inject('skylineAgent', { method: 'POST', url: '/api/v1/leads/bulk/workflow', payload: { ids: [a, b, theirs], workflowId: sky.Lost } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 2 });
    expect(await leadRow(a)).toMatchObject({ workflow_id: sky.Lost, version: 2 });
    expect(await leadRow(theirs)).toMatchObject({ workflow_id: har.Open, version: 1 });
    const all = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/bulk/workflow', payload: { ids: [a], workflowId: sky[ALL_CONTACTS] } });
    expect(all.statusCode).toBe(422);
    expect(all.json().message).toBe(MESSAGES.leads.invalidWorkflow);
    // Ids past the 32-bit range name no row (PostgreSQL would refuse to look them up): 422, not 500.
    const bigId = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/bulk/workflow', payload: { ids: [2 ** 31], workflowId: sky.Lost } });
    expect(bigId.statusCode).toBe(422);
    const bigStatus = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/bulk/workflow', payload: { ids: [a], workflowId: 2 ** 31 } });
    expect(bigStatus.statusCode).toBe(422);
    expect(bigStatus.json().message).toBe(MESSAGES.leads.invalidWorkflow);
  });
});

describe('GET /api/v1/leads/export/workflow/{id}', () => {
  const exportCsv = async (workflowId: number, search?: string, persona: 'skylineAgent' | 'harborAdmin' = 'skylineAgent') => {
    const res = await ctx.inject(persona, { method: 'GET', url: `/api/v1/leads/export/workflow/${workflowId}`, query: search ? { search } : {} });
    return res;
  };

  it('exports the tab as CSV: BOM, header, one line per lead, the same count as the list', async () => {
    const res = await exportCsv(sky.Lost!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-lost-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(['id', ...LEAD_IMPORT_HEADERS, 'created_at', 'updated_at'].join(','));
    const total = (await list('skylineAdmin', sky.Lost!)).json().data.total;
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((l) => l.includes(',Lost,'))).toBe(true);
  });

  it('exports only the search matches of the tab, in the company', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { first_name: 'Exportina', city: 'Csvnagar' });
    const res = await exportCsv(sky[ALL_CONTACTS]!, 'exportina');
    const lines = res.body.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`${id},Exportina,`)).toBe(true);
    expect((await exportCsv(har[ALL_CONTACTS]!, 'exportina', 'harborAdmin')).body.slice(1).split('\r\n').filter(Boolean)).toHaveLength(1);
    expect((await exportCsv(har[ALL_CONTACTS]!, undefined, 'skylineAgent')).statusCode).toBe(404);
  });

  it('neutralises formulas and quotes commas, quotes and line breaks', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, {
      first_name: '=HYPERLINK("http://evil.test","Click")',
      last_name: '@SUM(A1)',
      phone: '+91 98450 11223',
      address: 'Flat 2, "Sunrise"\nMG Road',
      city: '-2+3',
      state: '\tTabbed',
    });
    const res = await exportCsv(sky[ALL_CONTACTS]!, 'hyperlink');
    const line = res.body.slice(1).split('\r\n')[1]!;
    expect(line.startsWith(`${id},"'=HYPERLINK(""http://evil.test"",""Click"")",'@SUM(A1),`)).toBe(true);
    expect(line).toContain(",'+91 98450 11223,");
    expect(line).toContain(',"Flat 2, ""Sunrise""\nMG Road",');
    expect(line).toContain(",'-2+3,'\tTabbed,");
  });
});

describe('tab counts', () => {
  it('lead_counts agrees with the leads after every kind of change', async () => {
    expect(await countDrift(ctx.app.db)).toEqual([]);
  });
});
