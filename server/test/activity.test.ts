/**
 * The activity log (docs/activity.md) on a real database: every change writes its event in the
 * same transaction (who, what, before → after, the request id), a lead's timeline and notes with
 * their author's 15 minutes, the audit log's filters and CSV, and live updates over a real socket:
 * a change reaches an open stream, filtered by the listener's company and permissions, and a
 * reconnect with Last-Event-ID loses nothing.
 */
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ActivityAnswer, LiveEvent, MESSAGES, NOTE_EDIT_WINDOW_MS, NoteAnswer, TimelineAnswer } from '../../src/contract';
import { sweepOldEvents } from '../src/modules/activity/service';
import { GAP_WAIT_MS, EventTail } from '../src/modules/activity/tail';
import { companyIdOf, insertTestLead, statusIds } from './helpers/leads';
import { type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
let skyline: number;
let statuses: Record<string, number>;
let base: string;

beforeAll(async () => {
  skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  statuses = await statusIds(ctx.app.db, skyline);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

const eventsOf = (recordType: string, recordId: number) =>
  ctx.app.db.selectFrom('activity_events').selectAll().where('record_type', '=', recordType).where('record_id', '=', recordId).orderBy('id').execute();

const audit = async (persona: Persona, query = '') => {
  const res = await ctx.inject(persona, { method: 'GET', url: `/api/v1/activity${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return ActivityAnswer.parse(res.json()).data;
};

describe('the event log', () => {
  it('writes who, what changed before → after, and the request id, for each kind of lead change', async () => {
    const created = await ctx.inject('skylineAgent', {
      method: 'POST',
      url: '/api/v1/leads/store',
      payload: { first_name: 'Log', last_name: 'Lead', email: 'log.lead@example.test', phone: '+91 98450 11111', workflow_id: statuses.Open, lead_source: 'Website', property_type: 1, activities: 1 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    await ctx.inject('skylineAgent', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { city: 'Pune', version: 1 } });
    await ctx.inject('skylineAgent', { method: 'POST', url: `/api/v1/leads/workflow/${id}`, payload: { workflowId: statuses.Lost } });
    await ctx.inject('skylineAgent', { method: 'PUT', url: `/api/v1/leads/source/${id}`, payload: { lead_source: 'Referral' } });

    const events = await eventsOf('lead', id);
    expect(events.map((e) => e.action)).toEqual(['lead.created', 'lead.updated', 'lead.status_changed', 'lead.updated']);
    for (const event of events) {
      expect(event).toMatchObject({ company_id: skyline, actor_id: ctx.ids.skylineAgent, record_label: 'Log Lead' });
      expect(event.request_id).toBeTruthy();
    }
    expect(JSON.parse(events[1]!.changes!)).toEqual({ city: [null, 'Pune'] });
    expect(JSON.parse(events[2]!.changes!)).toEqual({ workflow: ['Open', 'Lost'] });
    expect(JSON.parse(events[3]!.changes!)).toEqual({ lead_source: ['Website', 'Referral'] });
    // Each request its own id.
    expect(new Set(events.map((e) => e.request_id)).size).toBe(4);

    const deleted = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/leads/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await eventsOf('lead', id)).at(-1)).toMatchObject({ action: 'lead.deleted', actor_id: ctx.ids.skylineAdmin, record_label: 'Log Lead' });
  });

  it('writes nothing for a refused change: a stale save and another company’s lead', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { first_name: 'Stale', version: 3 });
    const stale = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: { city: 'Goa', version: 1 } });
    expect(stale.statusCode).toBe(409);
    const other = await ctx.inject('harborAdmin', { method: 'POST', url: `/api/v1/leads/workflow/${id}`, payload: { workflowId: statuses.Lost } });
    expect(other.statusCode).toBe(404);
    expect(await eventsOf('lead', id)).toEqual([]);
  });

  it('one event per lead of a bulk status change, and none for a lead already there', async () => {
    const ids = [await insertTestLead(ctx.app.db, skyline, { first_name: 'Bulk1', workflow_id: statuses.Open }), await insertTestLead(ctx.app.db, skyline, { first_name: 'Bulk2', workflow_id: statuses.Lost })];
    const res = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/bulk/workflow', payload: { ids, workflowId: statuses.Lost } });
    expect(res.statusCode).toBe(200);
    expect((await eventsOf('lead', ids[0]!)).map((e) => [e.action, JSON.parse(e.changes!)])).toEqual([['lead.status_changed', { workflow: ['Open', 'Lost'] }]]);
    expect(await eventsOf('lead', ids[1]!)).toEqual([]);
  });

  it('one event for an import, with its counts', async () => {
    const csv = 'first_name,last_name,email,phone,address,city,state,postal_code,country,lead_source,property_type,workflow,activities\nImp,One,imp.one@example.test,+91 98450 22222,,,,,,Other,1,,1\n';
    const boundary = 'xxBOUNDARYxx';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="few.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/import', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode, res.body).toBe(200);
    const event = await ctx.app.db.selectFrom('activity_events').selectAll().where('action', '=', 'import.completed').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event).toMatchObject({ company_id: skyline, actor_id: ctx.ids.skylineAdmin, record_label: 'few.csv' });
    expect(JSON.parse(event.data!)).toMatchObject({ file: 'few.csv', imported: 1 });
  });
});

describe('a lead’s timeline and notes', () => {
  it('lists changes and notes newest first with who, and pages', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { first_name: 'Timeline', workflow_id: statuses.Open });
    await ctx.inject('skylineAgent', { method: 'POST', url: `/api/v1/leads/workflow/${id}`, payload: { workflowId: statuses.Lost } });
    const added = await ctx.inject('skylineAgent', {
      method: 'POST',
      url: `/api/v1/leads/${id}/notes`,
      payload: { kind: 'call', body: 'Called, wants a 3 BHK under ₹1 Cr, call back Friday', follow_up_at: '2026-12-04' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().message).toBe(MESSAGES.activity.noteAdded);
    const note = NoteAnswer.parse(added.json()).data;
    expect(note).toMatchObject({ kind: 'call', author_id: ctx.ids.skylineAgent, follow_up_at: '2026-12-04T00:00:00.000Z' });

    const res = await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${id}/timeline?pageSize=1` });
    const first = TimelineAnswer.parse(res.json()).data;
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({ action: 'lead.note_added', actor_name: expect.any(String), note: { id: note.id, body: note.body } });
    const second = TimelineAnswer.parse((await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${id}/timeline?before=${first.next}` })).json()).data;
    expect(second.data.map((e) => e.action)).toEqual(['lead.status_changed']);
    expect(second.next).toBeNull();

    // The board shows the follow-up.
    const lead = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${id}` })).json().data.data.data;
    expect(lead.follow_up_at).toBe('2026-12-04T00:00:00.000Z');
  });

  it('lets only the author change a note, within 15 minutes; a deleted note stays in the audit log', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { first_name: 'Notes' });
    const note = NoteAnswer.parse((await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/leads/${id}/notes`, payload: { kind: 'note', body: 'First words', follow_up_at: '2026-12-01' } })).json()).data;
    const url = `/api/v1/leads/${id}/notes/${note.id}`;
    const byOther = await ctx.inject('skylineAgent', { method: 'PUT', url, payload: { kind: 'note', body: 'Not mine' } });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(MESSAGES.activity.noteLocked);
    const edited = await ctx.inject('skylineAdmin', { method: 'PUT', url, payload: { kind: 'whatsapp', body: 'Second words' } });
    expect(edited.statusCode).toBe(200);
    // The follow-up went with the edit.
    expect((await ctx.app.db.selectFrom('leads').select('follow_up_at').where('id', '=', id).executeTakeFirstOrThrow()).follow_up_at).toBeNull();

    ctx.clock.advance(NOTE_EDIT_WINDOW_MS + 1000);
    const late = await ctx.inject('skylineAdmin', { method: 'DELETE', url });
    expect(late.statusCode).toBe(403);
    ctx.clock.advance(-(NOTE_EDIT_WINDOW_MS + 1000));
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url })).statusCode).toBe(200);

    const timeline = TimelineAnswer.parse((await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${id}/timeline` })).json()).data.data;
    expect(timeline[0]).toMatchObject({ action: 'lead.note_added', note: null });
    const log = await audit('skylineAdmin', `?record_type=lead&record_id=${id}`);
    expect(log.data.map((e) => e.action)).toEqual(['lead.note_deleted', 'lead.note_edited', 'lead.note_added']);
    expect(log.data[0]!.data).toMatchObject({ body: 'Second words' });
    expect(log.data[1]!.changes).toMatchObject({ body: ['First words', 'Second words'], kind: ['note', 'whatsapp'] });
  });

  it('refuses a note without text or with an unknown kind, naming the field', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { first_name: 'Bad note' });
    const res = await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/leads/${id}/notes`, payload: { kind: 'fax', body: ' ' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ kind: [MESSAGES.activity.kindInvalid], body: [MESSAGES.activity.bodyRequired] });
  });
});

describe('the audit log', () => {
  it('answers "who moved this lead to Lost?" filtered by record and action, scoped to the company', async () => {
    const id = await insertTestLead(ctx.app.db, skyline, { first_name: 'Who', workflow_id: statuses.Open });
    await ctx.inject('skylineAgent', { method: 'POST', url: `/api/v1/leads/workflow/${id}`, payload: { workflowId: statuses.Lost } });
    const log = await audit('skylineAdmin', `?record_type=lead&record_id=${id}&action=lead.status_changed`);
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ actor_id: ctx.ids.skylineAgent, changes: { workflow: ['Open', 'Lost'] } });
    expect((await audit('harborAdmin', `?record_type=lead&record_id=${id}`)).data).toEqual([]);
    // The super admin reads any company's, or all.
    expect((await audit('superAdmin', `?company_id=${skyline}&record_type=lead&record_id=${id}`)).data).toHaveLength(1);
  });

  it('filters by person and date, and pages', async () => {
    const mine = await audit('skylineAdmin', `?actor_id=${ctx.ids.skylineAgent}&pageSize=2`);
    expect(mine.data.every((e) => e.actor_id === ctx.ids.skylineAgent)).toBe(true);
    expect(mine.next).not.toBeNull();
    const today = ctx.app.clock().toISOString().slice(0, 10);
    expect((await audit('skylineAdmin', `?from=${today}&to=${today}`)).data.length).toBeGreaterThan(0);
    expect((await audit('skylineAdmin', '?from=2001-01-01&to=2001-01-02')).data).toEqual([]);
  });

  it('writes sign-ins and failed sign-ins', async () => {
    await ctx.login('agent@skyline.test', 'Wrong@123');
    await ctx.login('agent@skyline.test', 'Agent@123');
    const log = await audit('skylineAdmin', `?record_type=session&pageSize=5`);
    expect(log.data.map((e) => e.action)).toEqual(expect.arrayContaining(['session.signed_in', 'session.sign_in_failed']));
  });

  it('exports as CSV with the same filters', async () => {
    const res = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/activity/export?record_type=lead' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,actor,action,record_type,record_id,record,changes,details,request_id');
    expect(lines.slice(1).every((line) => line.includes(',lead,'))).toBe(true);
  });
});

/** Reads Server-Sent Events from a real connection. */
async function openStream(persona: Persona, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/activity/stream`, { headers: { authorization: `Bearer ${ctx.tokens[persona]}`, ...headers }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  expect(res.headers.get('content-encoding')).toBeNull();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const received: Array<{ id: number | null; event: string; data: unknown }> = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => /^(.*)$/m.exec(block.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '')?.[1];
          if (!block.includes('data: ')) continue;
          received.push({ id: field('id') ? Number(field('id')) : null, event: field('event') ?? 'message', data: JSON.parse(field('data')!) });
        }
      }
    } catch {
      // aborted
    }
  })();
  return { received, close: () => controller.abort() };
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('live updates', () => {
  it('a colleague’s status change reaches an open stream within a second; other companies and readers without the permission hear nothing', async () => {
    const admin = await openStream('skylineAdmin');
    const harbor = await openStream('harborAdmin');
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const id = await insertTestLead(ctx.app.db, skyline, { first_name: 'Live', workflow_id: statuses.Open });
      const started = Date.now();
      await ctx.inject('skylineAgent', { method: 'POST', url: `/api/v1/leads/workflow/${id}`, payload: { workflowId: statuses.Lost } });
      await waitFor(() => admin.received.some((m) => (m.data as LiveEvent).record_id === id));
      expect(Date.now() - started).toBeLessThan(1000);
      const event = LiveEvent.parse(admin.received.find((m) => (m.data as LiveEvent).record_id === id)!.data);
      expect(event).toMatchObject({ action: 'lead.status_changed', actor_id: ctx.ids.skylineAgent, changes: { workflow: ['Open', 'Lost'] } });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(harbor.received.filter((m) => (m.data as LiveEvent).record_id === id)).toEqual([]);
    } finally {
      admin.close();
      harbor.close();
    }
  });

  it('a reconnect with Last-Event-ID gets what was missed, once', async () => {
    const first = await openStream('skylineAdmin');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const a = await insertTestLead(ctx.app.db, skyline, { first_name: 'MissA', workflow_id: statuses.Open });
    await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/leads/workflow/${a}`, payload: { workflowId: statuses.Lost } });
    await waitFor(() => first.received.some((m) => (m.data as LiveEvent).record_id === a));
    const lastId = first.received.at(-1)!.id!;
    first.close();

    const b = await insertTestLead(ctx.app.db, skyline, { first_name: 'MissB', workflow_id: statuses.Open });
    await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/leads/workflow/${b}`, payload: { workflowId: statuses.Lost } });
    const second = await openStream('skylineAdmin', { 'last-event-id': String(lastId) });
    try {
      await waitFor(() => second.received.some((m) => (m.data as LiveEvent).record_id === b));
      expect(second.received.filter((m) => (m.data as LiveEvent).record_id === a)).toEqual([]);
      expect(second.received.filter((m) => (m.data as LiveEvent).record_id === b)).toHaveLength(1);
    } finally {
      second.close();
    }
  });

  it('polling with lifetime=0 answers what was missed and ends', async () => {
    const res = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/activity/stream?lifetime=0', headers: { 'last-event-id': '0' } });
    expect(res.statusCode).toBe(200);
    const ids = [...res.body.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(0);
    // The agent never hears of sign-ins, the audit log's alone.
    expect(res.body).not.toContain('session.');
  });
});

