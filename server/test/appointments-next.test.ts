/**
 * GET /appointments/next: each named lead's next appointment in one call (the leads board's rows),
 * and the company's time zone beside a lead's and a property's lists. Runs on SQLite and PostgreSQL
 * (the ranking is a window function on both).
 */
import { describe, expect, it } from 'vitest';
import { AppointmentAnswer, AppointmentListAnswer, format, MESSAGES, NextAppointmentsAnswer } from '../../src/contract';
import { companyIdOf, insertTestLead } from './helpers/leads';
import { type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const M = MESSAGES.appointments;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A time `days` from the test clock's now, on the hour, as UTC ISO text. */
const at = (days: number, hours = 0): string => new Date(Math.floor(ctx.clock.now().getTime() / HOUR) * HOUR + days * DAY + hours * HOUR).toISOString();

async function skyline() {
  const companyId = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  const property = await ctx.app.db.selectFrom('properties').select('id').where('company_id', '=', companyId).orderBy('id').executeTakeFirstOrThrow();
  const priya = await ctx.app.db.selectFrom('users').select('id').where('email', '=', 'priya.nair@skyline.test').executeTakeFirstOrThrow();
  const lead = () => insertTestLead(ctx.app.db, companyId);
  return { companyId, property: property.id, priya: priya.id, lead };
}

async function add(payload: Record<string, unknown>, persona: Persona = 'skylineAdmin'): Promise<number> {
  const res = await ctx.inject(persona, { method: 'POST', url: '/api/v1/appointments', payload });
  expect(res.statusCode, res.body).toBe(201);
  return AppointmentAnswer.parse(res.json()).data.id as number;
}

const setStatus = async (id: number, status: string) => {
  const res = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${id}`, payload: { status } });
  expect(res.statusCode, res.body).toBe(200);
};

async function next(persona: Persona, query: string) {
  const res = await ctx.inject(persona, { method: 'GET', url: `/api/v1/appointments/next?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return NextAppointmentsAnswer.parse(res.json());
}

describe('GET /appointments/next', () => {
  it("answers each lead's earliest appointment not over and still open, soonest first, with the company's time zone", async () => {
    const s = await skyline();
    const [a, b, none] = [await s.lead(), await s.lead(), await s.lead()];
    await add({ kind: 'follow_up', lead_id: a, starts_at: at(-2) }); // over
    await setStatus(await add({ kind: 'follow_up', lead_id: a, starts_at: at(1) }), 'cancelled');
    await setStatus(await add({ kind: 'follow_up', lead_id: a, starts_at: at(1, 2) }), 'done');
    await setStatus(await add({ kind: 'follow_up', lead_id: a, starts_at: at(1, 4) }), 'no_show');
    const aNext = await add({ kind: 'site_visit', lead_id: a, property_ids: [s.property], starts_at: at(2) });
    const aLater = await add({ kind: 'follow_up', lead_id: a, starts_at: at(5) });
    await setStatus(aLater, 'confirmed');
    const bNext = await add({ kind: 'meeting', lead_id: b, starts_at: at(1, 1) });

    const answer = await next('skylineAdmin', `lead_ids=${a},${b},${none}`);
    expect(answer.time_zone).toBe('Asia/Kolkata');
    expect(answer.data.map((x) => [x.id, x.lead_id])).toEqual([
      [bNext, b],
      [aNext, a],
    ]);
    expect(answer.data[1]).toMatchObject({ kind: 'site_visit', status: 'proposed', agent_id: ctx.ids.skylineAdmin, properties: [{ id: s.property }] });

    // Once the earlier one is cancelled, the later one is next.
    await setStatus(aNext, 'cancelled');
    expect((await next('skylineAdmin', `lead_ids=${a}`)).data.map((x) => x.id)).toEqual([aLater]);
  });

  it('counts one already under way (not over yet); ties go to the lower id', async () => {
    const s = await skyline();
    const lead = await s.lead();
    const now = ctx.clock.now().getTime();
    const running = await add({ kind: 'follow_up', lead_id: lead, starts_at: new Date(now - 10 * 60_000).toISOString(), ends_at: new Date(now + 20 * 60_000).toISOString() });
    await add({ kind: 'follow_up', lead_id: lead, starts_at: at(1) });
    expect((await next('skylineAdmin', `lead_ids=${lead}`)).data.map((x) => x.id)).toEqual([running]);

    const other = await s.lead();
    const first = await add({ kind: 'follow_up', lead_id: other, starts_at: at(3) });
    await add({ kind: 'follow_up', lead_id: other, starts_at: at(3) });
    expect((await next('skylineAdmin', `lead_ids=${other}`)).data.map((x) => x.id)).toEqual([first]);
  });

  it('an agent gets only appointments they run, were invited to or made', async () => {
    const s = await skyline();
    const lead = await s.lead();
    const colleagues = await add({ kind: 'follow_up', lead_id: lead, agent_id: s.priya, starts_at: at(1) });
    const invited = await add({ kind: 'follow_up', lead_id: lead, agent_id: s.priya, invitee_ids: [ctx.ids.skylineAgent], starts_at: at(2) });
    expect((await next('skylineAdmin', `lead_ids=${lead}`)).data.map((x) => x.id)).toEqual([colleagues]);
    expect((await next('skylineAgent', `lead_ids=${lead}`)).data.map((x) => x.id)).toEqual([invited]);
  });

  it("keeps companies apart: another company's leads have no next appointment", async () => {
    const s = await skyline();
    const lead = await s.lead();
    await add({ kind: 'follow_up', lead_id: lead, starts_at: at(1) });
    expect((await next('harborAdmin', `lead_ids=${lead}`)).data).toEqual([]);
    const harborLead = await insertTestLead(ctx.app.db, (await companyIdOf(ctx.app.db, 'harborAdmin'))!);
    const harbor = await ctx.inject('harborAdmin', { method: 'POST', url: '/api/v1/appointments', payload: { kind: 'follow_up', lead_id: harborLead, starts_at: at(1) } });
    expect(harbor.statusCode, harbor.body).toBe(201);
    expect((await next('skylineAdmin', `lead_ids=${harborLead},${lead}`)).data.map((x) => x.lead_id)).toEqual([lead]);
    expect((await next('harborAdmin', `lead_ids=${harborLead}`)).time_zone).toBe('Asia/Kolkata');
  });

  it('takes the ids as comma text or repeated, ignores texts that are no id, and refuses none or more than 100 (422)', async () => {
    const s = await skyline();
    const [a, b] = [await s.lead(), await s.lead()];
    await add({ kind: 'follow_up', lead_id: a, starts_at: at(1) });
    await add({ kind: 'follow_up', lead_id: b, starts_at: at(2) });
    expect((await next('skylineAdmin', `lead_ids=${a}&lead_ids=${b}`)).data.map((x) => x.lead_id)).toEqual([a, b]);
    expect((await next('skylineAdmin', `lead_ids=x,-1,0,99999999999999999,${b}, ${b}`)).data.map((x) => x.lead_id)).toEqual([b]);
    expect((await next('skylineAdmin', 'lead_ids=')).data).toEqual([]);

    const missing = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/appointments/next' });
    expect(missing.statusCode).toBe(422);
    expect((missing.json() as { errors: Record<string, string[]> }).errors).toEqual({ lead_ids: [M.leadIdsRequired] });
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    const tooMany = await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/appointments/next?lead_ids=${many}` });
    expect(tooMany.statusCode).toBe(422);
    expect((tooMany.json() as { errors: Record<string, string[]> }).errors).toEqual({ lead_ids: [format(M.tooManyLeads, { max: 100 })] });
  });

  it("a lead's and a property's lists carry the company's time zone", async () => {
    const s = await skyline();
    const lead = await s.lead();
    const visit = await add({ kind: 'site_visit', lead_id: lead, property_ids: [s.property], starts_at: at(4) });
    for (const url of [`/api/v1/leads/${lead}/appointments?upcoming=1`, `/api/v1/properties/${s.property}/appointments?upcoming=1`]) {
      const res = await ctx.inject('skylineAdmin', { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      const answer = AppointmentListAnswer.parse(res.json());
      expect(answer.time_zone).toBe('Asia/Kolkata');
      expect(answer.data.map((x) => x.id)).toContain(visit);
    }
  });
});
