import { describe, expect, it } from 'vitest';
import { SessionsAnswer, SignOutOthersAnswer } from '../../src/contract';
import { deviceSummary } from '../src/modules/account/device';
import { LAST_SEEN_STEP_MS } from '../src/modules/sessions/repository';
import { ACCOUNTS, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const as = (token: string, method: 'GET' | 'DELETE', url: string) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
const sessionsOf = async (token: string) => {
  const res = await as(token, 'GET', '/api/v1/users/sessions');
  expect(res.statusCode, res.body).toBe(200);
  return SessionsAnswer.parse(res.json()).data;
};
/** Signs a demo account in from a browser saying `userAgent`. */
async function signInFrom(persona: keyof typeof ACCOUNTS, userAgent: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    headers: { 'user-agent': userAgent },
    payload: { username: ACCOUNTS[persona].email, password: ACCOUNTS[persona].password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

describe('GET /api/v1/users/sessions', () => {
  it("lists the caller's live sessions with device, times and which one is this", async () => {
    const desktop = await signInFrom('harborAdmin', CHROME_WINDOWS);
    const phone = await signInFrom('harborAdmin', SAFARI_IPHONE);
    const list = await sessionsOf(phone);
    expect(list[0]).toMatchObject({ current: true, device: 'Safari on iPhone', user_agent: SAFARI_IPHONE });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const other = list.find((s) => s.device === 'Chrome on Windows');
    expect(other).toMatchObject({ current: false, user_agent: CHROME_WINDOWS });
    expect(Date.parse(other!.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(other!.created_at));
    // Session ids are the tokens' own; the tokens themselves are never listed.
    expect(JSON.stringify(list)).not.toContain(desktop);
    // Another person's sessions never show.
    const skyline = await sessionsOf(ctx.tokens.skylineAdmin!);
    expect(skyline.some((s) => s.id === other!.id)).toBe(false);
  });

  it('moves last seen forward once a minute while a session is used, not on every request', async () => {
    const token = await signInFrom('skylineAgent', CHROME_WINDOWS);
    const [first] = await sessionsOf(token);
    ctx.clock.advance(LAST_SEEN_STEP_MS / 2);
    const [soon] = await sessionsOf(token);
    expect(soon!.last_seen_at).toBe(first!.last_seen_at);
    ctx.clock.advance(LAST_SEEN_STEP_MS / 2);
    const [later] = await sessionsOf(token);
    expect(later!.last_seen_at).toBe(ctx.clock.now().toISOString());
    expect(Date.parse(later!.last_seen_at) - Date.parse(first!.last_seen_at)).toBe(LAST_SEEN_STEP_MS);
  });
});

describe('DELETE /api/v1/users/sessions/others', () => {
  it('ends every other session of the caller and keeps this one', async () => {
    const here = await signInFrom('skylineAgent', CHROME_WINDOWS);
    const elsewhere = await signInFrom('skylineAgent', SAFARI_IPHONE);
    const colleague = ctx.tokens.skylineAdmin!;
    const res = await as(here, 'DELETE', '/api/v1/users/sessions/others');
    expect(res.statusCode, res.body).toBe(200);
    const body = SignOutOthersAnswer.parse(res.json());
    expect(body.data.ended).toBeGreaterThanOrEqual(2);
    expect((await as(elsewhere, 'GET', '/api/v1/users/profile')).statusCode).toBe(401);
    expect((await as(ctx.tokens.skylineAgent!, 'GET', '/api/v1/users/profile')).statusCode).toBe(401);
    expect((await as(here, 'GET', '/api/v1/users/profile')).statusCode).toBe(200);
    // Someone else's sessions go on.
    expect((await as(colleague, 'GET', '/api/v1/users/profile')).statusCode).toBe(200);
    const left = await sessionsOf(here);
    expect(left.map((s) => s.current)).toEqual([true]);
    // Nothing else to end the second time.
    expect((await as(here, 'DELETE', '/api/v1/users/sessions/others')).json().data.ended).toBe(0);
  });

  it('a password change leaves only the calling session in the list', async () => {
    const here = await signInFrom('harborAdmin', CHROME_WINDOWS);
    const other = await signInFrom('harborAdmin', SAFARI_IPHONE);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${ctx.ids.harborAdmin}/update-password`,
      headers: { authorization: `Bearer ${here}` },
      payload: { current_password: 'Admin@123', new_password: 'Harbor@456', new_password_confirmation: 'Harbor@456' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(other, 'GET', '/api/v1/users/sessions')).statusCode).toBe(401);
    const left = await sessionsOf(here);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, device: 'Chrome on Windows' });
  });
});

describe('deviceSummary', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome on Windows'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
    ['something-else/1.0', 'Unknown device'],
  ])('%s → %s', (agent, expected) => {
    expect(deviceSummary(agent)).toBe(expected);
  });
});