describe('retention', () => {
  it('removes events older than ACTIVITY_RETENTION_DAYS and keeps the rest', async () => {
    const old = new Date(ctx.app.clock().getTime() - (ctx.app.config.activityRetentionDays + 1) * 86_400_000).toISOString();
    const { id } = await ctx.app.db
      .insertInto('activity_events')
      .values({ company_id: skyline, action: 'lead.updated', record_type: 'lead', record_id: 1, created_at: old, actor_id: null, actor_name: null, record_label: null, changes: null, data: null, request_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await ctx.app.db.selectFrom('activity_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await sweepOldEvents(ctx.app)).toBe(1);
    expect(await ctx.app.db.selectFrom('activity_events').selectAll().where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const after = await ctx.app.db.selectFrom('activity_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) - 1);
  });
});

describe('the tail of the log', () => {
  it('waits for an id committed late and gives it up after a while', () => {
    const tail = new EventTail(10);
    expect(tail.take([{ id: 12 }], 0).map((r) => r.id)).toEqual([12]);
    expect(tail.after).toBe(10);
    expect(tail.take([{ id: 11 }, { id: 12 }], 100).map((r) => r.id)).toEqual([11]);
    expect(tail.after).toBe(12);
    expect(tail.take([{ id: 14 }], 200).map((r) => r.id)).toEqual([14]);
    expect(tail.after).toBe(12);
    expect(tail.take([{ id: 14 }], 200 + GAP_WAIT_MS)).toEqual([]);
    expect(tail.after).toBe(14);
  });
});
