import { describe, expect, it } from 'vitest';
import { MESSAGES, UsersListAnswer } from '../../src/contract';
import { removeUser, setManagedUserStatus } from '../src/modules/users/managed.service';
import type { AuthContext } from '../src/types';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

type Listed = { id: number; email: string; status: string; role: string | null; invited_at: string | null } & Record<string, unknown>;
const listUsers = async (persona: 'skylineAdmin' | 'harborAdmin' = 'skylineAdmin') =>
  UsersListAnswer.parse((await ctx.inject(persona, { method: 'GET', url: '/api/v1/users' })).json()).data.users as Listed[];
const byEmail = async (email: string, persona: 'skylineAdmin' | 'harborAdmin' = 'skylineAdmin') =>
  (await listUsers(persona)).find((u) => u.email === email)!;
const put = (id: number, payload: unknown, persona: 'skylineAdmin' | 'harborAdmin' = 'skylineAdmin') =>
  ctx.inject(persona, { method: 'PUT', url: `/api/v1/users/${id}`, payload: payload as Record<string, unknown> });
const setStatus = (id: number, status: string, persona: 'skylineAdmin' | 'harborAdmin' = 'skylineAdmin') =>
  ctx.inject(persona, { method: 'PUT', url: `/api/v1/users/${id}/status`, payload: { status } });

