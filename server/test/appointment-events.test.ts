/**
 * Appointments in the activity log (docs/activity.md): scheduling, moving, a status change (done
 * with the outcome and each property's feedback), a cancellation and a deletion each write one
 * event in the change's transaction, on the lead's timeline for those holding event-read, in the
 * audit log, and on live streams without what changed.
 */
import { describe, expect, it } from 'vitest';
import { AppointmentAnswer, type TimelineEntry } from '../../src/contract';
import { liveEvent, mayReceive } from '../src/modules/activity/stream';
import { addSkylineAgent } from './helpers/agentPersonas';
import { companyIdOf, statusIds } from './helpers/leads';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const HOUR = 3_600_000;
const at = (hours: number): string => new Date(Math.floor(ctx.clock.now().getTime() / HOUR) * HOUR + hours * HOUR).toISOString();

let leads = 0;
/** A Skyline lead added through the API (so its own `lead.created` event is written), and two properties. */
async function skyline() {
  const companyId = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  const properties = await ctx.app.db.selectFrom('properties').select(['id', 'title']).where('company_id', '=', companyId).orderBy('id').limit(2).execute();
  const n = ++leads;
  const created = await ctx.inject('skylineAdmin', {
    method: 'POST',
    url: '/api/v1/leads/store',
    payload: { first_name: 'Visit', last_name: `Lead${n}`, email: `visit.lead${n}@example.test`, phone: `+91 98450 2222${n}`, lead_source: 'Website', property_type: 1, activities: 1, workflow_id: (await statusIds(ctx.app.db, companyId)).Open },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { companyId, properties, lead: created.json().data.id as number };
}

const timelineOf = async (lead: number, token?: string) => {
  const res = token
    ? await ctx.app.inject({ method: 'GET', url: `/api/v1/leads/${lead}/timeline`, headers: { authorization: `Bearer ${token}` } })
    : await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${lead}/timeline` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { data: TimelineEntry[] } }).data.data;
};

const appointmentEvents = async (id: number) =>
  ctx.app.db.selectFrom('activity_events').selectAll().where('record_type', '=', 'appointment').where('record_id', '=', id).orderBy('id').execute();

describe('appointment events', () => {
  it('writes scheduled, moved, done (outcome and feedback) and deleted on the lead’s timeline, newest first', async () => {
    const s = await skyline();
    const [p1, p2] = s.properties;
    const created = await ctx.inject('skylineAdmin', {
      method: 'POST',
      url: '/api/v1/appointments',
      payload: { kind: 'site_visit', lead_id: s.lead, property_ids: [p1!.id, p2!.id], starts_at: at(24), note: 'Bring the keys' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const visit = AppointmentAnswer.parse(created.json()).data;
    const put = (payload: Record<string, unknown>) => ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${visit.id}`, payload });

    let version = visit.version;
    const moved = await put({ starts_at: at(26), version });
    expect(moved.statusCode, moved.body).toBe(200);
    version = AppointmentAnswer.parse(moved.json()).data.version;
    // Nothing changed: no event.
    const same = await put({ starts_at: at(26), version });
    version = AppointmentAnswer.parse(same.json()).data.version;
    // A stale save is refused and writes nothing.
    expect((await put({ note: 'stale', version: visit.version })).statusCode).toBe(409);
    const done = await put({ status: 'done', outcome: 'Liked the view', feedback: [{ property_id: p1!.id, feedback: 'Too small' }, { property_id: p2!.id, feedback: 'Loved it' }], version });
    expect(done.statusCode, done.body).toBe(200);

    const events = await appointmentEvents(Number(visit.id));
    expect(events.map((e) => e.action)).toEqual(['appointment.scheduled', 'appointment.moved', 'appointment.status_changed']);
    expect(events.every((e) => e.lead_id === s.lead && e.actor_id === ctx.ids.skylineAdmin)).toBe(true);
    // Each request's own id, as the audit log shows it beside the lead's own events.
    expect(events.every((e) => typeof e.request_id === 'string' && e.request_id.length > 0)).toBe(true);
    expect(new Set(events.map((e) => e.request_id)).size).toBe(3);
    expect(events[0]!.record_label).toMatch(/^Site visit with Visit Lead/);
    expect(JSON.parse(events[1]!.changes!)).toEqual({ starts_at: [at(24), at(26)], ends_at: [at(25), at(27)] });
    const doneChanges = JSON.parse(events[2]!.changes!) as Record<string, unknown>;
    expect(doneChanges.status).toEqual(['proposed', 'done']);
    expect(doneChanges.outcome).toEqual([null, 'Liked the view']);
    const doneData = JSON.parse(events[2]!.data!) as Record<string, unknown>;
    expect(doneData).toMatchObject({
      kind: 'site_visit',
      status: 'done',
      outcome: 'Liked the view',
      time_zone: 'Asia/Kolkata',
      properties: [
        { id: p1!.id, title: p1!.title, feedback: 'Too small' },
        { id: p2!.id, title: p2!.title, feedback: 'Loved it' },
      ],
    });

    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/appointments/${visit.id}` })).statusCode).toBe(200);
    const timeline = await timelineOf(s.lead);
    expect(timeline.map((e) => e.action).slice(0, 4)).toEqual(['appointment.deleted', 'appointment.status_changed', 'appointment.moved', 'appointment.scheduled']);
    expect(timeline.at(-1)!.action).toBe('lead.created');
    expect(timeline[0]!.data).toMatchObject({ appointment_id: Number(visit.id), status: 'done' });
  });

  it('says a cancellation as a status change, an edit of the note as updated (audit log only), and a meeting without lead on no timeline', async () => {
    const s = await skyline();
    const follow = AppointmentAnswer.parse((await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/appointments', payload: { kind: 'follow_up', lead_id: s.lead, starts_at: at(30) } })).json()).data;
    const noted = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${follow.id}`, payload: { note: 'Call first', version: follow.version } });
    const cancelled = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${follow.id}`, payload: { status: 'cancelled', version: AppointmentAnswer.parse(noted.json()).data.version } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const meeting = AppointmentAnswer.parse((await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/appointments', payload: { kind: 'meeting', title: 'Weekly review', starts_at: at(32) } })).json()).data;

    expect((await appointmentEvents(Number(follow.id))).map((e) => [e.action, e.changes && Object.keys(JSON.parse(e.changes))])).toEqual([
      ['appointment.scheduled', null],
      ['appointment.updated', ['note']],
      ['appointment.status_changed', ['status']],
    ]);
    const [meetingEvent] = await appointmentEvents(Number(meeting.id));
    expect(meetingEvent).toMatchObject({ lead_id: null, record_label: 'Meeting: Weekly review' });
    expect((await timelineOf(s.lead)).map((e) => e.action)).toEqual(['appointment.status_changed', 'appointment.scheduled', 'lead.created']);

    const audit = await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/activity?record_type=appointment&record_id=${follow.id}` });
    expect(audit.statusCode, audit.body).toBe(200);
    expect((audit.json() as { data: { data: Array<{ action: string }> } }).data.data.map((e) => e.action)).toEqual([
      'appointment.status_changed',
      'appointment.updated',
      'appointment.scheduled',
    ]);
  });

  it('leaves appointments out of the timeline of a lead reader without event-read', async () => {
    const s = await skyline();
    await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/appointments', payload: { kind: 'follow_up', lead_id: s.lead, starts_at: at(40) } });
    const { token } = await addSkylineAgent(ctx, { email: 'lead.only@skyline.test', role: 'Lead history only', permissions: ['lead-read'] });
    expect((await timelineOf(s.lead, token)).map((e) => e.action)).toEqual(['lead.created']);
    expect((await timelineOf(s.lead)).map((e) => e.action)).toEqual(['appointment.scheduled', 'lead.created']);
  });

  it('tells live streams of event-read holders that an appointment changed, never what changed', async () => {
    const s = await skyline();
    const follow = AppointmentAnswer.parse((await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/appointments', payload: { kind: 'follow_up', lead_id: s.lead, starts_at: at(50) } })).json()).data;
    await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${follow.id}`, payload: { starts_at: at(51), version: follow.version } });
    const row = (await appointmentEvents(Number(follow.id))).at(-1)!;
    expect(row.changes).not.toBeNull();
    expect(liveEvent(row)).toMatchObject({ action: 'appointment.moved', record_type: 'appointment', record_id: Number(follow.id), changes: null });
    const listener = { companyId: s.companyId, superAdmin: false };
    expect(mayReceive({ ...listener, permissions: new Set(['event-read']) }, row)).toBe(true);
    expect(mayReceive({ ...listener, permissions: new Set(['lead-read']) }, row)).toBe(false);
    expect(mayReceive({ companyId: s.companyId + 1, superAdmin: false, permissions: new Set(['event-read']) }, row)).toBe(false);
  });

  it('files a lead’s own events under the lead too (the timeline reads by lead)', async () => {
    const s = await skyline();
    const rows = await ctx.app.db.selectFrom('activity_events').select(['lead_id', 'record_id']).where('record_type', '=', 'lead').where('record_id', '=', s.lead).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.lead_id === r.record_id)).toBe(true);
  });
});
