import { describe, expect, it } from 'vitest';
import { AppointmentAnswer, AppointmentsAnswer, ClashesAnswer, format, MESSAGES, PERMISSIONS as P } from '../../src/contract';
import { sendDueReminders } from '../src/modules/appointments/reminders.service';
import { addSkylineAgent } from './helpers/agentPersonas';
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
  const properties = await ctx.app.db.selectFrom('properties').select(['id', 'address', 'location']).where('company_id', '=', companyId).orderBy('id').limit(3).execute();
  const lead = await insertTestLead(ctx.app.db, companyId);
  const priya = await ctx.app.db.selectFrom('users').select('id').where('email', '=', 'priya.nair@skyline.test').executeTakeFirstOrThrow();
  return { companyId, properties, lead, priya: priya.id };
}

async function harborIds() {
  const companyId = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
  const property = await ctx.app.db.selectFrom('properties').select('id').where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return { lead: await insertTestLead(ctx.app.db, companyId), property: property.id };
}

const post = (persona: Persona, payload: Record<string, unknown>) => ctx.inject(persona, { method: 'POST', url: '/api/v1/appointments', payload });
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

describe('appointments', () => {
  it('adds a site visit with defaults (agent, end, place, status) and answers the embedded summaries', async () => {
    const s = await skyline();
    const res = await post('skylineAdmin', { kind: 'site_visit', lead_id: s.lead, property_ids: [s.properties[1]!.id, s.properties[0]!.id], starts_at: at(2), invitee_ids: [s.priya], reminder_minutes: 60 });
    expect(res.statusCode, res.body).toBe(201);
    const a = AppointmentAnswer.parse(res.json()).data;
    expect(a).toMatchObject({ kind: 'site_visit', status: 'proposed', agent_id: ctx.ids.skylineAdmin, lead_id: s.lead, version: 1, reminder_minutes: 60, created_by: ctx.ids.skylineAdmin });
    expect(a.ends_at).toBe(new Date(Date.parse(at(2)) + HOUR).toISOString());
    expect(a.property_ids).toEqual([s.properties[1]!.id, s.properties[0]!.id]);
    expect(a.place).toBe(s.properties[1]!.address ?? s.properties[1]!.location);
    expect(a.lead?.name).toMatch(/^Fixture Lead/);
    expect(a.agent?.name).toBe('Ananya Rao');
    expect(a.invitees).toEqual([{ id: s.priya, name: 'Priya Nair' }]);
    expect(a.properties[0]).toMatchObject({ id: s.properties[1]!.id });
  });

  it('gives a follow-up 30 minutes by default, a time given with an offset back in UTC', async () => {
    const s = await skyline();
    const res = await post('skylineAdmin', { kind: 'follow_up', lead_id: s.lead, starts_at: '2030-01-10T16:00:00+05:30' });
    expect(res.statusCode, res.body).toBe(201);
    const a = AppointmentAnswer.parse(res.json()).data;
    expect([a.starts_at, a.ends_at]).toEqual(['2030-01-10T10:30:00.000Z', '2030-01-10T11:00:00.000Z']);
  });

  it('refuses with 422 naming the field: end before start, no lead, no property, unknown or foreign lead, property and user, too far ahead, bad kind', async () => {
    const s = await skyline();
    const h = await harborIds();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ kind: 'meeting', starts_at: at(1, 2), ends_at: at(1, 1) }, { ends_at: [M.endBeforeStart] }],
      [{ kind: 'follow_up', starts_at: at(1) }, { lead_id: [M.leadRequired] }],
      [{ kind: 'site_visit', lead_id: s.lead, starts_at: at(1) }, { property_ids: [M.propertyRequired] }],
      [{ kind: 'meeting', property_ids: [s.properties[0]!.id], starts_at: at(1) }, { property_ids: [M.propertiesOnlyForVisits] }],
      [{ kind: 'follow_up', lead_id: h.lead, starts_at: at(1) }, { lead_id: [M.leadUnknown] }],
      [{ kind: 'site_visit', lead_id: s.lead, property_ids: [h.property], starts_at: at(1) }, { property_ids: [format(M.propertyUnknown, { id: h.property })] }],
      [{ kind: 'meeting', starts_at: at(1), invitee_ids: [ctx.ids.harborAdmin] }, { invitee_ids: [format(M.userUnknown, { id: ctx.ids.harborAdmin })] }],
      [{ kind: 'meeting', starts_at: at(1), agent_id: ctx.ids.superAdmin }, { agent_id: [format(M.userUnknown, { id: ctx.ids.superAdmin })] }],
      [{ kind: 'meeting', starts_at: at(3700) }, { starts_at: [format(M.tooFarAhead, { years: 10 })], ends_at: [format(M.tooFarAhead, { years: 10 })] }],
      [{ kind: 'party', starts_at: at(1) }, { kind: [M.kindInvalid] }],
      [{ kind: 'meeting', starts_at: 'tomorrow at ten' }, { starts_at: [M.timeInvalid] }],
      [{ kind: 'meeting', starts_at: at(1), reminder_minutes: -5 }, { reminder_minutes: [format(M.reminderInvalid, { max: 10080 })] }],
      [{ kind: 'meeting', starts_at: at(1), colour: 'red' }, { colour: [MESSAGES.generic.unknownField] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post('skylineAdmin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorsOf(res), JSON.stringify(payload)).toEqual(errors);
    }
  });

  it('lists a range with filters and the time zone; refuses ranges over 100 days; keeps companies apart', async () => {
    const s = await skyline();
    const made = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'follow_up', lead_id: s.lead, starts_at: at(40) })).json()).data;
    const list = async (persona: Persona, query: string) => ctx.inject(persona, { method: 'GET', url: `/api/v1/appointments?${query}` });
    const range = `from=${encodeURIComponent(at(39))}&to=${encodeURIComponent(at(41))}`;
    const res = await list('skylineAdmin', `${range}&lead_id=${s.lead}&kind=follow_up`);
    expect(res.statusCode, res.body).toBe(200);
    const body = AppointmentsAnswer.parse(res.json());
    expect(body.time_zone).toBe('Asia/Kolkata');
    expect(body.data.map((a) => a.id)).toEqual([made.id]);
    expect(AppointmentsAnswer.parse((await list('skylineAdmin', `${range}&status=done`)).json()).data.some((a) => a.id === made.id)).toBe(false);
    // Overlap, not containment: a range ending inside the appointment finds it.
    const inside = `from=${encodeURIComponent(at(39))}&to=${encodeURIComponent(new Date(Date.parse(made.starts_at) + 60_000).toISOString())}`;
    expect(AppointmentsAnswer.parse((await list('skylineAdmin', inside)).json()).data.map((a) => a.id)).toContain(made.id);
    expect(AppointmentsAnswer.parse((await list('harborAdmin', range)).json()).data.some((a) => a.id === made.id)).toBe(false);
    const tooLong = await list('skylineAdmin', `from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(101))}`);
    expect(tooLong.statusCode).toBe(422);
    expect(errorsOf(tooLong)).toEqual({ to: [format(M.rangeTooLong, { days: 100 })] });
    expect(errorsOf(await list('skylineAdmin', 'from=x'))).toMatchObject({ from: [M.timeInvalid] });
    expect((await ctx.inject('harborAdmin', { method: 'GET', url: `/api/v1/appointments/${made.id}` })).statusCode).toBe(404);
    expect((await ctx.inject('harborAdmin', { method: 'PUT', url: `/api/v1/appointments/${made.id}`, payload: { note: 'x' } })).statusCode).toBe(404);
    expect((await ctx.inject('harborAdmin', { method: 'DELETE', url: `/api/v1/appointments/${made.id}` })).statusCode).toBe(404);
    const again = AppointmentAnswer.parse((await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/appointments/${made.id}` })).json()).data;
    expect(again.version).toBe(1);
  });

  it('shows the demo calendar: each demo company has appointments this and next week', async () => {
    const range = `from=${encodeURIComponent(at(-8))}&to=${encodeURIComponent(at(15))}`;
    for (const persona of ['skylineAdmin', 'harborAdmin'] as const) {
      const res = await ctx.inject(persona, { method: 'GET', url: `/api/v1/appointments?${range}` });
      expect(AppointmentsAnswer.parse(res.json()).data.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('an agent sees only the appointments they run, were invited to or made; an admin all', async () => {
    const s = await skyline();
    const other = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'follow_up', lead_id: s.lead, agent_id: s.priya, starts_at: at(50) })).json()).data;
    const invited = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'meeting', starts_at: at(50, 2), invitee_ids: [ctx.ids.skylineAgent] })).json()).data;
    const range = `from=${encodeURIComponent(at(49))}&to=${encodeURIComponent(at(51))}`;
    const seen = AppointmentsAnswer.parse((await ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1/appointments?${range}` })).json()).data.map((a) => a.id);
    expect(seen).toContain(invited.id);
    expect(seen).not.toContain(other.id);
    expect((await ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1/appointments/${other.id}` })).statusCode).toBe(404);
    expect((await ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1/appointments/${invited.id}` })).statusCode).toBe(200);
    const admin = AppointmentsAnswer.parse((await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/appointments?${range}` })).json()).data.map((a) => a.id);
    expect(admin).toEqual(expect.arrayContaining([other.id, invited.id]));
    // Made by the agent for a colleague: still theirs to see.
    const made = await post('skylineAgent', { kind: 'follow_up', lead_id: s.lead, agent_id: s.priya, starts_at: at(50, 4) });
    expect(made.statusCode, made.body).toBe(201);
    const madeId = AppointmentAnswer.parse(made.json()).data.id;
    expect((await ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1/appointments/${madeId}` })).statusCode).toBe(200);
    // The demo agent holds no event-delete.
    expect((await ctx.inject('skylineAgent', { method: 'DELETE', url: `/api/v1/appointments/${madeId}` })).statusCode).toBe(403);
  });

  it('an agent whose role lacks event-read reads no appointment', async () => {
    const agent = await addSkylineAgent(ctx, { email: 'no.calendar@skyline.test', role: 'No Calendar', permissions: [P.leadRead] });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/appointments?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(1))}`, headers: { authorization: `Bearer ${agent.token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('PUT accepts what GET answered, keeps left-out fields, moves keeping the length, and refuses a stale version with 409', async () => {
    const s = await skyline();
    const made = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'site_visit', lead_id: s.lead, property_ids: [s.properties[0]!.id], starts_at: at(5), ends_at: at(5, 2), note: 'Bring the keys' })).json()).data;
    const got = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/appointments/${made.id}` })).json() as { data: Record<string, unknown> };
    const same = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${made.id}`, payload: got.data });
    expect(same.statusCode, same.body).toBe(200);
    expect(AppointmentAnswer.parse(same.json()).data).toMatchObject({ version: 2, note: 'Bring the keys', starts_at: made.starts_at, ends_at: made.ends_at });

    const moved = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${made.id}`, payload: { starts_at: at(6), version: 2 } });
    expect(moved.statusCode, moved.body).toBe(200);
    const m = AppointmentAnswer.parse(moved.json()).data;
    expect([m.starts_at, m.ends_at, m.version, m.note]).toEqual([at(6), at(6, 2), 3, 'Bring the keys']);

    const stale = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${made.id}`, payload: { note: 'Old copy', version: 2 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'Error', message: M.conflict, data: { id: made.id, version: 3, note: 'Bring the keys' } });

    const feedback = await ctx.inject('skylineAdmin', {
      method: 'PUT',
      url: `/api/v1/appointments/${made.id}`,
      payload: { status: 'done', outcome: 'Liked the balcony', feedback: [{ property_id: s.properties[0]!.id, feedback: 'Wants a higher floor' }], version: 3 },
    });
    expect(feedback.statusCode, feedback.body).toBe(200);
    expect(AppointmentAnswer.parse(feedback.json()).data).toMatchObject({ status: 'done', outcome: 'Liked the balcony', feedback: [{ property_id: s.properties[0]!.id, feedback: 'Wants a higher floor' }] });

    const wrong = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${made.id}`, payload: { ends_at: at(4) } });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)).toEqual({ ends_at: [M.endBeforeStart] });
    const foreign = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${made.id}`, payload: { feedback: [{ property_id: s.properties[2]!.id, feedback: 'x' }] } });
    expect(errorsOf(foreign)).toEqual({ feedback: [M.feedbackUnknownProperty] });
  });

  it('finds clashes: the same agent at once, or a property another lead visits then; not the same lead, not cancelled, not itself', async () => {
    const s = await skyline();
    const otherLead = await insertTestLead(ctx.app.db, s.companyId);
    const property = s.properties[2]!.id;
    const visit = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'site_visit', lead_id: s.lead, property_ids: [property], agent_id: s.priya, starts_at: at(20), ends_at: at(20, 1) })).json()).data;
    const clashes = async (query: string) => ClashesAnswer.parse((await ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1/appointments/clashes?${query}` })).json()).data;
    const window = `starts_at=${encodeURIComponent(new Date(Date.parse(at(20)) + 30 * 60_000).toISOString())}&ends_at=${encodeURIComponent(at(20, 2))}`;
    expect(await clashes(`${window}&agent_id=${s.priya}`)).toEqual([expect.objectContaining({ id: visit.id, reasons: ['agent'], agent: { id: s.priya, name: 'Priya Nair' } })]);
    expect(await clashes(`${window}&property_ids=${property}&lead_id=${otherLead}`)).toEqual([expect.objectContaining({ id: visit.id, reasons: ['property'], property_ids: [property] })]);
    expect(await clashes(`${window}&property_ids=${property}&lead_id=${s.lead}`)).toEqual([]);
    expect(await clashes(`${window}&agent_id=${s.priya}&except_id=${visit.id}`)).toEqual([]);
    expect(await clashes(`starts_at=${encodeURIComponent(at(20, 1))}&ends_at=${encodeURIComponent(at(20, 2))}&agent_id=${s.priya}`)).toEqual([]);
    await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${visit.id}`, payload: { status: 'cancelled' } });
    expect(await clashes(`${window}&agent_id=${s.priya}`)).toEqual([]);
  });

  it("answers a lead's and a property's upcoming appointments; another company's lead is 404", async () => {
    const s = await skyline();
    const property = s.properties[1]!.id;
    const past = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'site_visit', lead_id: s.lead, property_ids: [property], starts_at: at(-3) })).json()).data;
    const soon = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'site_visit', lead_id: s.lead, property_ids: [property], starts_at: at(3) })).json()).data;
    const later = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'follow_up', lead_id: s.lead, starts_at: at(9) })).json()).data;
    const ofLead = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${s.lead}/appointments?upcoming=1` })).json() as { data: Array<{ id: number }> };
    expect(ofLead.data.map((a) => a.id)).toEqual([soon.id, later.id]);
    const all = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${s.lead}/appointments` })).json() as { data: Array<{ id: number }> };
    expect(all.data.map((a) => a.id)).toEqual([later.id, soon.id, past.id]);
    const ofProperty = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/properties/${property}/appointments?upcoming=1` })).json() as { data: Array<{ id: number }> };
    expect(ofProperty.data.map((a) => a.id)).toContain(soon.id);
    expect(ofProperty.data.map((a) => a.id)).not.toContain(past.id);
    expect((await ctx.inject('harborAdmin', { method: 'GET', url: `/api/v1/leads/${s.lead}/appointments` })).statusCode).toBe(404);
  });

  it('mails invitees and the agent (not whoever made the change) on create, move and cancel, with the .ics attached', async () => {
    const s = await skyline();
    const priya = 'priya.nair@skyline.test';
    const mailsTo = async (to: string) =>
      ctx.app.db.selectFrom('email_outbox').select(['id', 'kind', 'subject', 'attachments']).where('to_address', '=', to).where('kind', 'like', 'appointment-%').orderBy('id').execute();
    const before = (await mailsTo(priya)).length;
    const beforeAdmin = (await mailsTo('admin@skyline.test')).length;
    const made = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'meeting', starts_at: at(12), invitee_ids: [s.priya] })).json()).data;
    await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${made.id}`, payload: { starts_at: at(13) } });
    await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${made.id}`, payload: { note: 'Agenda attached' } });
    await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${made.id}`, payload: { status: 'cancelled' } });
    const mails = (await mailsTo(priya)).slice(before);
    expect(mails.map((m) => m.kind)).toEqual(['appointment-created', 'appointment-moved', 'appointment-cancelled']);
    const ics = JSON.parse(mails[2]!.attachments!) as Array<{ filename: string; content: string }>;
    expect(ics[0]!.filename).toBe(`appointment-${made.id}.ics`);
    expect(ics[0]!.content).toContain('STATUS:CANCELLED');
    expect((await mailsTo('admin@skyline.test')).length).toBe(beforeAdmin);
    // Someone else made it: the agent is told too.
    const forAdmin = await post('skylineAgent', { kind: 'follow_up', lead_id: s.lead, agent_id: ctx.ids.skylineAdmin, starts_at: at(14) });
    expect(forAdmin.statusCode, forAdmin.body).toBe(201);
    expect((await mailsTo('admin@skyline.test')).slice(beforeAdmin).map((m) => m.kind)).toEqual(['appointment-created']);
  });

  it('sends a reminder once, at its time, even when two sweeps run', async () => {
    const s = await skyline();
    const made = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'follow_up', lead_id: s.lead, agent_id: s.priya, starts_at: at(2), reminder_minutes: 30 })).json()).data;
    const reminders = () => ctx.app.db.selectFrom('email_outbox').select('id').where('kind', '=', 'appointment-reminder').where('to_address', '=', 'priya.nair@skyline.test').execute();
    const count = (await reminders()).length;
    await sendDueReminders(ctx.app);
    expect((await reminders()).length).toBe(count);
    const other = await ctx.extraApp();
    // To 20 minutes before it starts (its reminder was due 10 minutes ago), whatever the hour now.
    const shift = Date.parse(made.starts_at) - 20 * 60_000 - ctx.clock.now().getTime();
    ctx.clock.advance(shift);
    try {
      const sent = await Promise.all([sendDueReminders(ctx.app), sendDueReminders(other)]);
      expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      expect((await reminders()).length).toBe(count + 1);
      await sendDueReminders(ctx.app);
      expect((await reminders()).length).toBe(count + 1);
      const row = await ctx.app.db.selectFrom('appointments').select('reminder_sent_at').where('id', '=', Number(made.id)).executeTakeFirstOrThrow();
      expect(row.reminder_sent_at).not.toBeNull();
    } finally {
      ctx.clock.advance(-shift);
    }
  });

  it('deletes (event-delete), telling those it concerned that it is cancelled', async () => {
    const s = await skyline();
    const made = AppointmentAnswer.parse((await post('skylineAdmin', { kind: 'meeting', starts_at: at(15), invitee_ids: [s.priya] })).json()).data;
    const res = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/appointments/${made.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: M.deleted });
    expect((await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/appointments/${made.id}` })).statusCode).toBe(404);
    const last = await ctx.app.db.selectFrom('email_outbox').select('kind').where('to_address', '=', 'priya.nair@skyline.test').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.kind).toBe('appointment-cancelled');
  });
});
