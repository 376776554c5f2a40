/**
 * The activity log beyond leads (docs/activity.md): properties, people, roles and companies each
 * write their events in the change's transaction — the action, who, the record's id and name, and
 * what changed before → after — a refused change (422, 403, 404) writes nothing, no password hash
 * or token ever reaches the log, and one company's audit log never shows another's events.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ActivityAnswer, AUTH_PATHS, COMPANY_PATHS } from '../../src/contract';
import { COMPANY_API, companyFields, mediaParts, postCompany } from './companies.helpers';
import { companyIdOf } from './helpers/leads';
import { multipartBody } from './helpers/multipart';
import { photo, propertyForm } from './helpers/properties';
import { latestMailToken, type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
let skyline: number;
let harbor: number;

beforeAll(async () => {
  skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
});

type Event = {
  id: number;
  company_id: number | null;
  action: string;
  record_id: number | null;
  record_label: string | null;
  actor_id: number | null;
  changes: Record<string, [unknown, unknown]> | null;
  data: Record<string, unknown> | null;
  request_id: string | null;
};

/** A record's events, oldest first, as stored (changes and data parsed). */
const eventsOf = async (recordType: string, recordId: number): Promise<Event[]> =>
  (await ctx.app.db.selectFrom('activity_events').selectAll().where('record_type', '=', recordType).where('record_id', '=', recordId).orderBy('id').execute()).map(
    (row) => ({ ...row, changes: row.changes ? JSON.parse(row.changes) : null, data: row.data ? JSON.parse(row.data) : null }),
  );
