import { describe, expect, it } from 'vitest';
import { DashboardSummaryAnswer, LATEST_LEADS_LIMIT, MESSAGES, SPARKLINE_WEEKS, SUMMARY_MONTHS } from '../../src/contract';
import { FRESH_MS } from '../src/modules/dashboard/cache';
import { dashboardCountDrift, newCompany, summaryOf } from './dashboard.helpers';
import { companyIdOf, insertTestLead, statusIds } from './helpers/leads';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const DAY = 24 * 60 * 60 * 1000;

const summary = async (token: string) => {
  const res = await summaryOf(ctx, token);
  expect(res.statusCode, res.body).toBe(200);
  return DashboardSummaryAnswer.parse(res.json()).data;
};
const daysAgo = (days: number) => new Date(ctx.clock.now().getTime() - days * DAY).toISOString();

/** The company's leads counted straight from the table: the summary must agree. */
async function realLeadTotal(companyId: number): Promise<number> {
  const row = await ctx.app.db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/v1/dashboard/summary', () => {
  it('a new company gets has_data false, zero counts and empty lists', async () => {
    const { token } = await newCompany(ctx, 'Empty');
    const data = await summary(token);
    expect(data.has_data).toBe(false);
    expect(data.visible).toEqual({ leads: true, properties: true, appointments: true });
    expect(data.conversions).toEqual({ percentage: 0, won: 0, decided: 0 });
    expect(data.properties).toEqual({ total: 0, available: 0, percentage: 0 });
    expect(data.leads?.total).toEqual({ value: 0, last_30_days: 0, previous_30_days: 0, change_percent: null, sparkline: Array(SPARKLINE_WEEKS).fill(0) });
    expect(data.leads_vs_won?.months).toHaveLength(SUMMARY_MONTHS);
    expect(data.top_properties).toEqual([]);
    expect(data.latest_leads).toEqual([]);
    expect(data.agents_vs_properties).toEqual({ agents: 0, properties: 0 });
  });

  it('counts a company’s leads and properties by the definitions of the contract', async () => {
    const { token, companyId } = await newCompany(ctx, 'Figures');
    const status = await statusIds(ctx.app.db, companyId);
    // [status, days ago, lead property type (1 Apartment, 8 Villa), city]
    const leads: Array<[string | null, number, number, string]> = [
      ['Won', 10, 8, 'Pune'],
      ['Won', 40, 8, 'pune '],
      ['Lost', 5, 1, 'Mumbai'],
      ['Open', 1, 1, 'Mumbai'],
      ['Open', 20, 8, 'Mumbai'],
      ['Open', 50, 1, 'Delhi'],
      [null, 100, 1, ''],
    ];
    const ids: number[] = [];
    for (const [name, days, type, city] of leads) {
      ids.push(
        await insertTestLead(ctx.app.db, companyId, {
          workflow_id: name ? status[name]! : null,
          property_type: type,
          city,
          created_at: daysAgo(days),
          updated_at: daysAgo(days),
        }),
      );
    }
    const stamp = ctx.clock.now().toISOString();
    const property = (title: string, type: string, location: string, state: string) => ({
      company_id: companyId,
      title,
      property_type: type,
      location,
      address: null,
      status: state,
      created_at: stamp,
      updated_at: stamp,
    });
    const [villa, flat] = await ctx.app.db
      .insertInto('properties')
      .values([property('Hill Villa', 'Villa', 'Koregaon Park, Pune', 'available'), property('Sea Flat', 'Apartment', 'Bandra, Mumbai', 'unavailable')])
      .returning('id')
      .execute();
    await ctx.app.db
      .insertInto('properties')
      .values(property('Farm Plot', 'Plot', 'Nashik', 'available'))
      .execute();

    const data = await summary(token);
    expect(data.has_data).toBe(true);
    // Won 2 of decided 3 (2 Won + 1 Lost).
    expect(data.conversions).toEqual({ percentage: 66.7, won: 2, decided: 3 });
    expect(data.properties).toEqual({ total: 3, available: 2, percentage: 66.7 });
    // Created within 30 days: 10, 5, 1, 20 → 4; the 30 before: 40, 50 → 2.
    expect(data.leads?.total).toEqual({
      value: 7,
      last_30_days: 4,
      previous_30_days: 2,
      change_percent: 100,
      // Weeks back 12..1: 50 d is week 8, 40 d week 6, 20 d week 3, 10 d week 2, 5 d and 1 d week 1.
      sparkline: [0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 2],
    });
    // Active: Open ×3 and the one without a status.
    expect(data.leads?.active).toMatchObject({ value: 4, last_30_days: 2, previous_30_days: 1, change_percent: 100 });
    expect(data.leads?.lost).toMatchObject({ value: 1, last_30_days: 1, previous_30_days: 0, change_percent: null });

    // Per calendar month of creation, as the leads' own dates say.
    const chart = data.leads_vs_won!;
    const expected = new Map(chart.months.map((m) => [m, { leads: 0, won: 0 }]));
    leads.forEach(([name, days]) => {
      const month = expected.get(daysAgo(days).slice(0, 7));
      if (!month) return;
      month.leads += 1;
      if (name === 'Won') month.won += 1;
    });
    expect(chart.months.at(-1)).toBe(ctx.clock.now().toISOString().slice(0, 7));
    expect(chart.leads).toEqual([...expected.values()].map((m) => m.leads));
    expect(chart.won).toEqual([...expected.values()].map((m) => m.won));

    // Villa in Pune: the two Villa leads of Pune (any case, trimmed); the Mumbai Villa lead does not count.
    // Apartment in Mumbai: the two Apartment leads of Mumbai. The plot: nobody. Ties: newer first.
    expect(data.top_properties?.map((p) => [p.id, p.matching_leads])).toEqual([
      [flat!.id, 2],
      [villa!.id, 2],
    ]);
    expect(data.agents_vs_properties).toEqual({ agents: 0, properties: 3 });
    expect(data.latest_leads?.map((l) => [l.id, l.status])).toEqual(
      ids.map((id, i) => [id, leads[i]![0]]).reverse(),
    );
    expect(data.latest_leads?.[0]).toMatchObject({ name: expect.stringMatching(/^Fixture Lead\d+$/), workflow_id: null });
  });

  it('shows a lead added through the API at once, and one written elsewhere within a minute', async () => {
    const token = ctx.tokens.skylineAdmin!;
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const before = await summary(token);
    expect(before.leads?.total.value).toBe(await realLeadTotal(skyline));
    expect(before.latest_leads).toHaveLength(LATEST_LEADS_LIMIT);

    const status = await statusIds(ctx.app.db, skyline);
    const added = await ctx.inject('skylineAdmin', {
      method: 'POST',
      url: '/api/v1/leads/store',
      payload: {
        first_name: 'Dashboard',
        last_name: 'Newcomer',
        email: `dash.${process.pid}@newcomer.test`,
        phone: '+91 90000 12345',
        lead_source: 'Website',
        property_type: 1,
        workflow_id: status.Open,
        activities: 2,
      },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const after = await summary(token);
    expect(after.leads?.total.value).toBe(before.leads!.total.value + 1);
    expect(after.leads?.total.last_30_days).toBe(before.leads!.total.last_30_days + 1);
    expect(after.latest_leads?.[0]).toMatchObject({ name: 'Dashboard Newcomer', status: 'Open' });

    // Written straight into the table (as an import's worker does): not through a request.
    await insertTestLead(ctx.app.db, skyline, { created_at: ctx.clock.now().toISOString() });
    ctx.clock.advance(FRESH_MS);
    const later = await summary(token);
    expect(FRESH_MS).toBeLessThanOrEqual(60_000);
    expect(later.leads?.total.value).toBe(before.leads!.total.value + 2);
  });

  it("counts only the caller's company", async () => {
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
    ctx.clock.advance(FRESH_MS);
    const [skylineData, harborData] = [await summary(ctx.tokens.skylineAdmin!), await summary(ctx.tokens.harborAdmin!)];
    expect(skylineData.leads?.total.value).toBe(await realLeadTotal(skyline));
    expect(harborData.leads?.total.value).toBe(await realLeadTotal(harbor));
    expect(skylineData.leads?.total.value).not.toBe(harborData.leads?.total.value);
    const harborLeadIds = await ctx.app.db.selectFrom('leads').select('id').where('company_id', '=', harbor).execute();
    const harborIds = new Set(harborLeadIds.map((r) => r.id));
    expect(skylineData.latest_leads?.some((l) => harborIds.has(Number(l.id)))).toBe(false);
  });

  it('an agent whose role holds no lead permission sees the property figures only', async () => {
    const agent = ctx.ids.skylineAgent;
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const stamp = ctx.clock.now().toISOString();
    const role = await ctx.app.db
      .insertInto('roles')
      .values({ company_id: skyline, name: 'Listings only', slug: 'listings-only', created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = await ctx.app.db.selectFrom('permissions').select('id').where('name', '=', 'property-read').executeTakeFirstOrThrow();
    await ctx.app.db.insertInto('role_permissions').values({ role_id: role.id, permission_id: read.id }).execute();
    const before = await ctx.app.db.selectFrom('users').select('role_id').where('id', '=', agent).executeTakeFirstOrThrow();
    await ctx.app.db.updateTable('users').set({ role_id: role.id }).where('id', '=', agent).execute();
    try {
      const data = await summary(ctx.tokens.skylineAgent!);
      expect(data.visible).toEqual({ leads: false, properties: true, appointments: false });
      expect(data.has_data).toBe(true);
      for (const key of ['conversions', 'leads', 'leads_vs_won', 'latest_leads', 'top_properties'] as const) expect(data[key], key).toBeNull();
      expect(data.properties?.total).toBeGreaterThan(0);
      expect(data.agents_vs_properties?.agents).toBeGreaterThan(0);
    } finally {
      await ctx.app.db.updateTable('users').set({ role_id: before.role_id }).where('id', '=', agent).execute();
    }
    // The demo agent's role: lead-create and lead-edit (each carries lead-read), property-read.
    const restored = await summary(ctx.tokens.skylineAgent!);
    expect(restored.visible).toEqual({ leads: true, properties: true, appointments: true });
    expect(restored.leads?.total.value).toBeGreaterThan(0);
  });

  it('keeps its counts right through adds, status changes, edits, deletes and bulk changes', async () => {
    expect(await dashboardCountDrift(ctx)).toEqual([]);
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const status = await statusIds(ctx.app.db, skyline);
    const id = await insertTestLead(ctx.app.db, skyline, { city: ' Mysuru ', property_type: 3, created_at: daysAgo(3) });
    ctx.clock.advance(FRESH_MS);
    const before = await summary(ctx.tokens.skylineAdmin!);
    const lost = await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/leads/workflow/${id}`, payload: { workflowId: status.Lost } });
    expect(lost.statusCode, lost.body).toBeLessThan(300);
    const after = await summary(ctx.tokens.skylineAdmin!);
    expect(after.leads?.lost.value).toBe(before.leads!.lost.value + 1);
    expect(after.leads?.active.value).toBe(before.leads!.active.value - 1);
    expect((await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/property/${id}`, payload: { property_type: 5 } })).statusCode).toBeLessThan(300);
    // Moved in time, city and company straight in the table (as a script might).
    await ctx.app.db.updateTable('leads').set({ created_at: daysAgo(45), city: 'Pune' }).where('id', '=', id).execute();
    expect(await dashboardCountDrift(ctx)).toEqual([]);
    await ctx.app.db.updateTable('leads').set({ workflow_id: null, city: null }).where('id', '=', id).execute();
    expect(await dashboardCountDrift(ctx)).toEqual([]);
    const gone = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/leads/${id}` });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect((await summary(ctx.tokens.skylineAdmin!)).leads?.total.value).toBe(await realLeadTotal(skyline));
    // Many rows in one statement (PostgreSQL counts them per statement).
    const many = await Promise.all([1, 2, 3].map((n) => insertTestLead(ctx.app.db, skyline, { city: `Town ${n}`, created_at: daysAgo(n) })));
    await ctx.app.db.updateTable('leads').set({ workflow_id: status.Won, city: 'Same Town' }).where('id', 'in', many).execute();
    expect(await dashboardCountDrift(ctx)).toEqual([]);
    await ctx.app.db.deleteFrom('leads').where('id', 'in', many).execute();
    expect(await dashboardCountDrift(ctx)).toEqual([]);
  });

  it('refuses the super admin (no company) and anonymous callers', async () => {
    const sup = await ctx.inject('superAdmin', { method: 'GET', url: '/api/v1/dashboard/summary' });
    expect(sup.statusCode).toBe(403);
    expect(sup.json().message).toBe(MESSAGES.companies.companyIdNotFound);
    expect((await ctx.inject('anonymous', { method: 'GET', url: '/api/v1/dashboard/summary' })).statusCode).toBe(401);
  });
});
