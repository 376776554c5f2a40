/**
 * Deleting a company (super admin) on both engines: a company with people, sessions, an avatar,
 * roles, workflow statuses, leads, properties with photos, an invitation, a reset token and mail in
 * the outbox loses all of it — no row keeps its id or its people's ids, no file of it stays under
 * the data folder, its people's tokens stop working — while the other companies keep every row.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_API, companyRow, newCompany } from './companies.helpers';
import { multipartBody } from './helpers/multipart';
import { filesUnder, photo, propertyForm } from './helpers/properties';
import { demoHashes, useTestApp } from './helpers/testApp';
import { testEngine } from './helpers/testDb';

const ctx = useTestApp();
const uploads = () => path.join(ctx.database.dir, 'uploads');

const count = async (table: string, where: string, ids: readonly number[]): Promise<number> => {
  if (!ids.length) return 0;
  const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(where)} in (${sql.join(ids)})`.execute(ctx.app.db);
  return Number(row.rows[0]!.n);
};

/** Rows per table that belong to the companies `ids` or to their people `userIds`. */
async function rowsOf(ids: number[], userIds: number[], emails: string[]) {
  const db = ctx.app.db;
  const roleIds = (await db.selectFrom('roles').select('id').where('company_id', 'in', ids).execute()).map((r) => r.id);
  const leadIds = (await db.selectFrom('leads').select('id').where('company_id', 'in', ids).execute()).map((r) => r.id);
  const out: Record<string, number> = {
    companies: await count('companies', 'id', ids),
    users: await count('users', 'company_id', ids),
    roles: roleIds.length,
    role_permissions: await count('role_permissions', 'role_id', roleIds),
    workflow_statuses: await count('workflow_statuses', 'company_id', ids),
    lead_counts: await count('lead_counts', 'company_id', ids),
    leads: leadIds.length,
    properties: await count('properties', 'company_id', ids),
    property_images: await count('property_images', 'company_id', ids),
    invitations: await count('invitations', 'company_id', ids),
    sessions: await count('sessions', 'user_id', userIds),
    email_verification_tokens: await count('email_verification_tokens', 'user_id', userIds),
    password_reset_tokens: await count('password_reset_tokens', 'user_id', userIds),
    email_outbox: emails.length
      ? Number((await db.selectFrom('email_outbox').select((eb) => eb.fn.countAll<number | string>().as('n')).where('to_address', 'in', emails).executeTakeFirstOrThrow()).n)
      : 0,
  };
  if (testEngine() === 'sqlite') out.leads_search = await count('leads_search', 'rowid', leadIds);
  return out;
}

let doomed: { id: number; icon: string; adminId: number; token: string; userIds: number[]; emails: string[]; propertyIds: number[]; avatar: string };
let others: { ids: number[]; userIds: number[]; emails: string[] };

beforeAll(async () => {
  const db = ctx.app.db;
  const company = await newCompany(ctx, { display_name: 'Doomed Realty' });
  const at = new Date().toISOString();
  const adminRole = await db.selectFrom('roles').select('id').where('company_id', '=', company.id).orderBy('id').executeTakeFirstOrThrow();
  const { id: adminId } = await db
    .insertInto('users')
    .values({
      company_id: company.id,
      role_id: adminRole.id,
      user_type: 'admin',
      first_name: 'Dora',
      last_name: 'Doomed',
      email: 'dora@doomed.test',
      status: 'active',
      email_verified_at: at,
      password_hash: (await demoHashes())['Admin@123']!,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const login = await ctx.login('dora@doomed.test', 'Admin@123');
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json().data.token as string;
  const as = (options: InjectOptions) => ctx.app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });

  const avatarForm = multipartBody([{ name: 'avatar', filename: 'me.png', type: 'image/png', data: await photo('png', 64, 64) }]);
  const avatar = await as({ method: 'POST', url: `/api/v1/users/${adminId}/avatar`, payload: avatarForm.payload, headers: avatarForm.headers });
  expect(avatar.statusCode, avatar.body).toBe(200);

  const propertyIds: number[] = [];
  for (const title of ['Doomed villa', 'Doomed plot']) {
    const form = propertyForm({ title, property_type: 'Villa' }, [
      { name: 'property_cover_image', filename: 'c.jpg', type: 'image/jpeg', data: await photo('jpeg', 200, 150) },
      { name: 'property_other_images[]', filename: 'o.png', type: 'image/png', data: await photo('png', 120, 90) },
    ]);
    const made = await as({ method: 'POST', url: '/api/v1/properties', payload: form.payload, headers: form.headers });
    expect(made.statusCode, made.body).toBe(201);
    propertyIds.push(made.json().data.id);
  }

  const workflow = await db.selectFrom('workflow_statuses').select('id').where('company_id', '=', company.id).where('name', '=', 'Open').executeTakeFirstOrThrow();
  for (const first_name of ['Lead', 'Another']) {
    const lead = await as({
      method: 'POST',
      url: '/api/v1/leads/store',
      payload: { first_name, last_name: 'Doomed', email: `${first_name.toLowerCase()}@lead.test`, phone: '9000000000', lead_source: 'Website', property_type: 1, workflow_id: workflow.id, activities: 2 },
    });
    expect(lead.statusCode, lead.body).toBeLessThan(300);
  }

  const roleName = (await db.selectFrom('roles').select('name').where('company_id', '=', company.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).name;
  const invite = await as({ method: 'POST', url: '/api/v1/users', payload: { first_name: 'Ivy', email: 'ivy@doomed.test', password: 'Invite@123', role: roleName } });
  expect(invite.statusCode, invite.body).toBe(201);
  const forgot = await ctx.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'dora@doomed.test' } });
  expect(forgot.statusCode).toBe(200);

  // A pending e-mail confirmation (registration makes these; no call of a company admin does).
  await db.insertInto('email_verification_tokens').values({ user_id: adminId, token_hash: 'doomed-verification', expires_at: at, created_at: at }).execute();

  const people = await db.selectFrom('users').select(['id', 'email']).where('company_id', '=', company.id).execute();
  const stored = (await db.selectFrom('users').select('avatar').where('id', '=', adminId).executeTakeFirstOrThrow()).avatar!;
  doomed = { id: company.id, icon: company.icon as string, adminId, token, userIds: people.map((p) => p.id), emails: people.map((p) => p.email), propertyIds, avatar: stored };

  const rest = await db.selectFrom('companies').select('id').where('id', '!=', company.id).execute();
  const restPeople = await db.selectFrom('users').select(['id', 'email']).where('company_id', 'in', rest.map((r) => r.id)).execute();
  others = { ids: rest.map((r) => r.id), userIds: restPeople.map((p) => p.id), emails: restPeople.map((p) => p.email) };
});

