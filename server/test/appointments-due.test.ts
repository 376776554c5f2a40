/**
 * GET /api/v1/appointments/due (the top bar's bell) and the dashboard's site visits done this
 * month: the caller's own open appointments from now to the end of the company's day and the
 * overdue ones; visits counted by the company's calendar month. On a clock set to 11:30 in Kolkata.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AppointmentAnswer, DashboardSummaryAnswer, DueAppointmentsAnswer } from '../../src/contract';
import { addSkylineAgent } from './helpers/agentPersonas';
import { companyIdOf, insertTestLead } from './helpers/leads';
import { type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 06:00 UTC (11:30 in Kolkata) of a day at least two days ahead: the test's "now". */
let today0: number;

beforeAll(async () => {
  const now = ctx.clock.now().getTime();
  today0 = Math.floor(now / DAY) * DAY + 2 * DAY;
  ctx.clock.advance(today0 + 6 * HOUR - now);
  // The sessions signed in before have lapsed on the moved clock.
  ctx.tokens.skylineAdmin = await ctx.freshToken('skylineAdmin');
  ctx.tokens.skylineAgent = await ctx.freshToken('skylineAgent');
});

/** UTC `hours` after today's 00:00 UTC. */
const utc = (hours: number) => new Date(today0 + hours * HOUR).toISOString();

let skyline: { companyId: number; lead: number; property: number; priya: number };
beforeAll(async () => {
  const companyId = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  const property = await ctx.app.db.selectFrom('properties').select('id').where('company_id', '=', companyId).orderBy('id').executeTakeFirstOrThrow();
  const priya = await ctx.app.db.selectFrom('users').select('id').where('email', '=', 'priya.nair@skyline.test').executeTakeFirstOrThrow();
  skyline = { companyId, lead: await insertTestLead(ctx.app.db, companyId), property: property.id, priya: priya.id };
});

