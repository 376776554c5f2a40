/**
 * The calendar's range answers kept per process (src/modules/appointments/rangeAnswers.ts): a
 * repeated call is served kept and equals a fresh computation; every change an answer shows makes
 * the next one fresh, through the API and written straight to the database as another process
 * would (migration 2026_11_28_0200's triggers); an agent, another company and another query never
 * get another's answer; the byte budget holds; compressed forms go out as the compression plugin
 * sends other answers.
 */
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { success } from '../src/lib/answers';
import { closeHandle, type DbHandle, openPostgres, openSqlite } from '../src/db/connect';
import { keptRangeAnswers, setRangeAnswerBudget } from '../src/modules/appointments/rangeAnswers';
import { type Caller, listRange } from '../src/modules/appointments/service';
import { appointmentsVersion } from '../src/modules/appointments/versions.repository';
import { companyIdOf, insertTestLead } from './helpers/leads';
import { type Persona, useTestApp } from './helpers/testApp';
import { testEngine } from './helpers/testDb';

const ctx = useTestApp();
const DAY = 86_400_000;
/** A month far from the demo's appointments, so only this file's rows are in it. */
const MONTH = Date.UTC(2031, 2, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const RANGE = { from: iso(MONTH - 7 * DAY), to: iso(MONTH + 35 * DAY) };
const rangeUrl = (q: Record<string, string> = RANGE) => `/api/v1/appointments?${new URLSearchParams(q)}`;

interface Fixture {
  companyId: number;
  harborId: number;
  leads: number[];
  properties: number[];
  agentId: number;
  people: number[];
  appointments: number[];
}
let f: Fixture;

/** The answer as the client reads it, whatever its encoding. */
function bodyOf(res: LightMyRequestResponse): unknown {
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return JSON.parse(text.toString('utf8'));
}

async function callerOf(persona: Exclude<Persona, 'anonymous'>): Promise<Caller> {
  const user = await ctx.app.db.selectFrom('users').select(['id', 'user_type', 'first_name', 'last_name', 'company_id']).where('id', '=', ctx.ids[persona]).executeTakeFirstOrThrow();
  return { companyId: user.company_id!, user };
}

/** The answer computed now without anything kept, as JSON. */
async function fresh(persona: Exclude<Persona, 'anonymous'>, query: Record<string, string> = RANGE): Promise<unknown> {
  const answer = await listRange({ db: ctx.app.db }, await callerOf(persona), query as never);
  return JSON.parse(JSON.stringify(success(answer)));
}

const stats = () => keptRangeAnswers(ctx.app.readDb);

/** GETs the range as `persona`; checks the answer equals a fresh computation; the body. */
async function range(persona: Exclude<Persona, 'anonymous'> = 'skylineAdmin', query: Record<string, string> = RANGE, headers: Record<string, string> = {}) {
  const res = await ctx.inject(persona, { method: 'GET', url: rangeUrl(query), headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = bodyOf(res) as { data: Array<Record<string, unknown>>; time_zone: string };
  expect(body).toEqual(await fresh(persona, query));
  return body;
}

/** Primes the kept answer, shows the next call is served kept, runs `change`, and shows the next answer is fresh and shows `seen`. */
async function freshAfter(change: () => Promise<unknown>, seen: (body: Awaited<ReturnType<typeof range>>) => boolean) {
  await range();
  const before = stats();
  const kept = await range();
  expect(stats().hits).toBe(before.hits + 1);
  expect(stats().builds).toBe(before.builds);
  expect(seen(kept)).toBe(false);
  await change();
  const after = await range();
  expect(stats().builds).toBe(before.builds + 1);
  expect(seen(after)).toBe(true);
}

const inDb = () => ctx.app.db;
const appointment = (body: { data: Array<Record<string, unknown>> }, id: number) => body.data.find((a) => a.id === id) as Record<string, any> | undefined;
/** An id list of appointment `id` in the answer (empty when it is not there). */
const idsOf = (body: { data: Array<Record<string, unknown>> }, id: number, field: 'invitee_ids' | 'property_ids'): number[] => (appointment(body, id)?.[field] ?? []) as number[];

beforeAll(async () => {
  const db = ctx.app.db;
  const companyId = (await companyIdOf(db, 'skylineAdmin'))!;
  const harborId = (await companyIdOf(db, 'harborAdmin'))!;
  const properties = (await db.selectFrom('properties').select('id').where('company_id', '=', companyId).orderBy('id').limit(4).execute()).map((p) => p.id);
  const people = (await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('status', '=', 'active').orderBy('id').execute()).map((p) => p.id);
  const leads = [await insertTestLead(db, companyId), await insertTestLead(db, companyId), await insertTestLead(db, companyId)];
  f = { companyId, harborId, leads, properties, people, agentId: ctx.ids.skylineAgent, appointments: [] };
  // Twelve through the API: the admin's, the agent's, one the agent is invited to.
  for (let i = 0; i < 12; i++) {
    const starts = MONTH + i * 2 * DAY + 10 * 3_600_000;
    const payload =
      i % 3 === 0
        ? { kind: 'site_visit', lead_id: leads[i % 3], property_ids: [properties[i % 4], properties[(i + 1) % 4]], starts_at: iso(starts), agent_id: i === 3 ? f.agentId : ctx.ids.skylineAdmin }
        : i % 3 === 1
          ? { kind: 'follow_up', lead_id: leads[i % 3], starts_at: iso(starts), agent_id: i === 4 ? f.agentId : ctx.ids.skylineAdmin }
          : { kind: 'meeting', title: `Review ${i}`, starts_at: iso(starts), invitee_ids: i === 5 ? [f.agentId] : [], agent_id: ctx.ids.skylineAdmin };
    const res = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/appointments', payload });
    expect(res.statusCode, res.body).toBe(201);
    f.appointments.push((res.json() as { data: { id: number } }).data.id);
  }
});

describe('kept range answers', () => {
  it('serves a repeated call kept, equal to a fresh computation, in every encoding', async () => {
    const first = await range();
    expect(first.data.length).toBe(12);
    const before = stats();
    for (const encoding of ['identity', 'br', 'gzip', 'gzip, deflate, br, zstd']) await range('skylineAdmin', RANGE, { 'accept-encoding': encoding });
    expect(stats().builds).toBe(before.builds);
    expect(stats().hits).toBe(before.hits + 4);
    expect(stats().keys.length).toBeGreaterThan(0);
  });

  it('sends Content-Encoding and Vary as the compression plugin does for other answers', async () => {
    // Another JSON answer over the threshold, compressed by the plugin itself.
    const other = '/api/v1/users';
    const cases: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' },
      { 'accept-encoding': 'x-gzip' },
      { 'accept-encoding': '*' },
      { 'accept-encoding': 'deflate' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': 'gzip, br', 'x-no-compression': '1' },
      { 'accept-encoding': 'br', origin: 'http://localhost:8080' },
    ];
    for (const headers of cases) {
      const mine = await ctx.inject('skylineAdmin', { method: 'GET', url: rangeUrl(), headers });
      const theirs = await ctx.inject('skylineAdmin', { method: 'GET', url: other, headers });
      expect(JSON.stringify(bodyOf(theirs)).length, 'the other answer must be over the threshold').toBeGreaterThan(1024);
      const view = (r: LightMyRequestResponse) => ({ encoding: r.headers['content-encoding'], vary: r.headers.vary, type: r.headers['content-type'], cache: r.headers['cache-control'] });
      expect(view(mine), JSON.stringify(headers)).toEqual(view(theirs));
      expect(bodyOf(mine)).toEqual(await fresh('skylineAdmin'));
    }
  });

  it('never gives an agent the admin’s answer, another company another’s, or one query another’s', async () => {
    const admin = await range('skylineAdmin');
    const agent = await range('skylineAgent');
    // The agent's own: the one they run (two), the one they are invited to.
    expect(agent.data.map((a) => a.id).sort()).toEqual([f.appointments[3], f.appointments[4], f.appointments[5]].sort());
    expect(agent.data.length).toBeLessThan(admin.data.length);
    const again = await range('skylineAgent');
    expect(again).toEqual(agent);
    // The same version number for both companies, so only the key can tell their answers apart.
    const same = Math.max(await appointmentsVersion(inDb(), f.companyId), await appointmentsVersion(inDb(), f.harborId)) + 1;
    for (const company of [f.companyId, f.harborId]) {
      await inDb().deleteFrom('appointment_versions' as never).where('company_id' as never, '=', company as never).execute();
      await inDb().insertInto('appointment_versions' as never).values({ company_id: company, version: same } as never).execute();
    }
    await range('skylineAdmin');
    const harbor = await range('harborAdmin');
    expect(harbor.data).toEqual([]);
    const visits = await range('skylineAdmin', { ...RANGE, kind: 'site_visit' });
    expect(visits.data.every((a) => a.kind === 'site_visit')).toBe(true);
    expect(visits.data.length).toBe(4);
    const narrow = await range('skylineAdmin', { from: iso(MONTH), to: iso(MONTH + 3 * DAY) });
    expect(narrow.data.length).toBe(2);
  });

  it('is fresh after an appointment is added, edited, moved or deleted through the API', async () => {
    let added = 0;
    await freshAfter(
      async () => {
        const res = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/appointments', payload: { kind: 'meeting', title: 'Added later', starts_at: iso(MONTH + 20 * DAY) } });
        added = (res.json() as { data: { id: number } }).data.id;
      },
      (b) => b.data.some((a) => a.title === 'Added later'),
    );
    const id = f.appointments[1]!;
    const edit = async (changes: Record<string, unknown>) => {
      const current = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/appointments/${id}` })).json() as { data: Record<string, unknown> };
      const res = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/appointments/${id}`, payload: { ...current.data, ...changes } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await freshAfter(() => edit({ note: 'Bring the papers' }), (b) => appointment(b, id)?.note === 'Bring the papers');
    const moved = iso(MONTH + 25 * DAY);
    await freshAfter(() => edit({ starts_at: moved, ends_at: iso(MONTH + 25 * DAY + 3_600_000) }), (b) => appointment(b, id)?.starts_at === moved);
    await freshAfter(() => edit({ invitee_ids: [f.people.at(-1)] }), (b) => idsOf(b, id, 'invitee_ids').includes(f.people.at(-1)!));
    await freshAfter(
      () => ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/appointments/${added}` }),
      (b) => !b.data.some((a) => a.id === added),
    );
  });

  it('is fresh after the names it embeds change through the API: a lead’s, a property’s, a person’s', async () => {
    const lead = f.leads[0]!;
    const { version } = await inDb().selectFrom('leads').select('version').where('id', '=', lead).executeTakeFirstOrThrow();
    await freshAfter(
      async () => {
        const res = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${lead}`, payload: { first_name: 'Renamed', last_name: 'Buyer', version } });
        expect(res.statusCode, res.body).toBe(200);
      },
      (b) => b.data.some((a) => (a.lead as { name: string } | null)?.name === 'Renamed Buyer'),
    );
    const property = f.properties[0]!;
    await freshAfter(
      async () => {
        const res = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/properties/${property}`, payload: { title: 'Lake View Villa' } });
        expect(res.statusCode, res.body).toBe(200);
      },
      (b) => b.data.some((a) => (a.properties as Array<{ title: string }>).some((p) => p.title === 'Lake View Villa')),
    );
    const agent = await inDb().selectFrom('users').select(['email', 'role_id']).where('id', '=', f.agentId).executeTakeFirstOrThrow();
    await freshAfter(
      async () => {
        const res = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${f.agentId}`, payload: { first_name: 'Meera', email: agent.email, role: agent.role_id } });
        expect(res.statusCode, res.body).toBe(200);
      },
      (b) => b.data.some((a) => (a.agent as { name: string } | null)?.name?.startsWith('Meera ') ?? false),
    );
  });

  it('is fresh after any of those changes is written straight to the database, as another process would', async () => {
    const db = inDb();
    const id = f.appointments[6]!;
    const now = iso(Date.now());
    let inserted = 0;
    await freshAfter(
      async () => {
        const row = await db
          .insertInto('appointments')
          .values({ company_id: f.companyId, kind: 'meeting', title: 'Written by hand', lead_id: null, agent_id: ctx.ids.skylineAdmin, starts_at: iso(MONTH + 9 * DAY), ends_at: iso(MONTH + 9 * DAY + 3_600_000), place: null, note: null, status: 'confirmed', outcome: null, reminder_minutes: null, reminder_at: null, reminder_sent_at: null, version: 1, created_by: null, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        inserted = row.id;
      },
      (b) => b.data.some((a) => a.title === 'Written by hand'),
    );
    await freshAfter(() => db.updateTable('appointments').set({ outcome: 'Signed' }).where('id', '=', id).execute(), (b) => appointment(b, id)?.outcome === 'Signed');
    const later = iso(MONTH + 27 * DAY);
    await freshAfter(() => db.updateTable('appointments').set({ starts_at: later, ends_at: iso(MONTH + 27 * DAY + 60_000) }).where('id', '=', id).execute(), (b) => appointment(b, id)?.starts_at === later);
    await freshAfter(() => db.deleteFrom('appointments').where('id', '=', inserted).execute(), (b) => !b.data.some((a) => a.id === inserted));
    // Links: a property's feedback, an invitee added, a property taken off.
    const visit = f.appointments[0]!;
    await freshAfter(
      () => db.updateTable('appointment_properties').set({ feedback: 'Liked the balcony' }).where('appointment_id', '=', visit).where('property_id', '=', f.properties[0]!).execute(),
      (b) => ((appointment(b, visit)?.feedback ?? []) as Array<{ feedback: string }>).some((x) => x.feedback === 'Liked the balcony'),
    );
    await freshAfter(
      () => db.insertInto('appointment_invitees').values({ appointment_id: visit, user_id: f.people[0]! }).execute(),
      (b) => idsOf(b, visit, 'invitee_ids').includes(f.people[0]!),
    );
    await freshAfter(
      () => db.deleteFrom('appointment_properties').where('appointment_id', '=', visit).where('property_id', '=', f.properties[1]!).execute(),
      (b) => !idsOf(b, visit, 'property_ids').includes(f.properties[1]!),
    );
    // Names: a lead's, a property's address, a person's, the company's time zone.
    await freshAfter(() => db.updateTable('leads').set({ last_name: 'Handwritten' }).where('id', '=', f.leads[1]!).execute(), (b) => b.data.some((a) => (a.lead as { name: string } | null)?.name?.endsWith('Handwritten') ?? false));
    await freshAfter(
      () => db.updateTable('properties').set({ address: '7 Marine Drive' }).where('id', '=', f.properties[0]!).execute(),
      (b) => b.data.some((a) => (a.properties as Array<{ address: string }>).some((p) => p.address === '7 Marine Drive')),
    );
    await freshAfter(
      () => db.updateTable('users').set({ last_name: 'Handwritten' }).where('id', '=', ctx.ids.skylineAdmin).execute(),
      (b) => b.data.some((a) => (a.agent as { name: string } | null)?.name?.endsWith('Handwritten') ?? false),
    );
    await freshAfter(() => db.updateTable('companies').set({ time_zone: 'Europe/London' }).where('id', '=', f.companyId).execute(), (b) => b.time_zone === 'Europe/London');
    // Deletions that reach appointments through their foreign keys: a lead's (set null), a property's (its visits' link goes).
    const gone = f.leads[1]!;
    await freshAfter(() => db.deleteFrom('leads').where('id', '=', gone).execute(), (b) => !b.data.some((a) => a.lead_id === gone));
    const extra = await insertProperty();
    await db.insertInto('appointment_properties').values({ appointment_id: visit, property_id: extra, position: 9, feedback: null }).execute();
    await freshAfter(() => db.deleteFrom('properties').where('id', '=', extra).execute(), (b) => !idsOf(b, visit, 'property_ids').includes(extra));
  });

  it('does not move for what the answer does not show: a reminder claimed, a lead’s other field, another company', async () => {
    const db = inDb();
    const version = await appointmentsVersion(db, f.companyId);
    await db.updateTable('appointments').set({ reminder_sent_at: iso(Date.now()) }).where('id', '=', f.appointments[2]!).execute();
    await db.updateTable('leads').set({ city: 'Nashik' }).where('id', '=', f.leads[0]!).execute();
    await db.updateTable('companies').set({ time_zone: 'Asia/Dubai' }).where('id', '=', f.harborId).execute();
    expect(await appointmentsVersion(db, f.companyId)).toBe(version);
  });

  it('sees a change another process makes through its own API', async () => {
    const other = await secondHandle();
    try {
      const process2 = await ctx.extraApp({ db: other, demo: false });
      await range();
      const before = stats();
      const id = f.appointments[9]!;
      const current = (await process2.inject({ method: 'GET', url: `/api/v1/appointments/${id}`, headers: { authorization: `Bearer ${ctx.tokens.skylineAdmin}` } })).json() as { data: Record<string, unknown> };
      const res = await process2.inject({ method: 'PUT', url: `/api/v1/appointments/${id}`, headers: { authorization: `Bearer ${ctx.tokens.skylineAdmin}` }, payload: { ...current.data, status: 'cancelled' } });
      expect(res.statusCode, res.body).toBe(200);
      const after = await range();
      expect(stats().builds).toBe(before.builds + 1);
      expect(appointment(after, id)?.status).toBe('cancelled');
    } finally {
      await closeHandle(other);
    }
  });

  it('keeps within its byte budget, letting the least recently used go; one answer over the budget is answered, not kept', async () => {
    const db = ctx.app.readDb;
    const one = Buffer.byteLength(JSON.stringify(await fresh('skylineAdmin')));
    setRangeAnswerBudget(db, Math.floor(one * 2.5) + 4096);
    try {
      const windows = [0, 1, 2, 3, 4].map((i) => ({ from: RANGE.from, to: iso(MONTH + (30 + i) * DAY) }));
      for (const q of windows) {
        await range('skylineAdmin', q);
        const s = stats();
        expect(s.bytes).toBeLessThanOrEqual(s.budget);
      }
      const s = stats();
      expect(s.keys.length).toBeLessThanOrEqual(2);
      // The most recent are kept, the oldest went.
      expect(s.keys.some((k) => k.includes(windows[4]!.to))).toBe(true);
      expect(s.keys.some((k) => k.includes(windows[0]!.to))).toBe(false);
      // Compressed forms count too.
      await range('skylineAdmin', windows[4], { 'accept-encoding': 'br' });
      await range('skylineAdmin', windows[4], { 'accept-encoding': 'gzip' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stats().bytes).toBeLessThanOrEqual(stats().budget);
      setRangeAnswerBudget(db, Math.floor(one / 2));
      expect(stats().keys).toEqual([]);
      const builds = stats().builds;
      await range('skylineAdmin');
      await range('skylineAdmin');
      expect(stats().builds).toBe(builds + 2);
      expect(stats().bytes).toBe(0);
    } finally {
      setRangeAnswerBudget(db, 32 * 1024 * 1024);
    }
  });
});

async function insertProperty(): Promise<number> {
  const template = await inDb().selectFrom('properties').selectAll().where('id', '=', f.properties[0]!).executeTakeFirstOrThrow();
  const { id: _id, ...rest } = template;
  const row = await inDb()
    .insertInto('properties')
    .values({ ...rest, title: 'Short-lived' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Another connection to this file's database, as another server process holds. */
async function secondHandle(): Promise<DbHandle> {
  if (testEngine() === 'sqlite') return openSqlite(path.join(ctx.database.dir, 'test.sqlite'));
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(ctx.app.db);
  const url = new URL(process.env.PG_TEST_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return openPostgres(url.toString(), 2);
}
