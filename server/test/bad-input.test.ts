import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, MESSAGES } from '../../src/contract';
import { JWT_SECRET, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const G = MESSAGES.generic;

const noStack = (body: string) => {
  expect(body).not.toMatch(/at .+\(.+:\d+:\d+\)/);
  expect(body).not.toMatch(/node_modules|\/src\//);
};

describe('bad input never gives a 500 or a stack trace', () => {
  it('malformed JSON → 400', async () => {
    for (const payload of ['{"username": ', '{', 'nul', '[1,2', '"unterminated']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ status: 'Error', message: G.malformedJson });
      noStack(res.body);
    }
  });

  it('an empty JSON body is no body: 422 where one is needed, fine where none is', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'Error', message: G.invalidInput });
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await ctx.freshToken('skylineAgent')}` },
      payload: '',
    });
    expect(logout.statusCode).toBe(200);
  });

  it('__proto__ and constructor.prototype keys → 400, nothing polluted', async () => {
    for (const payload of [
      '{"username":"a@b.test","password":"x","__proto__":{"polluted":true}}',
      '{"username":"a@b.test","password":"x","nested":{"__proto__":{"polluted":true}}}',
      '{"username":"a@b.test","password":"x","constructor":{"prototype":{"polluted":true}}}',
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe(G.invalidInput);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a NUL character anywhere in a JSON body → 400 (PostgreSQL cannot hold one; no field takes one)', async () => {
    for (const [url, payload] of [
      ['/api/v1/forgot-password', '{"email":"\\u0000"}'],
      ['/api/v1/auth', '{"username":"a@b.test\\u0000","password":"x"}'],
      ['/api/v1/auth', '{"username":"a@b.test","password":"x","extra":{"k\\u0000":1}}'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe(G.invalidInput);
    }
  });

  it('wrong types → 422 with field errors', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: 42, password: ['x'] } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'username']);
    for (const payload of ['[]', '"text"', '12', 'null']) {
      const r = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { 'content-type': 'application/json' }, payload });
      expect(r.statusCode, payload).toBe(422);
      expect(r.json().status).toBe('Error');
    }
  });

  it('unknown fields → 422', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'admin@skyline.test', password: 'Admin@123', is_admin: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ is_admin: [G.unknownField] });
  });

  it('a body over the limit → 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'Error', message: G.payloadTooLarge });
  });

  it('an unsupported content type → 415; plain text → 422', async () => {
    const xml = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().status).toBe('Error');
    const text = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(422);
  });

  it('unknown routes and ids → 404', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/v1/users/abc', '/api/v1/users/0', '/api/v1/users/99999999999999999999', '/api/v1/users/-1']) {
      const res = await ctx.inject('skylineAdmin', { method: 'PUT', url, payload: { first_name: 'x' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ status: 'Error', message: G.notFound });
    }
    const missingUser = await ctx.inject('skylineAdmin', { method: 'DELETE', url: '/api/v1/users/987654' });
    expect(missingUser.statusCode).toBe(404);
  });

  it('absurd page sizes are capped, not refused', async () => {
    const res = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users?pageSize=100000000&pageNumber=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.users.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    const bad = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users?pageSize=lots' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('missing, expired and forged tokens → 401 with a JSON message', () => {
  const profile = (authorization?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: authorization ? { authorization } : {} });
  const expect401 = async (authorization?: string) => {
    const res = await profile(authorization);
    expect(res.statusCode, authorization).toBe(401);
    expect(res.json()).toEqual({ status: 'Error', message: G.unauthenticated });
  };
  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());

  it('missing or malformed', async () => {
    await expect401();
    await expect401('Bearer');
    await expect401('Basic YWRtaW46YWRtaW4=');
    await expect401('Bearer not.a.jwt');
    await expect401(`Bearer ${'a'.repeat(5000)}`);
  });

  it('signed with another secret, or with alg none, or HS512', async () => {
    const real = claimsOf(ctx.tokens.skylineAdmin as string);
    const forged = await new SignJWT(real)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    await expect401(`Bearer ${forged}`);
    const none = new UnsecuredJWT(real).encode();
    await expect401(`Bearer ${none}`);
    const hs512 = await new SignJWT(real).setProtectedHeader({ alg: 'HS512' }).sign(JWT_SECRET);
    await expect401(`Bearer ${hs512}`);
  });

  it('with a tampered subject', async () => {
    const [head, , sig] = (ctx.tokens.skylineAgent as string).split('.');
    const claims = { ...claimsOf(ctx.tokens.skylineAgent as string), sub: String(ctx.ids.skylineAdmin) };
    await expect401(`Bearer ${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`);
  });

  it('signed correctly but naming no live session', async () => {
    const claims = { ...claimsOf(ctx.tokens.skylineAgent as string), sid: 'made-up-session' };
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(JWT_SECRET);
    await expect401(`Bearer ${token}`);
  });

  it('expired', async () => {
    const token = await ctx.freshToken('harborAdmin');
    expect((await profile(`Bearer ${token}`)).statusCode).toBe(200);
    ctx.clock.advance(13 * 3600_000);
    await expect401(`Bearer ${token}`);
  });
});
