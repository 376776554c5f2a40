import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract';
import { hashPassword } from '../src/lib/passwords';
import { base32Encode, totpCode } from '../src/lib/totp';
import { latestMailToken, useTestApp } from './helpers/testApp';
import { totpAt } from './helpers/totp';

const TF = MESSAGES.twoFactor;
const PASSWORD = 'Secret@123';
// The file's own limiter is out of the way; one test builds an app with the real limits.
const ctx = useTestApp({ rateLimits: { twoFactor: { ip: { max: 10_000, windowMs: 60_000 }, account: { max: 10_000, windowMs: 60_000 } } } });

let counter = 0;
let passwordHash: Promise<string> | undefined;

/** A new active person of Skyline (admin or agent) with PASSWORD. */
async function newPerson(userType: 'admin' | 'agent' = 'agent'): Promise<{ id: number; email: string }> {
  const db = ctx.app.db;
  const { company_id } = await db.selectFrom('users').select('company_id').where('id', '=', ctx.ids.skylineAdmin).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const email = `two-factor-${++counter}@skyline.test`;
  const { id } = await db
    .insertInto('users')
    .values({
      company_id,
      role_id: null,
      user_type: userType,
      first_name: 'Two',
      last_name: `Factor ${counter}`,
      email,
      password_hash: await (passwordHash ??= hashPassword(PASSWORD)),
      status: 'active',
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email };
}

const post = (url: string, payload: unknown, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const signIn = (email: string, password = PASSWORD) => post('/api/v1/auth', { username: email, password });
const verify = (challenge: string, code: string) => post('/api/v1/auth/two-factor', { challenge_token: challenge, code });
const now = () => ctx.clock.now();

/** Signs a person without two-factor in: their token. */
async function tokenOf(email: string): Promise<string> {
  const res = await signIn(email);
  expect(res.statusCode).toBe(200);
  return res.json().data.token;
}

/** Turns two-factor on for a person: their secret and recovery codes. */
async function enrol(token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await post('/api/v1/users/two-factor/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data;
  const on = await post('/api/v1/users/two-factor/enable', { code: totpAt(secret, now()), password: PASSWORD }, token);
  expect(on.statusCode).toBe(200);
  // The enabling code's step is used: the next sign-in needs the next code.
  ctx.clock.advance(30_000);
  return { secret, codes: on.json().data.recovery_codes };
}

/** Password step of a two-factor person: the challenge token. */
async function challengeOf(email: string): Promise<string> {
  const res = await signIn(email);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.two_factor_required).toBe(true);
  return res.json().data.challenge_token;
}

describe('TOTP', () => {
  it("the server's generator matches RFC 6238's SHA-1 test values", () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    // RFC 6238 appendix B, the last 6 of its 8 digits.
    expect(totpCode(secret, Math.floor(59 / 30))).toBe('287082');
    expect(totpCode(secret, Math.floor(1111111109 / 30))).toBe('081804');
    expect(totpCode(secret, Math.floor(20000000000 / 30))).toBe('353130');
    expect(totpAt(secret, new Date(1111111109_000))).toBe('081804');
  });
});

describe('two-factor set-up', () => {
  it('answers a secret, URI and QR code, confirms with a first code and the password, and answers ten recovery codes once', async () => {
    const person = await newPerson();
    const token = await tokenOf(person.email);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/two-factor', headers: { authorization: `Bearer ${token}` } });
    expect(before.json().data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false, company_policy: null });

    const setup = await post('/api/v1/users/two-factor/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_svg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/EstateDesk:${encodeURIComponent(person.email)}?secret=${secret}&issuer=EstateDesk&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(qr_svg.split(',')[1], 'base64').toString()).toContain('<svg');

    // Stored sealed: the database never holds the secret as it was shown.
    const row = await ctx.app.db.selectFrom('user_two_factor').selectAll().where('user_id', '=', person.id).executeTakeFirstOrThrow();
    expect(row.pending_secret).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret);

    const wrongCode = await post('/api/v1/users/two-factor/enable', { code: totpAt(secret, now(), 5), password: PASSWORD }, token);
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors.code).toEqual([TF.codeInvalid]);
    const wrongPassword = await post('/api/v1/users/two-factor/enable', { code: totpAt(secret, now()), password: 'Nope@1234' }, token);
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors.password).toEqual([MESSAGES.profile.currentPasswordWrong]);
    const missing = await post('/api/v1/users/two-factor/enable', { code: '', password: '' }, token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.code).toEqual([TF.codeRequired]);

    const on = await post('/api/v1/users/two-factor/enable', { code: totpAt(secret, now()), password: PASSWORD }, token);
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe(TF.enabled);
    const codes: string[] = on.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    const stored = await ctx.app.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', person.id).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);

    // The secret is never answered again.
    expect((await post('/api/v1/users/two-factor/setup', {}, token)).statusCode).toBe(409);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/two-factor', headers: { authorization: `Bearer ${token}` } });
    expect(after.json().data).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
  });
});

