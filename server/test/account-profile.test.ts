/**
 * The account's own profile, password and avatar, from the tenancy side: a person changes only
 * themselves, and nothing in the profile payload raises their type, role or company.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract';
import { companyIdOf } from './helpers/leads';
import { multipartBody } from './helpers/multipart';
import { photo } from './helpers/properties';
import { type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const profileBody = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Arjun',
  last_name: 'Sharma',
  email: 'agent@skyline.test',
  phone: '+91 98450 11111',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zip_code: '560001',
  country: 'India',
  user_type: 'agent',
  ...extra,
});
const putUser = (persona: Persona, id: number, payload: Record<string, unknown>) =>
  ctx.inject(persona, { method: 'PUT', url: `/api/v1/users/${id}`, payload });
const stored = (id: number) =>
  ctx.app.db.selectFrom('users').select(['user_type', 'role_id', 'company_id', 'first_name', 'email']).where('id', '=', id).executeTakeFirstOrThrow();

describe('profile: an agent cannot raise their own type, role or company', () => {
  it('ignores user_type, role and company_id sent with the profile form', async () => {
    const agent = ctx.ids.skylineAgent;
    const before = await stored(agent);
    const harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
    const res = await putUser('skylineAgent', agent, profileBody({ user_type: 'super_admin', role: 'Admin', company_id: harbor }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ user_type: 'agent', company_id: before.company_id });
    expect(await stored(agent)).toEqual({ ...before, first_name: 'Arjun' });
    // The session's permissions are still the agent's.
    const profile = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users/profile' });
    expect(profile.json().data.permissions).not.toContain('role-delete');
  });

  it("refuses User Management's payload on one's own row, even to an agent holding agent-edit", async () => {
    const agent = ctx.ids.skylineAgent;
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAgent'))!;
    const before = await stored(agent);
    const otherRole = await ctx.app.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', skyline)
      .where('id', '<>', before.role_id!)
      .executeTakeFirstOrThrow();
    const promote = { first_name: 'Arjun', email: 'agent@skyline.test', role: otherRole.id };
    const denied = await putUser('skylineAgent', agent, promote);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MESSAGES.permission.denied.replace('{permission}', 'agent-edit'));

    // Give the agent's role agent-edit: managing other agents now works, but never oneself.
    const editId = (await ctx.app.db.selectFrom('permissions').select('id').where('name', '=', 'agent-edit').executeTakeFirstOrThrow()).id;
    await ctx.app.db.insertInto('role_permissions').values({ role_id: before.role_id!, permission_id: editId }).execute();
    try {
      expect((await putUser('skylineAgent', agent, promote)).statusCode).toBe(403);
      expect((await putUser('skylineAgent', agent, { ...promote, role_id: otherRole.id })).statusCode).toBe(403);
    } finally {
      await ctx.app.db.deleteFrom('role_permissions').where('role_id', '=', before.role_id!).where('permission_id', '=', editId).execute();
    }
    expect(await stored(agent)).toEqual(before);
  });
});

describe('profile: a person changes only themselves', () => {
  it.each([
    ['skylineAdmin', 'skylineAgent'],
    ['skylineAgent', 'skylineAdmin'],
    ['harborAdmin', 'skylineAgent'],
    ['superAdmin', 'skylineAgent'],
  ] as const)("%s gets 404 for %s's profile, password and avatar, and nothing changes", async (caller, target) => {
    const id = ctx.ids[target];
    const before = await stored(id);
    const profile = await putUser(caller, id, profileBody({ first_name: 'Hacked', email: `hacked.${caller}@evil.test` }));
    expect(profile.statusCode).toBe(404);
    const password = await ctx.inject(caller, {
      method: 'PUT',
      url: `/api/v1/users/${id}/update-password`,
      payload: { current_password: 'Agent@123', new_password: 'Hacked@123', new_password_confirmation: 'Hacked@123' },
    });
    expect(password.statusCode).toBe(404);
    const body = multipartBody([{ name: 'avatar', filename: 'me.png', type: 'image/png', data: await photo('png', 8, 8) }]);
    const avatar = await ctx.inject(caller, { method: 'POST', url: `/api/v1/users/${id}/avatar`, payload: body.payload, headers: body.headers });
    expect(avatar.statusCode).toBe(404);
    expect(await stored(id)).toEqual(before);
  });
});

describe('avatar: JPEG, JPG and PNG', () => {
  it.each([
    ['me.jpeg', 'image/jpeg', 'jpeg'],
    ['me.jpg', 'image/jpg', 'jpeg'],
    ['me.png', 'image/png', 'png'],
  ] as const)('takes %s', async (filename, type, kind) => {
    const body = multipartBody([{ name: 'avatar', filename, type, data: await photo(kind, 64, 64) }]);
    const res = await ctx.inject('harborAdmin', { method: 'POST', url: `/api/v1/users/${ctx.ids.harborAdmin}/avatar`, payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.avatar).toMatch(/\/avatars\/.+\.(jpg|png)$/);
  });

  it('refuses a WebP photo (avatars are JPEG and PNG only: docs/product/rules.md)', async () => {
    const body = multipartBody([{ name: 'avatar', filename: 'me.webp', type: 'image/webp', data: await photo('webp', 64, 64) }]);
    const res = await ctx.inject('harborAdmin', { method: 'POST', url: `/api/v1/users/${ctx.ids.harborAdmin}/avatar`, payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ avatar: [MESSAGES.validation.imageOnly] });
  });
});

describe('password change', () => {
  it("ends the person's other sessions and keeps the calling one", async () => {
    const here = await ctx.freshToken('skylineAdmin');
    const other = await ctx.freshToken('skylineAdmin');
    const change = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${ctx.ids.skylineAdmin}/update-password`,
      headers: { authorization: `Bearer ${here}` },
      payload: { current_password: 'Admin@123', new_password: 'Skyline@456', new_password_confirmation: 'Skyline@456' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().message).toBe(MESSAGES.profile.passwordUpdated);
    const profileWith = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await profileWith(other)).statusCode).toBe(401);
    expect((await profileWith(here)).statusCode).toBe(200);
  });
});
