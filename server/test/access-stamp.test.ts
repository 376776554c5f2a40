/**
 * "Every change takes effect on the next request": the session re-reads the user, its role and
 * permissions per request, and every signed-in answer carries X-Access-Stamp, which changes
 * exactly when the caller's effective permissions may have changed.
 */
import { describe, expect, it } from 'vitest';
import { format, MESSAGES } from '../../src/contract';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const STAMP = 'x-access-stamp';

let counter = 0;
/** A new Skyline agent holding a new role with `permissions`, signed in; ids and a request helper. */
async function agentWithRole(permissions: Record<string, 1>) {
  const name = `Stamp Role ${++counter}`;
  const saved = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/acl/role', payload: { name, ...permissions } });
  expect(saved.statusCode).toBe(201);
  const roleId = saved.json().data.id as number;
  const db = ctx.app.db;
  const model = await db.selectFrom('users').select(['company_id', 'password_hash']).where('email', '=', 'agent@skyline.test').executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const email = `stamp${counter}@skyline.test`;
  const { id } = await db
    .insertInto('users')
    .values({ ...model, role_id: roleId, user_type: 'agent', first_name: 'Stamp', email, status: 'active', email_verified_at: at, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = (await ctx.login(email, 'Agent@123')).json().data.token as string;
  const as = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return { id, email, roleId, name, as };
}
const saveRole = (payload: Record<string, unknown>) => ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/acl/role', payload });

describe('X-Access-Stamp', () => {
  it('comes with every signed-in /api answer (403s too), not with public ones, and is exposed to CORS callers', async () => {
    const ok = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users/profile' });
    const stamp = ok.headers[STAMP];
    expect(typeof stamp).toBe('string');
    expect(String(stamp)).toMatch(/^[\w-]{6,20}$/);
    const denied = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users' });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers[STAMP]).toBe(stamp);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })).headers[STAMP]).toBeUndefined();
    expect((await ctx.inject('anonymous', { method: 'GET', url: '/api/v1/users/profile' })).headers[STAMP]).toBeUndefined();

    const cors = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users/profile', headers: { origin: 'http://localhost:8080' } });
    expect(String(cors.headers['access-control-expose-headers']).toLowerCase()).toContain(STAMP);
  });

  it("stays put while nothing about the caller's access changes (other roles, profile edits, time)", async () => {
    const agent = await agentWithRole({ 'lead-read': 1 });
    const first = (await agent.as('GET', '/api/v1/users/profile')).headers[STAMP];
    expect((await agent.as('GET', '/api/v1/users/profile')).headers[STAMP]).toBe(first);
    // Another role changes; a colleague changes; time passes.
    const other = await agentWithRole({ 'lead-read': 1 });
    expect((await saveRole({ id: other.roleId, name: other.name, 'lead-create': 1 })).statusCode).toBe(200);
    await ctx.app.db.updateTable('users').set({ first_name: 'Renamed', updated_at: new Date().toISOString() }).where('id', '=', agent.id).execute();
    ctx.clock.advance(60_000);
    expect((await agent.as('GET', '/api/v1/users/profile')).headers[STAMP]).toBe(first);
    // Two people of one role share its stamp.
    const twin = await agentWithRole({ 'lead-read': 1 });
    await ctx.app.db.updateTable('users').set({ role_id: agent.roleId }).where('id', '=', twin.id).execute();
    expect((await twin.as('GET', '/api/v1/users/profile')).headers[STAMP]).toBe(first);
  });

  it("changes when the caller's role's permissions change, even twice in one clock tick", async () => {
    const agent = await agentWithRole({ 'lead-read': 1, 'lead-create': 1 });
    const before = (await agent.as('GET', '/api/v1/users/profile')).headers[STAMP];
    expect((await saveRole({ id: agent.roleId, name: agent.name, 'lead-read': 1 })).statusCode).toBe(200);
    const after = (await agent.as('GET', '/api/v1/users/profile')).headers[STAMP];
    expect(after).not.toBe(before);
    // The test clock stands still: the role's change time still moves forward.
    expect((await saveRole({ id: agent.roleId, name: agent.name, 'lead-read': 1, 'lead-create': 1 })).statusCode).toBe(200);
    const third = (await agent.as('GET', '/api/v1/users/profile')).headers[STAMP];
    expect(new Set([before, after, third]).size).toBe(3);
  });

  it("changes when the caller gets another role or user type", async () => {
    const agent = await agentWithRole({ 'lead-read': 1 });
    const before = (await agent.as('GET', '/api/v1/users/profile')).headers[STAMP];
    const other = await agentWithRole({ 'lead-read': 1 });
    const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${agent.id}`, payload: { first_name: 'Stamp', email: agent.email, role: other.roleId } });
    expect(put.statusCode).toBe(200);
    const moved = (await agent.as('GET', '/api/v1/users/profile')).headers[STAMP];
    expect(moved).not.toBe(before);
    await ctx.app.db.updateTable('users').set({ user_type: 'admin' }).where('id', '=', agent.id).execute();
    expect((await agent.as('GET', '/api/v1/users/profile')).headers[STAMP]).not.toBe(moved);
  });
});

describe('every change takes effect on the next request', () => {
  it('a removed permission is refused at once, with the same token', async () => {
    const agent = await agentWithRole({ 'role-read': 1, 'lead-read': 1 });
    const allowed = await agent.as('GET', '/api/v1/acl/role/all/permissions');
    expect(allowed.statusCode).toBe(200);

    expect((await saveRole({ id: agent.roleId, name: agent.name, 'lead-read': 1 })).statusCode).toBe(200);
    const refused = await agent.as('GET', '/api/v1/acl/role/all/permissions');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(format(MESSAGES.permission.denied, { permission: 'role-read' }));
    expect(refused.headers[STAMP]).not.toBe(allowed.headers[STAMP]);
    // The profile (which the client re-reads on a new stamp) lists what is left.
    expect((await agent.as('GET', '/api/v1/users/profile')).json().data.permissions).toEqual(['lead-read']);
  });

  it("a changed role gives the new role's permissions at once", async () => {
    const agent = await agentWithRole({ 'lead-read': 1 });
    expect((await agent.as('GET', '/api/v1/acl/role')).statusCode).toBe(403);
    const keeper = await agentWithRole({ 'role-read': 1 });
    const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${agent.id}`, payload: { first_name: 'Stamp', email: agent.email, role: keeper.name } });
    expect(put.statusCode).toBe(200);
    expect((await agent.as('GET', '/api/v1/acl/role')).statusCode).toBe(200);
    expect((await agent.as('GET', '/api/v1/users/profile')).json().data.role).toBe(keeper.name);
  });

  it('a disabled and a deleted person: the old token is refused (401) at once', async () => {
    const disabled = await agentWithRole({ 'lead-read': 1 });
    const deleted = await agentWithRole({ 'lead-read': 1 });
    expect((await disabled.as('GET', '/api/v1/users/profile')).statusCode).toBe(200);
    expect((await deleted.as('GET', '/api/v1/users/profile')).statusCode).toBe(200);
    const off = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${disabled.id}/status`, payload: { status: 'disabled' } });
    expect(off.statusCode).toBe(200);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${deleted.id}` })).statusCode).toBe(200);
    for (const person of [disabled, deleted]) {
      const res = await person.as('GET', '/api/v1/users/profile');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.generic.unauthenticated);
    }
  });
});
