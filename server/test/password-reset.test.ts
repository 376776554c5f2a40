import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract';
import { latestMailToken, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const forgot = (email: string, app = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
const reset = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/reset-password', payload: { token, password, password_confirmation: password } });
const outboxCount = async () =>
  Number((await ctx.app.db.selectFrom('email_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('forgot and reset password', () => {
  it('answers the same whether or not the e-mail exists, and mails only real accounts', async () => {
    const before = await outboxCount();
    const unknown = await forgot('nobody@nowhere.test');
    const known = await forgot('admin@harbor.test');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ status: 'Success', message: MESSAGES.auth.resetLinkSent });
    expect(await outboxCount()).toBe(before + 1);
    const mail = await latestMailToken(ctx.app, 'admin@harbor.test');
    expect(mail.link.startsWith('http://localhost:8080/#/reset-password?token=')).toBe(true);
  });

  it('answers 422 for a malformed e-mail', async () => {
    const res = await forgot('not an email');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([MESSAGES.validation.emailInvalid]);
  });

  it('resets once with the mailed token, ends every session, and the new password signs in', async () => {
    const oldToken = await ctx.freshToken('harborAdmin');
    await forgot('admin@harbor.test');
    const { token } = await latestMailToken(ctx.app, 'admin@harbor.test');

    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(422);

    const ok = await reset(token, 'Harbor@2025');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'Success', message: MESSAGES.auth.passwordReset });

    const reuse = await reset(token, 'Harbor@2026');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(MESSAGES.auth.resetTokenInvalid);

    const profile = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Bearer ${oldToken}` } });
    expect(profile.statusCode).toBe(401);
    expect((await ctx.login('admin@harbor.test', 'Admin@123')).statusCode).toBe(401);
    expect((await ctx.login('admin@harbor.test', 'Harbor@2025')).statusCode).toBe(200);
  });

  it('a used link also ends older outstanding links', async () => {
    await forgot('admin@skyline.test');
    const first = await latestMailToken(ctx.app, 'admin@skyline.test');
    await forgot('admin@skyline.test');
    const second = await latestMailToken(ctx.app, 'admin@skyline.test');
    expect(first.token).not.toBe(second.token);
    expect((await reset(second.token, 'Skyline@2025')).statusCode).toBe(200);
    expect((await reset(first.token, 'Skyline@2026')).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    await forgot('agent@skyline.test');
    const { token } = await latestMailToken(ctx.app, 'agent@skyline.test');
    ctx.clock.advance(61 * 60_000);
    expect((await reset(token, 'Agent@2025')).statusCode).toBe(400);
    expect((await ctx.login('agent@skyline.test', 'Agent@123')).statusCode).toBe(200);
  });

  it('rate-limits forgot-password per account and reset per IP', async () => {
    const app = await ctx.extraApp({
      rateLimits: {
        forgotPassword: { ip: { max: 100, windowMs: 60_000 }, account: { max: 2, windowMs: 60_000 } },
        resetPassword: { ip: { max: 2, windowMs: 60_000 }, account: { max: 100, windowMs: 60_000 } },
      },
    });
    expect((await forgot('someone@x.test', app)).statusCode).toBe(200);
    expect((await forgot('someone@x.test', app)).statusCode).toBe(200);
    const limited = await forgot('Someone@x.test', app);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // From an address of its own: on PostgreSQL every app of this file counts into the same windows.
    const tryReset = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/reset-password',
        remoteAddress: '203.0.113.74',
        payload: { token: 'y'.repeat(43), password: 'Abc@1234', password_confirmation: 'Abc@1234' },
      });
    expect((await tryReset()).statusCode).toBe(400);
    expect((await tryReset()).statusCode).toBe(400);
    expect((await tryReset()).statusCode).toBe(429);
  });
});