const lastEventId = async () => Number((await ctx.app.db.selectFrom('activity_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
const eventsSince = (id: number) => ctx.app.db.selectFrom('activity_events').selectAll().where('id', '>', id).execute();

/** Runs `refused` calls, each expected to answer `status`, and checks that none of them wrote an event. */
async function writesNothing(calls: Array<[number, () => Promise<{ statusCode: number; body: string }>]>): Promise<void> {
  const before = await lastEventId();
  for (const [status, call] of calls) {
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
  }
  expect(await eventsSince(before)).toEqual([]);
}

const audit = async (persona: Persona, query = '') => {
  const res = await ctx.inject(persona, { method: 'GET', url: `/api/v1/activity${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return ActivityAnswer.parse(res.json()).data;
};

/** Every event a persona's audit log shows, all pages. */
async function wholeAudit(persona: Persona): Promise<Array<{ company_id: number | null; record_type: string; record_id: number | null }>> {
  const out = [];
  let before: number | null | undefined;
  do {
    const page = await audit(persona, `?pageSize=100${before ? `&before=${before}` : ''}`);
    out.push(...page.data);
    before = page.next;
  } while (before);
  return out;
}

/** Records of Skyline written in this file, checked at the end against Harbor's audit log. */
const skylineRecords: Array<[string, number]> = [];
const SECRET = /\$argon2|password_hash|token/i;

describe('properties', () => {
  const API = '/api/v1/properties';

  it('logs create, edit (fields and status apart), the gallery and delete, with who and the title', async () => {
    const form = propertyForm({ title: 'Log Villa', property_type: 'Villa', price: '25000000', status: 'available' }, [
      { name: 'property_cover_image', filename: 'cover.jpg', type: 'image/jpeg', data: await photo('jpeg', 320, 200) },
    ]);
    const created = await ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: form.payload, headers: form.headers });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    skylineRecords.push(['property', id]);

    const put = await ctx.inject('harborAdmin', { method: 'PUT', url: `${API}/${id}`, payload: { price: 1 } });
    expect(put.statusCode).toBe(404);
    const edited = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${id}`, payload: { price: 27500000, status: 'unavailable' } });
    expect(edited.statusCode, edited.body).toBe(200);
    // A save that changes nothing writes nothing.
    expect((await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${id}`, payload: { price: 27500000 } })).statusCode).toBe(200);

    const more = multipartBody([{ name: 'images[]', filename: 'b.png', type: 'image/png', data: await photo('png', 200, 200) }]);
    const added = await ctx.inject('skylineAdmin', { method: 'POST', url: `${API}/${id}/images`, payload: more.payload, headers: more.headers });
    expect(added.statusCode, added.body).toBe(200);
    const [first, second] = (added.json().data.images as Array<{ id: number }>).map((image) => image.id);
    const ordered = await ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${id}/images`, payload: { order: [second, first], cover: second } });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const removed = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${id}/images/${first}` });
    expect(removed.statusCode, removed.body).toBe(200);

    const events = await eventsOf('property', id);
    expect(events.map((e) => e.action)).toEqual([
      'property.created',
      'property.updated',
      'property.status_changed',
      'property.photos_changed',
      'property.photos_changed',
      'property.photos_changed',
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ company_id: skyline, record_id: id, record_label: 'Log Villa' });
      expect(event.request_id).toBeTruthy();
    }
    for (const event of events) expect(event.actor_id).toBe(ctx.ids.skylineAdmin);
    expect(events[0]).toMatchObject({ data: { status: 'available', price: 25000000, photos: 1 } });
    expect(events[1]!.changes).toEqual({ price: [25000000, 27500000] });
    expect(events[2]!.changes).toEqual({ status: ['available', 'unavailable'] });
    expect(events[3]).toMatchObject({ data: { added: [second] } });
    expect(events[3]!.changes).toBeNull();
    expect(events[4]).toMatchObject({ changes: { order: [[first, second], [second, first]], cover: [first, second] }, data: { reordered: true, cover: second } });
    expect(events[5]).toMatchObject({ data: { removed: [first] } });

    const deleted = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `${API}/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await eventsOf('property', id)).at(-1)).toMatchObject({ action: 'property.deleted', actor_id: ctx.ids.skylineAdmin, record_label: 'Log Villa', data: { photos: 1 } });
  });

  it('writes nothing for a refused change: invalid fields, another company’s property, a missing permission', async () => {
    const form = propertyForm({ title: 'Refused Flat', price: '100' });
    const id = (await ctx.inject('skylineAdmin', { method: 'POST', url: API, payload: form.payload, headers: form.headers })).json().data.id as number;
    skylineRecords.push(['property', id]);
    await writesNothing([
      [422, () => ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${id}`, payload: { bedrooms: -2 } })],
      [422, () => ctx.inject('skylineAdmin', { method: 'PUT', url: `${API}/${id}/images`, payload: { order: [123456] } })],
      [404, () => ctx.inject('harborAdmin', { method: 'PUT', url: `${API}/${id}`, payload: { title: 'Harbor was here' } })],
      [404, () => ctx.inject('harborAdmin', { method: 'DELETE', url: `${API}/${id}` })],
      [403, () => ctx.inject('skylineAgent', { method: 'DELETE', url: `${API}/${id}` })],
    ]);
    expect((await eventsOf('property', id)).map((e) => e.action)).toEqual(['property.created']);
  });
});

describe('people', () => {
  let invitee: { id: number; email: string };

  it('logs an invitation by the admin and its acceptance by the person themselves', async () => {
    const email = 'log.invitee@skyline.test';
    const res = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/users', payload: { first_name: 'Loggy', email, password: 'Given@123', role: 'Sales Agent' } });
    expect(res.statusCode, res.body).toBe(201);
    invitee = { id: res.json().data.user.id as number, email };
    skylineRecords.push(['user', invitee.id]);
    const { token } = await latestMailToken(ctx.app, email);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1${AUTH_PATHS.acceptInvitation}`,
      payload: { token, password: 'Chosen@123', password_confirmation: 'Chosen@123' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const events = await eventsOf('user', invitee.id);
    expect(events.map((e) => [e.action, e.actor_id])).toEqual([
      ['user.invited', ctx.ids.skylineAdmin],
      ['user.accepted', invitee.id],
    ]);
    expect(events[0]).toMatchObject({ company_id: skyline, record_label: 'Loggy', data: { email, role: 'Sales Agent' } });
    expect(events[1]).toMatchObject({ company_id: skyline, record_label: 'Loggy', changes: { status: ['invited', 'active'] } });
    expect(events[1]!.request_id).toBeTruthy();
    expect(JSON.stringify(events)).not.toMatch(SECRET);
  });

  it('logs an admin’s edit (fields and role before → after, a password only as changed), disabling, enabling and deleting', async () => {
    const teamLead = 'Team Lead';
    const edit = await ctx.inject('skylineAdmin', {
      method: 'PUT',
      url: `/api/v1/users/${invitee.id}`,
      payload: { first_name: 'Loggy R', email: invitee.email, password: 'Reset@1234', role: teamLead },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${invitee.id}/status`, payload: { status: 'disabled' } })).statusCode).toBe(200);
    expect((await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${invitee.id}/status`, payload: { status: 'active' } })).statusCode).toBe(200);

    const events = (await eventsOf('user', invitee.id)).slice(2);
    expect(events.map((e) => e.action)).toEqual(['user.updated', 'user.disabled', 'user.updated']);
    for (const event of events) expect(event).toMatchObject({ company_id: skyline, actor_id: ctx.ids.skylineAdmin, record_label: 'Loggy R' });
    expect(events[0]).toMatchObject({ changes: { first_name: ['Loggy', 'Loggy R'], role: ['Sales Agent', teamLead] }, data: { password: 'changed' } });
    expect(events[0]!.changes).not.toHaveProperty('password');
    expect(events[1]).toMatchObject({ changes: { status: ['active', 'disabled'] } });
    expect(events[2]).toMatchObject({ changes: { status: ['disabled', 'active'] } });
    expect(JSON.stringify(events)).not.toMatch(SECRET);

    const deleted = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${invitee.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await eventsOf('user', invitee.id)).at(-1)).toMatchObject({ action: 'user.deleted', actor_id: ctx.ids.skylineAdmin, record_label: 'Loggy R' });
  });

  it('logs one’s own profile and password changes as the person’s own, without the password', async () => {
    const me = ctx.ids.skylineAgent;
    const profile = {
      first_name: 'Arjun',
      last_name: 'Sharma',
      email: 'agent@skyline.test',
      phone: '+91 98450 11111',
      street: '12 MG Road',
      city: 'Mysuru',
      state: 'Karnataka',
      zip_code: '560001',
      country: 'India',
      user_type: 'agent',
    };
    const before = await ctx.app.db.selectFrom('users').select(['city', 'first_name', 'last_name']).where('id', '=', me).executeTakeFirstOrThrow();
    const since = await lastEventId();
    expect((await ctx.inject('skylineAgent', { method: 'PUT', url: `/api/v1/users/${me}`, payload: profile })).statusCode).toBe(200);
    const password = await ctx.inject('skylineAgent', {
      method: 'PUT',
      url: `/api/v1/users/${me}/update-password`,
      payload: { current_password: 'Agent@123', new_password: 'Agent@1234', new_password_confirmation: 'Agent@1234' },
    });
    expect(password.statusCode, password.body).toBe(200);
    // Put back for the other tests of this file.
    await ctx.inject('skylineAgent', {
      method: 'PUT',
      url: `/api/v1/users/${me}/update-password`,
      payload: { current_password: 'Agent@1234', new_password: 'Agent@123', new_password_confirmation: 'Agent@123' },
    });

    const events = (await eventsOf('user', me)).filter((e) => e.id > since);
    expect(events.map((e) => [e.action, e.actor_id])).toEqual([
      ['user.updated', me],
      ['user.updated', me],
      ['user.updated', me],
    ]);
    expect(events[0]!.changes).toMatchObject({ city: [before.city, 'Mysuru'] });
    expect(events[1]).toMatchObject({ changes: null, data: { password: 'changed' } });
    expect(JSON.stringify(events)).not.toMatch(SECRET);
  });

  it('writes nothing for a refused change: a taken e-mail, another company’s person, oneself, a wrong password', async () => {
    const kavya = (await ctx.app.db.selectFrom('users').select('id').where('email', '=', 'kavya.iyer@harbor.test').executeTakeFirstOrThrow()).id;
    await writesNothing([
      [422, () => ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/users', payload: { first_name: 'Dup', email: 'agent@skyline.test', password: 'Given@123', role: 'Sales Agent' } })],
      [404, () => ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${kavya}`, payload: { first_name: 'Hijacked', email: 'kavya.iyer@harbor.test', role: 'Sales Agent' } })],
      [404, () => ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${kavya}` })],
      [422, () => ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${ctx.ids.skylineAdmin}` })],
      [422, () => ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${ctx.ids.skylineAdmin}/status`, payload: { status: 'disabled' } })],
      [403, () => ctx.inject('skylineAgent', { method: 'DELETE', url: `/api/v1/users/${kavya}` })],
      [
        422,
        () =>
          ctx.inject('skylineAgent', {
            method: 'PUT',
            url: `/api/v1/users/${ctx.ids.skylineAgent}/update-password`,
            payload: { current_password: 'Wrong@123', new_password: 'Other@1234', new_password_confirmation: 'Other@1234' },
          }),
      ],
    ]);
  });
});

