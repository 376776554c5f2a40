import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const change = (token: string, id: number, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${id}/update-password`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
const profile = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Bearer ${token}` } });

describe('PUT /api/v1/users/{id}/update-password', () => {
  it('refuses a wrong current password', async () => {
    const token = await ctx.freshToken('skylineAgent');
    const res = await change(token, ctx.ids.skylineAgent, {
      current_password: 'Wrong@123',
      new_password: 'Agent@456',
      new_password_confirmation: 'Agent@456',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 'Error',
      message: MESSAGES.profile.currentPasswordWrong,
      errors: { current_password: [MESSAGES.profile.currentPasswordWrong] },
    });
  });

  it('requires all three fields and matching new passwords', async () => {
    const token = await ctx.freshToken('skylineAgent');
    const empty = await change(token, ctx.ids.skylineAgent, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['current_password', 'new_password', 'new_password_confirmation']);
    const mismatch = await change(token, ctx.ids.skylineAgent, {
      current_password: 'Agent@123',
      new_password: 'Agent@456',
      new_password_confirmation: 'Agent@789',
    });
    expect(mismatch.json().errors).toEqual({ new_password_confirmation: [MESSAGES.validation.passwordsDoNotMatch] });
  });

  it("answers 404 for someone else's id", async () => {
    const token = await ctx.freshToken('skylineAdmin');
    const res = await change(token, ctx.ids.skylineAgent, {
      current_password: 'Admin@123',
      new_password: 'Agent@456',
      new_password_confirmation: 'Agent@456',
    });
    expect(res.statusCode).toBe(404);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const current = await ctx.freshToken('skylineAgent');
    const other = await ctx.freshToken('skylineAgent');
    const res = await change(current, ctx.ids.skylineAgent, {
      current_password: 'Agent@123',
      new_password: 'Agent@456',
      new_password_confirmation: 'Agent@456',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', message: MESSAGES.profile.passwordUpdated });
    expect((await profile(current)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await ctx.login('agent@skyline.test', 'Agent@123')).statusCode).toBe(401);
    expect((await ctx.login('agent@skyline.test', 'Agent@456')).statusCode).toBe(200);
  });
});

describe('tokens of disabled or deleted users', () => {
  it('stop working at once when the user is disabled', async () => {
    const token = await ctx.freshToken('harborAdmin');
    expect((await profile(token)).statusCode).toBe(200);
    await ctx.app.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', ctx.ids.harborAdmin).execute();
    const res = await profile(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.generic.unauthenticated);
    await ctx.app.db.updateTable('users').set({ status: 'active' }).where('id', '=', ctx.ids.harborAdmin).execute();
  });

  it('stop working at once when the user is deleted', async () => {
    const users = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users' });
    const priya = users.json().data.users.find((u: { email: string }) => u.email === 'priya.nair@skyline.test');
    const hash = await ctx.app.db.selectFrom('users').select('password_hash').where('id', '=', ctx.ids.skylineAdmin).executeTakeFirstOrThrow();
    await ctx.app.db.updateTable('users').set({ password_hash: hash.password_hash }).where('id', '=', priya.id).execute();
    const login = await ctx.login('priya.nair@skyline.test', 'Admin@123');
    const token = login.json().data.token as string;
    expect((await profile(token)).statusCode).toBe(200);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${priya.id}` })).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('expire after their lifetime', async () => {
    const token = await ctx.freshToken('skylineAdmin');
    ctx.clock.advance(12 * 3600_000 + 60_000);
    expect((await profile(token)).statusCode).toBe(401);
  });
});