describe('two-factor sign-in', () => {
  it('keeps the answer of a person without two-factor as it was', async () => {
    const person = await newPerson();
    const res = await signIn(person.email);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['company_id', 'token', 'user']);
    expect(Array.isArray(data.user.permissions)).toBe(true);
  });

  it('asks for a code after the password, refuses a wrong one and a used one, and signs in with a right one', async () => {
    const person = await newPerson();
    const { secret } = await enrol(await tokenOf(person.email));

    const first = await signIn(person.email);
    expect(first.statusCode).toBe(200);
    const challenge = first.json().data;
    expect(challenge).toMatchObject({ two_factor_required: true, enrolment_required: false });
    expect(challenge.token).toBeUndefined();
    expect(typeof challenge.challenge_token).toBe('string');

    const wrong = await verify(challenge.challenge_token, totpAt(secret, now(), 3));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(TF.codeInvalid);

    const code = totpAt(secret, now());
    const ok = await verify(challenge.challenge_token, code);
    expect(ok.statusCode).toBe(200);
    const data = ok.json().data;
    expect(data.company_id).toBeTruthy();
    expect(Array.isArray(data.user.permissions)).toBe(true);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Bearer ${data.token}` } });
    expect(profile.statusCode).toBe(200);

    // The challenge worked once; the same code (same step) works nowhere again.
    expect((await verify(challenge.challenge_token, code)).statusCode).toBe(401);
    const again = await verify(await challengeOf(person.email), code);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(TF.codeUsed);
    // Nor does the step before it (the drift window must not reopen a used step).
    const earlier = await verify(await challengeOf(person.email), totpAt(secret, now(), -1));
    expect(earlier.json().message).toBe(TF.codeUsed);
    ctx.clock.advance(30_000);
    expect((await verify(await challengeOf(person.email), totpAt(secret, now()))).statusCode).toBe(200);
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const person = await newPerson();
    const { codes } = await enrol(await tokenOf(person.email));
    const typed = codes[0]!.toUpperCase().replace(/-/g, ' ');
    const ok = await verify(await challengeOf(person.email), typed);
    expect(ok.statusCode).toBe(200);
    const twice = await verify(await challengeOf(person.email), codes[0]!);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(TF.recoveryInvalid);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/two-factor', headers: { authorization: `Bearer ${ok.json().data.token}` } });
    expect(status.json().data.recovery_codes_left).toBe(9);
  });

  it('ends a challenge after five wrong codes and refuses an unknown one', async () => {
    const person = await newPerson();
    const { secret } = await enrol(await tokenOf(person.email));
    const challenge = await challengeOf(person.email);
    for (let i = 0; i < 5; i++) expect((await verify(challenge, '000000')).statusCode).toBe(422);
    const late = await verify(challenge, totpAt(secret, now()));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(TF.challengeExpired);
    expect((await verify('x'.repeat(43), '123456')).statusCode).toBe(401);
  });

  it('expires a challenge after five minutes', async () => {
    const person = await newPerson();
    const { secret } = await enrol(await tokenOf(person.email));
    const challenge = await challengeOf(person.email);
    ctx.clock.advance(5 * 60_000 + 1000);
    expect((await verify(challenge, totpAt(secret, now()))).statusCode).toBe(401);
  });

  it('rate-limits wrong codes per person across challenges (429)', async () => {
    const limited = await ctx.extraApp({ rateLimits: { twoFactor: { ip: { max: 100, windowMs: 60_000 }, account: { max: 2, windowMs: 60_000 } } } });
    const person = await newPerson();
    const { secret } = await enrol(await tokenOf(person.email));
    const attempt = async (code: string) => {
      const res = await limited.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: person.email, password: PASSWORD } });
      return limited.inject({ method: 'POST', url: '/api/v1/auth/two-factor', payload: { challenge_token: res.json().data.challenge_token, code } });
    };
    expect((await attempt('000000')).statusCode).toBe(422);
    expect((await attempt('000000')).statusCode).toBe(422);
    const third = await attempt(totpAt(secret, now()));
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('a password reset link does not skip the code', async () => {
    const person = await newPerson();
    const { secret } = await enrol(await tokenOf(person.email));
    await post('/api/v1/forgot-password', { email: person.email });
    const { token } = await latestMailToken(ctx.app, person.email);
    const reset = await post('/api/v1/reset-password', { token, password: 'Renewed@123', password_confirmation: 'Renewed@123' });
    expect(reset.statusCode).toBe(200);
    const res = await signIn(person.email, 'Renewed@123');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toBeUndefined();
    expect(res.json().data.two_factor_required).toBe(true);
    expect((await verify(res.json().data.challenge_token, totpAt(secret, now()))).statusCode).toBe(200);
  });

  it('turns off with the password and a code, then signs in with the password alone', async () => {
    const person = await newPerson();
    const { secret } = await enrol(await tokenOf(person.email));
    const token = (await verify(await challengeOf(person.email), totpAt(secret, now()))).json().data.token;
    ctx.clock.advance(30_000);
    const wrongPassword = await post('/api/v1/users/two-factor/disable', { code: totpAt(secret, now()), password: 'Nope@1234' }, token);
    expect(wrongPassword.statusCode).toBe(422);
    const wrongCode = await post('/api/v1/users/two-factor/disable', { code: '000000', password: PASSWORD }, token);
    expect(wrongCode.statusCode).toBe(422);
    const off = await post('/api/v1/users/two-factor/disable', { code: totpAt(secret, now()), password: PASSWORD }, token);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(TF.disabled);
    expect((await signIn(person.email)).json().data.token).toEqual(expect.any(String));
    expect((await post('/api/v1/users/two-factor/disable', { code: '123456', password: PASSWORD }, token)).json().message).toBe(TF.notOn);
  });
});

describe('company requirement', () => {
  const policy = (persona: 'skylineAdmin' | 'skylineAgent' | 'superAdmin', value: string) =>
    ctx.inject(persona, { method: 'PUT', url: '/api/v1/company/two-factor-policy', payload: { two_factor_required: value } });

  it('is set by a company admin only', async () => {
    expect((await policy('skylineAgent', 'everyone')).statusCode).toBe(403);
    expect((await policy('superAdmin', 'everyone')).statusCode).toBe(403);
    const bad = await policy('skylineAdmin', 'sometimes');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.two_factor_required).toEqual([TF.policyInvalid]);
    const ok = await policy('skylineAdmin', 'off');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: TF.policySaved, data: { two_factor_required: 'off' } });
  });

  it('"admins" walks an admin without two-factor through the set-up before a session; agents sign in as before', async () => {
    const admin = await newPerson('admin');
    const agent = await newPerson('agent');
    expect((await policy('skylineAdmin', 'admins')).statusCode).toBe(200);
    try {
      expect((await signIn(agent.email)).json().data.token).toEqual(expect.any(String));
      const first = (await signIn(admin.email)).json().data;
      expect(first).toMatchObject({ two_factor_required: true, enrolment_required: true });
      expect(first.token).toBeUndefined();
      // The code step without a set-up is refused; the set-up comes first.
      expect((await verify(first.challenge_token, '123456')).statusCode).toBe(422);
      const setup = await post('/api/v1/auth/two-factor/enrol', { challenge_token: first.challenge_token });
      expect(setup.statusCode).toBe(200);
      const { secret, qr_svg } = setup.json().data;
      expect(qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
      const done = await verify(first.challenge_token, totpAt(secret, now()));
      expect(done.statusCode).toBe(200);
      expect(done.json().data.token).toEqual(expect.any(String));
      expect(done.json().data.recovery_codes).toHaveLength(10);
      const token = done.json().data.token;
      const status = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/two-factor', headers: { authorization: `Bearer ${token}` } });
      expect(status.json().data).toMatchObject({ enabled: true, required: true, company_policy: 'admins' });

      // From now on the code is asked for; it cannot be turned off while required.
      ctx.clock.advance(30_000);
      const next = (await signIn(admin.email)).json().data;
      expect(next).toMatchObject({ two_factor_required: true, enrolment_required: false });
      const off = await post('/api/v1/users/two-factor/disable', { code: totpAt(secret, now()), password: PASSWORD }, token);
      expect(off.statusCode).toBe(422);
      expect(off.json().message).toBe(TF.requiredByCompany);
    } finally {
      await policy('skylineAdmin', 'off');
    }
  });

  it('"everyone" covers agents too; an enrolment challenge is not a session', async () => {
    const agent = await newPerson('agent');
    expect((await policy('skylineAdmin', 'everyone')).statusCode).toBe(200);
    try {
      const first = (await signIn(agent.email)).json().data;
      expect(first.enrolment_required).toBe(true);
      const asBearer = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: { authorization: `Bearer ${first.challenge_token}` } });
      expect(asBearer.statusCode).toBe(401);
    } finally {
      await policy('skylineAdmin', 'off');
    }
  });
});

describe('recovery', () => {
  it('a person renews their recovery codes with the password and a code; the old ones stop working', async () => {
    const person = await newPerson();
    const token = await tokenOf(person.email);
    const { secret, codes } = await enrol(token);
    const wrong = await post('/api/v1/users/two-factor/recovery-codes', { code: totpAt(secret, now()), password: 'Wrong@123' }, token);
    expect(wrong.statusCode).toBe(422);
    const res = await post('/api/v1/users/two-factor/recovery-codes', { code: totpAt(secret, now()), password: PASSWORD }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TF.recoveryCodesRenewed);
    const fresh: string[] = res.json().data.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    expect((await verify(await challengeOf(person.email), codes[0]!)).statusCode).toBe(422);
    expect((await verify(await challengeOf(person.email), fresh[0]!)).statusCode).toBe(200);
  });

  it("a manager resets a person's two-factor (a lost phone): the person is told and signs in with the password again", async () => {
    const person = await newPerson();
    await enrol(await tokenOf(person.email));
    const listed = async () =>
      ((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users?pageSize=100' })).json().data.users as Array<{ id: number; two_factor: boolean }>).find(
        (u) => u.id === person.id,
      );
    expect((await listed())?.two_factor).toBe(true);

    // The agent without agent-edit may not; nobody resets their own here.
    expect((await ctx.inject('skylineAgent', { method: 'DELETE', url: `/api/v1/users/${person.id}/two-factor` })).statusCode).toBe(403);
    expect((await ctx.inject('harborAdmin', { method: 'DELETE', url: `/api/v1/users/${person.id}/two-factor` })).statusCode).toBe(404);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${ctx.ids.skylineAdmin}/two-factor` })).statusCode).toBe(422);

    const res = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/users/${person.id}/two-factor` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TF.resetByManager);
    expect((await listed())?.two_factor).toBe(false);
    const notice = await ctx.app.db.selectFrom('email_outbox').selectAll().where('to_address', '=', person.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(notice.kind).toBe('two-factor-reset');
    expect(notice.text_body).toContain('reset the two-factor sign-in');
    const signedIn = await signIn(person.email);
    expect(signedIn.json().data.token).toBeTruthy();
  });
});