describe('roles', () => {
  const save = (persona: Persona, payload: Record<string, unknown>) => ctx.inject(persona, { method: 'POST', url: '/api/v1/acl/role', payload });

  it('logs create, update (name and permissions before → after) and delete', async () => {
    const created = await save('skylineAdmin', { name: 'Log Role', 'lead-read': 1 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    skylineRecords.push(['role', id]);
    expect((await save('skylineAdmin', { id, name: 'Log Role 2', 'lead-read': 1, 'lead-create': 1 })).statusCode).toBe(200);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/acl/role/${id}` })).statusCode).toBe(200);

    const events = await eventsOf('role', id);
    expect(events.map((e) => e.action)).toEqual(['role.created', 'role.updated', 'role.deleted']);
    for (const event of events) expect(event).toMatchObject({ company_id: skyline, actor_id: ctx.ids.skylineAdmin });
    expect(events[0]).toMatchObject({ record_label: 'Log Role', data: { permissions: ['lead-read'] } });
    expect(events[1]).toMatchObject({
      record_label: 'Log Role 2',
      changes: { name: ['Log Role', 'Log Role 2'], permissions: [['lead-read'], ['lead-create', 'lead-read']] },
    });
    expect(events[2]).toMatchObject({ record_label: 'Log Role 2', data: { permissions: ['lead-create', 'lead-read'] } });
  });

  it('writes nothing for a refused change: a taken name, a role in use, another company’s role, a missing permission', async () => {
    const sales = (await ctx.app.db.selectFrom('roles').select('id').where('company_id', '=', skyline).where('name', '=', 'Sales Agent').executeTakeFirstOrThrow()).id;
    await writesNothing([
      [422, () => save('skylineAdmin', { name: 'Sales Agent', 'lead-read': 1 })],
      [422, () => ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/acl/role/${sales}` })],
      [404, () => ctx.inject('harborAdmin', { method: 'DELETE', url: `/api/v1/acl/role/${sales}` })],
      [404, () => save('harborAdmin', { id: sales, name: 'Harbor was here' })],
      [403, () => save('skylineAgent', { name: 'Agent Role', 'lead-read': 1 })],
    ]);
  });
});

