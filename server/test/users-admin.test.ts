import { describe, expect, it } from 'vitest';
import { MESSAGES, UsersListAnswer } from '../../src/contract';
import { latestMailToken, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const listUsers = async (persona: 'skylineAdmin' | 'harborAdmin') =>
  UsersListAnswer.parse((await ctx.inject(persona, { method: 'GET', url: '/api/v1/users' })).json()).data.users;

describe('user admin', () => {
  it("lists only the caller's company", async () => {
    const skyline = await listUsers('skylineAdmin');
    const harbor = await listUsers('harborAdmin');
    expect(skyline.map((u) => u.email)).toContain('agent@skyline.test');
    expect(skyline.every((u) => String(u.email).endsWith('@skyline.test'))).toBe(true);
    expect(harbor.every((u) => String(u.email).endsWith('@harbor.test'))).toBe(true);
    expect(skyline.find((u) => u.email === 'agent@skyline.test')).toMatchObject({ role: 'Sales Agent', status: 'active' });
  });

  it('answers data.total, every user of the company, beside one page of them', async () => {
    const all = UsersListAnswer.parse((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users?pageSize=1000&pageNumber=1' })).json()).data;
    expect(all.total).toBe(all.users.length);
    const pages = await Promise.all(
      [1, 2].map(async (n) => UsersListAnswer.parse((await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/users?pageSize=1&pageNumber=${n}` })).json()).data),
    );
    expect(pages.map((page) => page.users.length)).toEqual([1, 1]);
    expect(pages.map((page) => page.total)).toEqual([all.total, all.total]);
    const harbor = UsersListAnswer.parse((await ctx.inject('harborAdmin', { method: 'GET', url: '/api/v1/users?pageSize=1&pageNumber=1' })).json()).data;
    expect(harbor.total).toBe((await listUsers('harborAdmin')).length);
  });

  it('invites a user, who activates through the mailed link and signs in', async () => {
    const res = await ctx.inject('skylineAdmin', {
      method: 'POST',
      url: '/api/v1/users',
      payload: { first_name: 'Tanvi', email: 'tanvi@skyline.test', password: 'Tanvi@123', role: 'Sales Agent' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'Success', message: MESSAGES.users.added, data: { user: { status: 'invited' } } });
    expect((await ctx.login('tanvi@skyline.test', 'Tanvi@123')).json().message).toBe(MESSAGES.auth.invitationPending);

    const id = res.json().data.user.id as number;
    const resend = await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/users/resend-invite/${id}` });
    expect(resend.json()).toEqual({ status: 'Success', message: MESSAGES.users.inviteResent });
    const { token, subject } = await latestMailToken(ctx.app, 'tanvi@skyline.test');
    expect(subject).toContain('Skyline Realty');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/accept-invitation',
      payload: { token, password: 'Tanvi@1234', password_confirmation: 'Tanvi@1234' },
    });
    expect(accepted.statusCode).toBe(200);
    const login = await ctx.login('tanvi@skyline.test', 'Tanvi@1234');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ user_type: 'agent', role: 'Sales Agent' });
    // An active user has no invitation to resend.
    expect((await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/users/resend-invite/${id}` })).statusCode).toBe(422);
  });

  it('updates a managed user through PUT /users/{id} with a role, ending their sessions on a new password', async () => {
    const users = await listUsers('skylineAdmin');
    const rohan = users.find((u) => u.email === 'rohan.kulkarni@skyline.test');
    const salesAgent = (await ctx.app.db.selectFrom('roles').select('id').where('name', '=', 'Sales Agent').orderBy('id').executeTakeFirstOrThrow()).id;
    const res = await ctx.inject('skylineAdmin', {
      method: 'PUT',
      url: `/api/v1/users/${rohan?.id}`,
      payload: { first_name: 'Rohan K', email: 'rohan.kulkarni@skyline.test', password: 'Rohan@123', role: salesAgent },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', message: MESSAGES.users.updated });
    const login = await ctx.login('rohan.kulkarni@skyline.test', 'Rohan@123');
    expect(login.json().data.user).toMatchObject({ name: 'Rohan K Kulkarni', role: 'Sales Agent' });
  });

  it("answers 404 for another company's user and leaves it unchanged", async () => {
    const harbor = await listUsers('harborAdmin');
    const kavya = harbor.find((u) => u.email === 'kavya.iyer@harbor.test');
    const put = await ctx.inject('skylineAdmin', {
      method: 'PUT',
      url: `/api/v1/users/${kavya?.id}`,
      payload: { first_name: 'Hijacked', email: 'kavya.iyer@harbor.test', role: 'Sales Agent' },
    });
    expect(put.statusCode).toBe(404);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${kavya?.id}` })).statusCode).toBe(404);
    expect((await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/users/resend-invite/${kavya?.id}` })).statusCode).toBe(404);
    const after = (await listUsers('harborAdmin')).find((u) => u.email === 'kavya.iyer@harbor.test');
    expect(after?.firstName).toBe('Kavya');
  });

  it('refuses an agent without agent-* permissions with a 403 message', async () => {
    const res = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'Error', message: "You don't have permission for this action: agent-read" });
  });

  it('lets an agent with agent permissions manage agents, but not admins nor itself', async () => {
    const skylineId = (await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users/profile' })).json().data.company_id;
    const hash = await ctx.app.db.selectFrom('users').select('password_hash').where('email', '=', 'agent@skyline.test').executeTakeFirstOrThrow();
    const teamLead = await ctx.app.db.selectFrom('roles').select('id').where('company_id', '=', skylineId).where('name', '=', 'Team Lead').executeTakeFirstOrThrow();
    await ctx.app.db.updateTable('users').set({ role_id: teamLead.id, password_hash: hash.password_hash, status: 'active', email_verified_at: new Date().toISOString() }).where('email', '=', 'sneha.reddy@skyline.test').execute();
    const token = (await ctx.login('sneha.reddy@skyline.test', 'Agent@123')).json().data.token as string;
    const as = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

    expect((await as('GET', '/api/v1/users')).statusCode).toBe(200);
    const users = (await as('GET', '/api/v1/users')).json().data.users as Array<{ id: number; email: string }>;
    const admin = users.find((u) => u.email === 'admin@skyline.test');
    const me = users.find((u) => u.email === 'sneha.reddy@skyline.test');
    // Team Lead has no agent-edit: the managed update is refused.
    const denied = await as('PUT', `/api/v1/users/${admin?.id}`, { first_name: 'X', email: 'admin@skyline.test', role: 'Sales Agent' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You don't have permission for this action: agent-edit");
    // Give the role agent-edit, then admins and oneself stay out of reach.
    const perm = await ctx.app.db.selectFrom('permissions').select('id').where('name', '=', 'agent-edit').executeTakeFirstOrThrow();
    await ctx.app.db.insertInto('role_permissions').values({ role_id: teamLead.id, permission_id: perm.id }).execute();
    expect((await as('PUT', `/api/v1/users/${admin?.id}`, { first_name: 'X', email: 'admin@skyline.test', role: 'Sales Agent' })).statusCode).toBe(403);
    expect((await as('PUT', `/api/v1/users/${me?.id}`, { first_name: 'X', email: 'sneha.reddy@skyline.test', role: 'Property Manager' })).statusCode).toBe(403);
  });

  it('answers the taken e-mail and an unknown role with 422', async () => {
    const taken = await ctx.inject('harborAdmin', {
      method: 'POST',
      url: '/api/v1/users',
      payload: { first_name: 'Dup', email: 'agent@skyline.test', password: 'Dup@1234', role: 'Sales Agent' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [MESSAGES.auth.emailTakenServer] });
    const role = await ctx.inject('harborAdmin', {
      method: 'POST',
      url: '/api/v1/users',
      payload: { first_name: 'New', email: 'new@harbor.test', password: 'New@12345', role: 'Astronaut' },
    });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors).toEqual({ role: [MESSAGES.validation.roleRequired] });
  });

  it('an admin cannot delete itself', async () => {
    const res = await ctx.inject('harborAdmin', { method: 'DELETE', url: `/api/v1/users/${ctx.ids.harborAdmin}` });
    expect(res.statusCode).toBe(422);
  });
});