async function add(persona: Persona, starts: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await ctx.inject(persona, { method: 'POST', url: '/api/v1/appointments', payload: { kind: 'follow_up', lead_id: skyline.lead, starts_at: utc(starts), ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  const { id, status } = AppointmentAnswer.parse(res.json()).data;
  if (extra.status && status !== extra.status) throw new Error('status not kept');
  return Number(id);
}

async function due(persona: Persona) {
  const res = await ctx.inject(persona, { method: 'GET', url: '/api/v1/appointments/due' });
  expect(res.statusCode, res.body).toBe(200);
  return DueAppointmentsAnswer.parse(res.json());
}
const ids = (list: ReadonlyArray<{ id: unknown }>) => list.map((a) => Number(a.id));

describe('GET /api/v1/appointments/due', () => {
  it('lists the caller’s open appointments of the rest of today soonest first, and the overdue ones most recent first', async () => {
    const later = await add('skylineAdmin', 13); // 18:30 in Kolkata
    const soon = await add('skylineAdmin', 8); // 13:30
    const lastMinute = await add('skylineAdmin', 18, { status: 'confirmed' }); // 23:30
    const tomorrow = await add('skylineAdmin', 18.75); // 00:15 tomorrow in Kolkata
    const missed = await add('skylineAdmin', 5); // 10:30, still proposed
    const yesterday = await add('skylineAdmin', -20);
    const done = await add('skylineAdmin', 4, { status: 'done' });
    const cancelled = await add('skylineAdmin', 3, { status: 'cancelled' });
    const noShow = await add('skylineAdmin', 2, { status: 'no_show' });
    const invited = await add('skylineAdmin', 9, { agent_id: skyline.priya, invitee_ids: [ctx.ids.skylineAdmin] });
    const priyas = await add('skylineAdmin', 10, { agent_id: skyline.priya });

    const answer = await due('skylineAdmin');
    expect(answer.time_zone).toBe('Asia/Kolkata');
    const today = ids(answer.data.today);
    const overdue = ids(answer.data.overdue);
    expect(today.filter((id) => [later, soon, lastMinute, invited].includes(id))).toEqual([soon, invited, later, lastMinute]);
    expect(overdue.filter((id) => [missed, yesterday].includes(id))).toEqual([missed, yesterday]);
    for (const id of [tomorrow, done, cancelled, noShow, priyas]) {
      expect(today, `appointment ${id}`).not.toContain(id);
      expect(overdue, `appointment ${id}`).not.toContain(id);
    }
    expect(answer.data.today_total).toBe(answer.data.today.length);
    expect(answer.data.overdue_total).toBeGreaterThanOrEqual(answer.data.overdue.length);
    expect(answer.data.today[0]).toMatchObject({ lead: { id: skyline.lead } });

    // Priya's own bell has the ones she runs; the admin's the invitation too.
    const agentsBell = await due('skylineAgent');
    expect([...ids(agentsBell.data.today), ...ids(agentsBell.data.overdue)]).not.toContain(later);
  });

  it('follows the company’s time zone: the day ends at London’s midnight', async () => {
    const { token } = await addSkylineAgent(ctx, { email: 'due.zone@skyline.test', role: 'Calendar reader', permissions: ['event-read', 'event-create', 'lead-read'] });
    const me = await ctx.app.db.selectFrom('users').select('id').where('email', '=', 'due.zone@skyline.test').executeTakeFirstOrThrow();
    await ctx.app.db.updateTable('companies').set({ time_zone: 'Europe/London' }).where('id', '=', skyline.companyId).execute();
    try {
      const evening = await add('skylineAdmin', 23, { agent_id: me.id }); // 23:00 in London, 04:30 tomorrow in Kolkata
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/appointments/due', headers: { authorization: `Bearer ${token}` } });
      const answer = DueAppointmentsAnswer.parse(res.json());
      expect(answer.time_zone).toBe('Europe/London');
      expect(ids(answer.data.today)).toEqual([evening]);
    } finally {
      await ctx.app.db.updateTable('companies').set({ time_zone: 'Asia/Kolkata' }).where('id', '=', skyline.companyId).execute();
    }
  });

  it('caps each group at 20 and counts them all', async () => {
    const { token } = await addSkylineAgent(ctx, { email: 'due.many@skyline.test', role: 'Busy', permissions: ['event-read', 'lead-read'] });
    const me = await ctx.app.db.selectFrom('users').select('id').where('email', '=', 'due.many@skyline.test').executeTakeFirstOrThrow();
    for (let i = 0; i < 22; i++) await add('skylineAdmin', -30 - i, { agent_id: me.id });
    const answer = DueAppointmentsAnswer.parse((await ctx.app.inject({ method: 'GET', url: '/api/v1/appointments/due', headers: { authorization: `Bearer ${token}` } })).json());
    expect(answer.data.overdue).toHaveLength(20);
    expect(answer.data.overdue_total).toBe(22);
    expect(answer.data.today_total).toBe(0);
  });
});

describe('the dashboard’s site visits done this month', () => {
  it('counts site visits done starting in the company’s calendar month, to event-read holders only', async () => {
    const summary = async (token?: string) => {
      const res = token
        ? await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: { authorization: `Bearer ${token}` } })
        : await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/dashboard/summary' });
      expect(res.statusCode, res.body).toBe(200);
      return DashboardSummaryAnswer.parse(res.json()).data;
    };
    const before = (await summary()).visits!;
    const now = ctx.clock.now();
    expect(before.month).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(now));
    const visit = { kind: 'site_visit', property_ids: [skyline.property] };
    await add('skylineAdmin', -1, { ...visit, status: 'done' });
    await add('skylineAdmin', -2, { ...visit, status: 'confirmed' });
    await add('skylineAdmin', -3, { kind: 'follow_up', status: 'done' });
    await add('skylineAdmin', -3, { kind: 'meeting', lead_id: null, status: 'done' });
    // Far outside this month (by more than a month either way).
    await add('skylineAdmin', -24 * 40, { ...visit, status: 'done' });
    expect((await summary()).visits).toEqual({ done_this_month: before.done_this_month + 1, month: before.month });

    const { token } = await addSkylineAgent(ctx, { email: 'no.calendar@skyline.test', role: 'No calendar', permissions: ['lead-read'] });
    const hidden = await summary(token);
    expect(hidden.visible.appointments).toBe(false);
    expect(hidden.visits).toBeNull();
  });
});
