import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, LoginAnswer, MESSAGES, SALES_AGENT_PERMISSIONS } from '../../src/contract';
import { ACCOUNTS, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

describe('POST /api/v1/auth', () => {
  it.each(Object.entries(ACCOUNTS))('signs in the demo account %s', async (persona, account) => {
    const res = await ctx.login(account.email, account.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('Success');
    const parsed = LoginAnswer.parse(body);
    expect(parsed.data.user.email).toBe(account.email);
    // The client reads the user id from the token's subject (docs/product/README.md, "The calls").
    const payload = JSON.parse(Buffer.from(parsed.data.token.split('.')[1] as string, 'base64url').toString());
    expect(payload.sub).toBe(String(parsed.data.user.id));
    const header = JSON.parse(Buffer.from(parsed.data.token.split('.')[0] as string, 'base64url').toString());
    expect(header.alg).toBe('HS256');
    expect(payload.exp).toBeGreaterThan(payload.iat);
    if (persona === 'skylineAgent') {
      expect(parsed.data.user.user_type).toBe('agent');
      expect(parsed.data.user.role).toBe('Sales Agent');
      expect([...parsed.data.user.permissions].sort()).toEqual([...SALES_AGENT_PERMISSIONS].sort());
      expect(parsed.data.company_id).not.toBeNull();
    } else {
      expect(parsed.data.user.permissions).toEqual([...ALL_PERMISSIONS]);
    }
    if (persona === 'superAdmin') {
      expect(parsed.data.user.user_type).toBe('super_admin');
      expect(parsed.data.company_id).toBeNull();
    }
    if (persona === 'skylineAdmin' || persona === 'harborAdmin') expect(parsed.data.user.user_type).toBe('admin');
  });

  it('accepts the username in any case', async () => {
    const res = await ctx.login('Admin@Skyline.TEST', 'Admin@123');
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    const wrong = await ctx.login('admin@skyline.test', 'Wrong@123');
    const unknown = await ctx.login('nobody@skyline.test', 'Wrong@123');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'Error', message: MESSAGES.auth.invalidCredentials });
    }
  });

  it('refuses an account whose e-mail is not verified yet', async () => {
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: {
        display_name: 'Unverified Estates',
        first_name: 'Uma',
        last_name: 'Verma',
        email: 'uma@unverified.test',
        password: 'Secret@123',
        password_confirmation: 'Secret@123',
      },
    });
    expect(reg.statusCode).toBe(201);
    const res = await ctx.login('uma@unverified.test', 'Secret@123');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.auth.emailNotVerified);
  });

  it('refuses a disabled account, and only after the right password', async () => {
    await ctx.app.db.updateTable('users').set({ status: 'disabled' }).where('email', '=', 'rohan.kulkarni@skyline.test').execute();
    const hash = await ctx.app.db.selectFrom('users').select('password_hash').where('email', '=', 'agent@skyline.test').executeTakeFirstOrThrow();
    await ctx.app.db.updateTable('users').set({ password_hash: hash.password_hash }).where('email', '=', 'rohan.kulkarni@skyline.test').execute();
    expect((await ctx.login('rohan.kulkarni@skyline.test', 'Wrong@999')).json().message).toBe(MESSAGES.auth.invalidCredentials);
    const res = await ctx.login('rohan.kulkarni@skyline.test', 'Agent@123');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.auth.accountDisabled);
  });

  it('answers 422 with field errors for a missing password', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: 'admin@skyline.test' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'Error', errors: { password: [MESSAGES.validation.passwordRequired] } });
  });

  it('slows sign-in per address and account, and caps it per IP, with 429 and Retry-After', async () => {
    // No queue past the IP cap (security-lockout.test.ts tests the shipped one), so it refuses at once.
    const app = await ctx.extraApp({
      rateLimits: {
        signIn: { ip: { max: 5, windowMs: 60_000 }, ipSlowdown: { stepMs: 1000, maxWaitMs: 0 }, account: { max: 2, windowMs: 60_000 } },
      },
    });
    const attempt = (username: string, ip = '10.0.0.1') =>
      app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password: 'Wrong@123' }, remoteAddress: ip });
    expect((await attempt('admin@harbor.test')).statusCode).toBe(401);
    expect((await attempt('ADMIN@harbor.test')).statusCode).toBe(401);
    const limited = await attempt('admin@harbor.test');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ status: 'Error', message: MESSAGES.generic.tooManyRequests });
    // Only that address waits: the owner signs in from another one (nobody can lock an account out).
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'admin@harbor.test', password: 'Admin@123' },
      remoteAddress: '10.0.0.2',
    });
    expect(other.statusCode).toBe(200);
    // Per IP: different accounts from one address.
    const ip = '10.0.0.9';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(`someone${i}@x.test`, ip)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // The window passes.
    ctx.clock.advance(61_000);
    expect((await attempt('admin@harbor.test', '10.0.0.3')).statusCode).toBe(401);
  });

  it('counts failed sign-ins only: successful ones give their attempt back', async () => {
    const app = await ctx.extraApp({
      rateLimits: { signIn: { ip: { max: 3, windowMs: 60_000 }, account: { max: 2, windowMs: 60_000 } } },
    });
    const attempt = (password: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: 'admin@skyline.test', password }, remoteAddress: '10.1.0.1' });
    for (let i = 0; i < 5; i++) expect((await attempt('Admin@123')).statusCode).toBe(200);
    expect((await attempt('Wrong@123')).statusCode).toBe(401);
    expect((await attempt('Wrong@123')).statusCode).toBe(401);
    // This address waits now, even with the right password.
    expect((await attempt('Admin@123')).statusCode).toBe(429);
  });

  it('ends the session on POST /logout', async () => {
    const token = await ctx.freshToken('harborAdmin');
    const headers = { authorization: `Bearer ${token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/logout', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers })).statusCode).toBe(401);
  });
});