describe('companies', () => {
  /** A company edit as the edit screen sends it: the object its GET answered, with `changes`. */
  const editCompany = async (persona: Persona, id: number, changes: Record<string, unknown>) => {
    const current = (await ctx.inject('superAdmin', { method: 'GET', url: `${COMPANY_API}/${id}` })).json().data as Record<string, unknown>;
    return ctx.inject(persona, { method: 'PUT', url: `${COMPANY_API}/${id}`, payload: { ...current, ...changes } });
  };

  it('logs the super admin’s create, edit and delete under the company changed', async () => {
    const created = await postCompany(ctx, companyFields({ display_name: 'Log Estates' }), await mediaParts());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const edit = await editCompany('superAdmin', id, { tagline: 'Logged homes' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await ctx.inject('superAdmin', { method: 'DELETE', url: `${COMPANY_API}/${id}` })).statusCode).toBe(200);

    const events = await eventsOf('company', id);
    expect(events.map((e) => e.action)).toEqual(['company.created', 'company.updated', 'company.deleted']);
    for (const event of events) expect(event).toMatchObject({ company_id: id, actor_id: ctx.ids.superAdmin, record_label: 'Log Estates' });
    expect(events[1]!.changes).toEqual({ tagline: ['Homes by the water', 'Logged homes'] });
  });

  it('shows the super admin’s change of a company in that company’s log, and its admin’s own edits, images and two-factor rule', async () => {
    skylineRecords.push(['company', skyline]);
    const since = await lastEventId();
    expect((await editCompany('superAdmin', skyline, { tagline: 'Skyline, logged' })).statusCode).toBe(200);
    expect((await editCompany('skylineAdmin', skyline, { operating_cities: ['Bengaluru', 'Mysuru'] })).statusCode).toBe(200);
    const logo = multipartBody([(await mediaParts())[1]!]);
    const media = await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1${COMPANY_PATHS.media(skyline)}`, payload: logo.payload, headers: logo.headers });
    expect(media.statusCode, media.body).toBe(200);
    const policy = await ctx.inject('skylineAdmin', { method: 'PUT', url: '/api/v1/company/two-factor-policy', payload: { two_factor_required: 'admins' } });
    expect(policy.statusCode, policy.body).toBe(200);
    await ctx.inject('skylineAdmin', { method: 'PUT', url: '/api/v1/company/two-factor-policy', payload: { two_factor_required: 'off' } });

    const events = (await eventsOf('company', skyline)).filter((e) => e.id > since);
    expect(events.map((e) => [e.action, e.actor_id])).toEqual([
      ['company.updated', ctx.ids.superAdmin],
      ['company.updated', ctx.ids.skylineAdmin],
      ['company.updated', ctx.ids.skylineAdmin],
      ['company.updated', ctx.ids.skylineAdmin],
      ['company.updated', ctx.ids.skylineAdmin],
    ]);
    expect(events[0]!.changes).toEqual({ tagline: [expect.anything(), 'Skyline, logged'] });
    expect(Object.keys(events[1]!.changes!)).toEqual(['operating_cities']);
    expect(events[1]!.changes!.operating_cities![1]).toEqual(['Bengaluru', 'Mysuru']);
    expect(events[2]).toMatchObject({ changes: null, data: { media: ['logo'] } });
    expect(events[3]).toMatchObject({ changes: { two_factor_required: ['off', 'admins'] } });
    for (const event of events) expect(event).toMatchObject({ company_id: skyline, record_label: 'Skyline Realty' });

    // The company's admin reads the super admin's change in the audit log.
    const log = await audit('skylineAdmin', `?record_type=company&record_id=${skyline}&actor_id=${ctx.ids.superAdmin}`);
    expect(log.data.map((e) => e.id)).toContain(events[0]!.id);
  });

  it('writes nothing for a refused change: an agent, another company, a bad link, no such company', async () => {
    const url = `${COMPANY_API}/${skyline}`;
    await writesNothing([
      [403, () => editCompany('skylineAgent', skyline, { tagline: 'Agent was here' })],
      [404, () => editCompany('harborAdmin', skyline, { tagline: 'Harbor was here' })],
      [422, () => editCompany('skylineAdmin', skyline, { website: 'javascript:alert(1)' })],
      [422, () => ctx.inject('skylineAdmin', { method: 'PUT', url, payload: { tagline: 'Only this' } })],
      [404, () => ctx.inject('superAdmin', { method: 'DELETE', url: `${COMPANY_API}/999999` })],
      [403, () => ctx.inject('skylineAgent', { method: 'PUT', url: '/api/v1/company/two-factor-policy', payload: { two_factor_required: 'everyone' } })],
    ]);
  });
});

describe('tenancy of the audit log', () => {
  it('never shows Skyline’s events to Harbor’s admin', async () => {
    expect(skylineRecords.length).toBeGreaterThan(0);
    // Harbor's own change is there.
    const own = await ctx.inject('harborAdmin', { method: 'POST', url: '/api/v1/acl/role', payload: { name: 'Harbor Log Role', 'lead-read': 1 } });
    expect(own.statusCode).toBe(201);
    const seen = await wholeAudit('harborAdmin');
    expect(seen).toContainEqual(expect.objectContaining({ record_type: 'role', record_id: own.json().data.id }));
    expect(seen.every((event) => event.company_id === harbor)).toBe(true);
    for (const [type, id] of skylineRecords) {
      expect(seen.filter((event) => event.record_type === type && event.record_id === id)).toEqual([]);
      // Asked for by record, still nothing.
      expect((await audit('harborAdmin', `?record_type=${type}&record_id=${id}`)).data).toEqual([]);
    }
  });
});