/** A new active Skyline user of the given type who can sign in with Agent@123; its id and token. */
async function skylineUser(email: string, userType: 'agent' | 'admin' = 'agent'): Promise<{ id: number; token: string }> {
  const db = ctx.app.db;
  const agent = await db.selectFrom('users').select(['company_id', 'role_id', 'password_hash']).where('email', '=', 'agent@skyline.test').executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values({ ...agent, user_type: userType, first_name: 'Temp', email, status: 'active', email_verified_at: at, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const login = await ctx.login(email, 'Agent@123');
  expect(login.statusCode).toBe(200);
  return { id, token: login.json().data.token as string };
}
const profileWith = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Bearer ${token}` } });

describe('user admin rules', () => {
  it('says each person’s status truthfully: invited (with when), active, disabled', async () => {
    const users = await listUsers();
    expect(await byEmail('sneha.reddy@skyline.test')).toMatchObject({ status: 'invited', invited_at: expect.any(String) });
    expect(await byEmail('agent@skyline.test')).toMatchObject({ status: 'active', invited_at: null });
    expect(users.every((u) => ['invited', 'active', 'disabled'].includes(u.status))).toBe(true);
    expect(users.every((u) => (u.status === 'invited') === (u.invited_at !== null))).toBe(true);
  });

  it('takes back the object GET /users listed, for an agent and for an admin (whose role may be empty)', async () => {
    const priya = await byEmail('priya.nair@skyline.test');
    const same = await put(priya.id, priya);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ status: 'Success', message: MESSAGES.users.updated });
    expect(await byEmail('priya.nair@skyline.test')).toEqual(priya);

    const { id: adminId } = await skylineUser('second.admin@skyline.test', 'admin');
    await ctx.app.db.updateTable('users').set({ role_id: null }).where('id', '=', adminId).execute();
    const admin = await byEmail('second.admin@skyline.test');
    expect(admin.role).toBeNull();
    const renamed = await put(adminId, { ...admin, first_name: 'Second' });
    expect(renamed.statusCode).toBe(200);
    expect(await byEmail('second.admin@skyline.test')).toMatchObject({ firstName: 'Second', status: 'active', role: null });

    // Nobody edits their own row here: Account Settings asks for the current password.
    const me = await byEmail('admin@skyline.test');
    const self = await put(me.id, me);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(MESSAGES.users.cannotEditSelf);
    // An agent still needs a role.
    const noRole = await put(priya.id, { ...priya, role: null });
    expect(noRole.statusCode).toBe(422);
    expect(noRole.json().errors.role).toBeDefined();
  });

  it("answers an e-mail another person has with the product's message, changing nothing", async () => {
    const priya = await byEmail('priya.nair@skyline.test');
    const res = await put(priya.id, { ...priya, email: 'admin@harbor.test', first_name: 'Changed' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: MESSAGES.auth.emailTakenServer, errors: { email: [MESSAGES.auth.emailTakenServer] } });
    expect(await byEmail('priya.nair@skyline.test')).toEqual(priya);
  });

  it('nobody deletes or disables themselves', async () => {
    const me = await byEmail('admin@skyline.test');
    const del = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${me.id}` });
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe(MESSAGES.users.cannotDeleteSelf);
    const disable = await setStatus(me.id, 'disabled');
    expect(disable.statusCode).toBe(422);
    expect(disable.json().message).toBe(MESSAGES.users.cannotDisableSelf);
    expect((await byEmail('admin@skyline.test')).status).toBe('active');
    expect((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users/profile' })).statusCode).toBe(200);
  });

  it("nobody deletes or disables the company's last active admin", async () => {
    // Over HTTP only an admin reaches an admin, so the caller is the one left: here a second admin
    // of Harbor, disabled meanwhile, acts on the only active one.
    const harborAdmin = await byEmail('admin@harbor.test', 'harborAdmin');
    const target = await ctx.app.db.selectFrom('users').selectAll().where('id', '=', harborAdmin.id).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const other = await ctx.app.db
      .insertInto('users')
      .values({ company_id: target.company_id, role_id: null, user_type: 'admin', first_name: 'Gone', email: 'gone.admin@harbor.test', status: 'disabled', created_at: at, updated_at: at })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    const me = await ctx.app.db.selectFrom('users').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow();
    const manager = {
      companyId: target.company_id!,
      auth: { user: { ...me, role_name: null }, sessionId: 'x', permissions: async () => new Set<string>() } as AuthContext,
      actor: { companyId: target.company_id, userId: me.id, name: me.first_name, requestId: null },
    };

    await expect(removeUser(ctx.app, manager, target.id, 'agent-delete')).rejects.toMatchObject({ statusCode: 422, message: MESSAGES.users.lastAdmin });
    await expect(setManagedUserStatus(ctx.app, manager, target, 'disabled')).rejects.toMatchObject({ statusCode: 422, message: MESSAGES.users.lastAdmin });
    expect((await byEmail('admin@harbor.test', 'harborAdmin')).status).toBe('active');

    // With a second active admin, one of them may go.
    await ctx.app.db.updateTable('users').set({ status: 'active' }).where('id', '=', other.id).execute();
    const second = await setStatus(other.id, 'disabled', 'harborAdmin');
    expect(second.statusCode).toBe(200);
    expect((await ctx.inject('harborAdmin', { method: 'DELETE', url: `/api/v1/users/${other.id}` })).statusCode).toBe(200);
  });

  it('disabling signs the person out at once; enabling lets them back in', async () => {
    const { id, token } = await skylineUser('to.disable@skyline.test');
    expect((await profileWith(token)).statusCode).toBe(200);
    const row = await byEmail('to.disable@skyline.test');
    const off = await setStatus(id, 'disabled');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ status: 'Success', message: MESSAGES.users.updated });
    // Sending the listed object back (status and all) changes nothing about the status.
    expect((await put(id, row)).statusCode).toBe(200);
    expect((await byEmail('to.disable@skyline.test')).status).toBe('disabled');
    expect((await profileWith(token)).statusCode).toBe(401);
    const login = await ctx.login('to.disable@skyline.test', 'Agent@123');
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MESSAGES.auth.accountDisabled);

    expect((await setStatus(id, 'active')).statusCode).toBe(200);
    expect((await byEmail('to.disable@skyline.test')).status).toBe('active');
    expect((await ctx.login('to.disable@skyline.test', 'Agent@123')).statusCode).toBe(200);
    // The session ended by the disabling stays ended.
    expect((await profileWith(token)).statusCode).toBe(401);
  });

  it('an invited person enabled again stays invited; an unknown status is 422', async () => {
    const sneha = await byEmail('sneha.reddy@skyline.test');
    expect((await setStatus(sneha.id, 'disabled')).statusCode).toBe(200);
    expect((await byEmail('sneha.reddy@skyline.test')).status).toBe('disabled');
    expect((await setStatus(sneha.id, 'active')).statusCode).toBe(200);
    expect(await byEmail('sneha.reddy@skyline.test')).toMatchObject({ status: 'invited', invited_at: expect.any(String) });
    const odd = await setStatus(sneha.id, 'invited');
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors).toHaveProperty('status');
  });

  it('a deleted person’s token is refused at once', async () => {
    const { id, token } = await skylineUser('to.delete@skyline.test');
    expect((await profileWith(token)).statusCode).toBe(200);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${id}` })).statusCode).toBe(200);
    expect((await profileWith(token)).statusCode).toBe(401);
    expect((await listUsers()).some((u) => u.id === id)).toBe(false);
  });

  it("Harbor's admin gets 404 on Skyline's people, which stay unchanged", async () => {
    const before = await listUsers();
    const priya = before.find((u) => u.email === 'priya.nair@skyline.test')!;
    expect((await put(priya.id, { ...priya, first_name: 'Hijacked' }, 'harborAdmin')).statusCode).toBe(404);
    expect((await setStatus(priya.id, 'disabled', 'harborAdmin')).statusCode).toBe(404);
    expect((await ctx.inject('harborAdmin', { method: 'DELETE', url: `/api/v1/users/${priya.id}` })).statusCode).toBe(404);
    expect(await listUsers()).toEqual(before);
  });
});