describe('deleting a company', () => {
  it('had something in every table and folder to delete', async () => {
    const rows = await rowsOf([doomed.id], doomed.userIds, doomed.emails);
    for (const [table, n] of Object.entries(rows)) expect(n, table).toBeGreaterThan(0);
    expect(filesUnder(path.join(uploads(), 'companies', String(doomed.id)))).toHaveLength(9);
    for (const id of doomed.propertyIds) expect(filesUnder(path.join(uploads(), 'properties', String(id)))).toHaveLength(6);
    expect(existsSync(path.join(uploads(), doomed.avatar))).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Bearer ${doomed.token}` } })).statusCode).toBe(200);
  });

  it('removes every row and file of it, ends its sessions, and leaves the other companies as they were', async () => {
    const othersBefore = await rowsOf(others.ids, others.userIds, others.emails);
    const filesBefore = filesUnder(uploads()).filter((file) => !file.startsWith(`companies/${doomed.id}/`));

    const res = await ctx.inject('superAdmin', { method: 'DELETE', url: `${COMPANY_API}/${doomed.id}` });
    expect(res.statusCode, res.body).toBe(200);

    const rows = await rowsOf([doomed.id], doomed.userIds, doomed.emails);
    expect(Object.values(rows).every((n) => n === 0), JSON.stringify(rows)).toBe(true);
    expect(await companyRow(ctx, doomed.id)).toBeUndefined();
    expect(existsSync(path.join(uploads(), 'companies', String(doomed.id)))).toBe(false);
    for (const id of doomed.propertyIds) expect(existsSync(path.join(uploads(), 'properties', String(id)))).toBe(false);
    expect(existsSync(path.join(uploads(), doomed.avatar))).toBe(false);
    // Exactly the deleted company's files went; everyone else's (and the shared demo images) stay.
    const gone = new Set([...doomed.propertyIds.map((id) => `properties/${id}/`), doomed.avatar]);
    expect(filesUnder(uploads())).toEqual(filesBefore.filter((file) => ![...gone].some((prefix) => file.startsWith(prefix))));

    // Its people can no longer do anything, nor sign in.
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Bearer ${doomed.token}` } });
    expect(profile.statusCode).toBe(401);
    expect((await ctx.login('dora@doomed.test', 'Admin@123')).statusCode).toBe(401);
    // Nothing of it is reachable: not by id, not in the list, not its files.
    expect((await ctx.inject('superAdmin', { method: 'GET', url: `${COMPANY_API}/${doomed.id}` })).statusCode).toBe(404);
    const list = (await ctx.inject('superAdmin', { method: 'GET', url: COMPANY_API })).json().data as Array<{ id: number }>;
    expect(list.map((c) => c.id)).not.toContain(doomed.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${doomed.avatar}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${doomed.icon}` })).statusCode).toBe(404);

    expect(await rowsOf(others.ids, others.userIds, others.emails)).toEqual(othersBefore);
    // The demo accounts still work.
    expect((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users/profile' })).statusCode).toBe(200);
  });

  it('deletes a company that was never used (registration-made: display name only)', async () => {
    const at = new Date().toISOString();
    const { id } = await ctx.app.db.insertInto('companies').values({ display_name: 'Bare Co', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const res = await ctx.inject('superAdmin', { method: 'DELETE', url: `${COMPANY_API}/${id}` });
    expect(res.statusCode).toBe(200);
    expect(await companyRow(ctx, id)).toBeUndefined();
  });
});
