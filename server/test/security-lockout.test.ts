/**
 * Hostile input: wrong passwords slow down the address they come from, never the account's owner
 * elsewhere nor a colleague at the same address who knows their password; register and
 * forgot-password take as long for a known e-mail as for a new one. Behaviour checks with generous
 * factors, not speed goals.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract';
import { DEFAULT_RATE_LIMITS } from '../src/app';
import { SIGN_IN_BACKOFF } from '../src/plugins/rate-limit';
import { ACCOUNTS, latestMailToken, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
/** An app with the shipped sign-in limits (the test helper's are loose). */
let app: FastifyInstance;
beforeAll(async () => {
  app = await ctx.extraApp({ rateLimits: { signIn: DEFAULT_RATE_LIMITS.signIn } });
});

const FREE_FAILURES = DEFAULT_RATE_LIMITS.signIn.account.max;
const signIn = (username: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password }, remoteAddress });

/** Wrong passwords from one address until `failures` were checked, waiting out every 429; the waits asked for, in seconds. */
async function failFrom(remoteAddress: string, username: string, failures: number): Promise<number[]> {
  const waits: number[] = [];
  let checked = 0;
  for (let tries = 0; checked < failures && tries < failures * 3; tries++) {
    const res = await signIn(username, 'Wrong@123', remoteAddress);
    if (res.statusCode === 429) {
      expect(res.json()).toEqual({ status: 'Error', message: MESSAGES.generic.tooManyRequests });
      const wait = Number(res.headers['retry-after']);
      waits.push(wait);
      ctx.clock.advance(wait * 1000);
    } else {
      expect(res.statusCode).toBe(401);
      checked += 1;
    }
  }
  expect(checked).toBe(failures);
  return waits;
}

describe('wrong passwords', () => {
  it('slow down the address they come from, with a doubling Retry-After, while the owner signs in elsewhere', async () => {
    const owner = ACCOUNTS.skylineAdmin;
    const waits = await failFrom('10.0.0.7', owner.email, 10);
    expect(waits).toEqual(Array.from({ length: 10 - FREE_FAILURES }, (_, i) => 2 ** i));

    expect((await signIn(owner.email, owner.password, '10.0.0.8')).statusCode).toBe(200);
    expect((await signIn(owner.email.toUpperCase(), owner.password, '10.0.0.9')).statusCode).toBe(200);

    // The attacking address still waits, even with the right password, and the wait keeps growing.
    const slowed = await signIn(owner.email, owner.password, '10.0.0.7');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBe(2 * (waits.at(-1) ?? 0));
  });

  it('cap the wait, and never lock the account', async () => {
    const waits = await failFrom('10.0.1.7', ACCOUNTS.skylineAgent.email, FREE_FAILURES + 14);
    const cap = SIGN_IN_BACKOFF.maxMs / 1000;
    expect(Math.max(...waits)).toBe(cap);
    expect(waits.filter((w) => w === cap).length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect((await signIn(ACCOUNTS.skylineAgent.email, ACCOUNTS.skylineAgent.password, '10.0.1.8')).statusCode).toBe(200);
  });

  it('from one address across many accounts slow that address, yet a colleague behind it with the right password gets in', async () => {
    // The shipped limits, with a test-sized queue (the shipped one waits seconds in real time).
    const office = await ctx.extraApp({
      rateLimits: { signIn: { ...DEFAULT_RATE_LIMITS.signIn, ipSlowdown: { stepMs: 20, maxWaitMs: 300 } } },
    });
    const officeSignIn = (username: string, password: string) =>
      office.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password }, remoteAddress: '10.0.2.7' });
    const { max } = DEFAULT_RATE_LIMITS.signIn.ip;
    expect(max).toBeGreaterThan(FREE_FAILURES);
    for (let i = 0; i < max; i++) expect((await officeSignIn(`nobody${i}@spray.test`, 'Wrong@123')).statusCode).toBe(401);

    // Past the cap a wrong password is still only refused, a right one passes.
    expect((await officeSignIn('nobody-more@spray.test', 'Wrong@123')).statusCode).toBe(401);
    expect((await officeSignIn(ACCOUNTS.superAdmin.email, ACCOUNTS.superAdmin.password)).statusCode).toBe(200);

    // A flood waits in one queue, and what does not fit in it is refused.
    const flood = await Promise.all(Array.from({ length: 40 }, (_, i) => officeSignIn(`flood${i}@spray.test`, 'Wrong@123')));
    const refused = flood.filter((res) => res.statusCode === 429);
    // (How many fit depends on how fast they arrive: the queue moves on meanwhile.)
    expect(refused.length).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('leave a password-reset link working from the slowed address, which may then sign in', async () => {
    const email = ACCOUNTS.harborAdmin.email;
    const address = '10.0.3.7';
    await failFrom(address, email, 10);
    expect((await signIn(email, ACCOUNTS.harborAdmin.password, address)).statusCode).toBe(429);

    const forgot = await app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email }, remoteAddress: address });
    expect(forgot.statusCode).toBe(200);
    const { token } = await latestMailToken(app, email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { token, password: 'Harbor@2031', password_confirmation: 'Harbor@2031' },
      remoteAddress: address,
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, 'Harbor@2031', address)).statusCode).toBe(200);
  });
});

/** Median milliseconds of `rounds` calls of each, interleaved so both see the same machine load. */
async function medians(rounds: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  await a();
  await b();
  for (let i = 0; i < rounds; i++) {
    for (const [k, call] of [a, b].entries()) {
      const start = performance.now();
      await call();
      times[k]!.push(performance.now() - start);
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return [median(times[0]), median(times[1])];
}

describe('answer times do not tell accounts apart', () => {
  it('register takes as long for a known e-mail as for a new one', async () => {
    let n = 0;
    const body = (email: string) => ({
      display_name: 'Timing Realty',
      first_name: 'Tara',
      last_name: 'Menon',
      email,
      password: 'Timing@123',
      password_confirmation: 'Timing@123',
    });
    const register = async (email: string, status: number) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/register', payload: body(email) });
      expect(res.statusCode).toBe(status);
      return res;
    };
    const [known, fresh] = await medians(
      7,
      () => register(ACCOUNTS.skylineAgent.email, 422),
      () => register(`tara.${process.pid}.${(n += 1)}@timing.test`, 201),
    );
    expect(known, `known ${known.toFixed(1)} ms, new ${fresh.toFixed(1)} ms`).toBeGreaterThanOrEqual(0.5 * fresh);
  });

  it('forgot-password takes as long for a known e-mail as for an unknown one', async () => {
    const forgot = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
    const [known, unknown] = await medians(
      7,
      () => forgot(ACCOUNTS.skylineAgent.email),
      () => forgot('nobody@timing.test'),
    );
    const message = `known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`;
    expect(Math.min(known, unknown), message).toBeGreaterThanOrEqual(0.8 * Math.max(known, unknown));
  });
});
