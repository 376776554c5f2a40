/**
 * The calendar files, read back with ical.js as a calendar app would: one appointment's .ics and a
 * person's private feed (its link the only credential), a moved appointment (same UID, higher
 * SEQUENCE, new times) and a cancelled one (STATUS:CANCELLED, still in the feed), and the text
 * rules (CRLF, lines of at most 75 octets, escaping).
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { AppointmentAnswer, CalendarFeedAnswer } from '../../src/contract';
import { escapeText, fold } from '../src/modules/appointments/ics';
import { companyIdOf, insertTestLead } from './helpers/leads';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const HOUR = 3_600_000;
const at = (hours: number): string => new Date(Math.floor(ctx.clock.now().getTime() / HOUR) * HOUR + hours * HOUR).toISOString();

/** The VEVENTs of a calendar text, by UID. */
function events(text: string): Map<string, ICAL.Event> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new Map(calendar.getAllSubcomponents('vevent').map((v) => [String(v.getFirstPropertyValue('uid')), new ICAL.Event(v)]));
}
const statusOf = (e: ICAL.Event) => String(e.component.getFirstPropertyValue('status'));
const utc = (e: ICAL.Event, which: 'startDate' | 'endDate') => e[which].toJSDate().toISOString();

async function visit(note: string) {
  const companyId = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  const property = await ctx.app.db.selectFrom('properties').select(['id']).where('company_id', '=', companyId).orderBy('id').executeTakeFirstOrThrow();
  const lead = await insertTestLead(ctx.app.db, companyId);
  const res = await ctx.inject('skylineAdmin', {
    method: 'POST',
    url: '/api/v1/appointments',
    payload: { kind: 'site_visit', lead_id: lead, property_ids: [property.id], starts_at: at(30), ends_at: at(31), invitee_ids: [ctx.ids.skylineAgent], title: 'Visit; Tower A, 12th floor', note, place: 'Gate 2, Prestige Meridian, MG Road' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return AppointmentAnswer.parse(res.json()).data;
}

describe('iCalendar files', () => {
  it("answers one appointment's .ics: UID, SEQUENCE, UTC times, LOCATION, DESCRIPTION, escaped texts", async () => {
    const a = await visit('Bring the floor plan.\nAsk about parking, and the society fees; the owner is abroad.');
    const res = await ctx.inject('skylineAgent', { method: 'GET', url: `/api/v1/appointments/${a.id}/ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const [uid, event] = [...events(res.body)][0]!;
    expect(uid).toBe(`appointment-${a.id}@localhost`);
    expect(event.sequence).toBe(0);
    expect(event.summary).toBe('Visit; Tower A, 12th floor');
    expect(event.location).toBe('Gate 2, Prestige Meridian, MG Road');
    expect(event.description).toContain('Ask about parking, and the society fees; the owner is abroad.');
    expect(event.description).toContain('Lead: Fixture Lead');
    expect([utc(event, 'startDate'), utc(event, 'endDate')]).toEqual([at(30), at(31)]);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(statusOf(event)).toBe('TENTATIVE');
  });

  it('serves a private feed by its link alone: a moved appointment with a new SEQUENCE and times, a cancelled one as CANCELLED; a new link ends the old one, revoking ends it', async () => {
    const moved = await visit('To be moved');
    const cancelled = await visit('To be cancelled');
    const made = await ctx.inject('skylineAgent', { method: 'POST', url: '/api/v1/calendar-feed' });
    expect(made.statusCode).toBe(200);
    const feed = CalendarFeedAnswer.parse(made.json()).data;
    expect(feed.url).toBe(`http://localhost:8080/api/v1/calendar-feed/${feed.token}.ics`);
    const stored = await ctx.app.db.selectFrom('calendar_feeds').select('token_hash').where('user_id', '=', ctx.ids.skylineAgent).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(feed.token);

    await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${moved.id}`, payload: { starts_at: at(50), ends_at: at(52), version: 1 } });
    await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${cancelled.id}`, payload: { status: 'cancelled' } });

    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/calendar-feed/${feed.token}.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const all = events(res.body);
    const m = all.get(`appointment-${moved.id}@localhost`)!;
    expect(m.sequence).toBe(1);
    expect([utc(m, 'startDate'), utc(m, 'endDate')]).toEqual([at(50), at(52)]);
    const c = all.get(`appointment-${cancelled.id}@localhost`)!;
    expect(statusOf(c)).toBe('CANCELLED');
    expect(c.sequence).toBe(1);
    // The single file says the same.
    const single = await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/appointments/${cancelled.id}/ics` });
    expect(statusOf([...events(single.body).values()][0]!)).toBe('CANCELLED');
    // Only the person's own appointments: the demo agent's feed lists no meeting of another agent they were not invited to.
    const companyId = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
    const others = await ctx.app.db
      .selectFrom('appointments')
      .select('id')
      .where('company_id', '=', companyId)
      .where('agent_id', '<>', ctx.ids.skylineAgent)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('appointment_invitees').select('user_id').whereRef('appointment_invitees.appointment_id', '=', 'appointments.id').where('user_id', '=', ctx.ids.skylineAgent))))
      .execute();
    for (const o of others) expect(all.has(`appointment-${o.id}@localhost`)).toBe(false);

    const renewed = CalendarFeedAnswer.parse((await ctx.inject('skylineAgent', { method: 'POST', url: '/api/v1/calendar-feed' })).json()).data;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/calendar-feed/${feed.token}.ics` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/calendar-feed/${renewed.token}.ics` })).statusCode).toBe(200);
    expect((await ctx.inject('skylineAgent', { method: 'DELETE', url: '/api/v1/calendar-feed' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/calendar-feed/${renewed.token}.ics` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/calendar-feed/not-a-token.ics' })).statusCode).toBe(404);
  });

  it('escapes texts and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const line = `DESCRIPTION:${'पुणे में घर '.repeat(12)}`;
    const folded = fold(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    expect(folded.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(line);
  });
});
