/**
 * One stolen session must not become the account: a person's own e-mail and password change only
 * with their current password (or a mailed link), never through user administration; the old
 * address is told of a change and can undo it for 7 days; an invitation link does not activate an
 * account without its owner choosing a password.
 */
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, MESSAGES } from '../../src/contract';
import { UNDO_TTL_MS } from '../src/modules/auth/email-change.service';
import { latestMailToken, useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A request as Skyline's admin on a new session (tests move the clock past older sessions' expiry). */
const asAdmin = async (options: { method: 'POST' | 'PUT'; url: string; payload: Record<string, unknown> }) =>
  ctx.app.inject({ ...options, headers: bearer(await ctx.freshToken('skylineAdmin')) });

let counter = 0;
/** Invites a new Skyline agent with the admin-typed password Given@123: its id and the mailed token. */
async function invite(email: string): Promise<{ id: number; token: string }> {
  const invited = await asAdmin({
    method: 'POST',
    url: '/api/v1/users',
    payload: { first_name: 'Tara', email, password: 'Given@123', role: 'Sales Agent' },
  });
  expect(invited.statusCode).toBe(201);
  return { id: invited.json().data.user.id as number, token: (await latestMailToken(ctx.app, email)).token };
}

/** A new active Skyline agent (invited, then accepted) and a signed-in token of it. */
async function newAgent(): Promise<{ id: number; email: string; password: string; token: string }> {
  const email = `takeover${++counter}.${process.pid}@skyline.test`;
  const password = 'Agent@1234';
  const { id, token } = await invite(email);
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1${AUTH_PATHS.acceptInvitation}`,
    payload: { token, password, password_confirmation: password },
  });
  expect(accepted.statusCode).toBe(200);
  const login = await ctx.login(email, password);
  expect(login.statusCode).toBe(200);
  return { id, email, password, token: login.json().data.token as string };
}

const profileBody = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Tara',
  last_name: 'Menon',
  email,
  phone: '',
  street: '',
  city: '',
  state: '',
  zip_code: '',
  country: '',
  user_type: 'agent',
  ...extra,
});
const putProfile = (id: number, token: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers: bearer(token), payload: body });
const profileOf = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: bearer(token) });
const mailsTo = (to: string) => ctx.app.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'asc').execute();
const undo = (token: string) => ctx.app.inject({ method: 'POST', url: `/api/v1${AUTH_PATHS.undoEmailChange}`, payload: { token } });

describe('user administration', () => {
  it("refuses an admin's edit of their own row: password and e-mail stay", async () => {
    const id = ctx.ids.skylineAdmin;
    const token = await ctx.freshToken('skylineAdmin');
    for (const body of [
      { first_name: 'Ananya', email: 'admin@skyline.test', role: null, password: 'Hijack@1234' },
      { first_name: 'Ananya', email: 'attacker-owned@evil.test', role: null },
    ]) {
      const res = await ctx.app.inject({ method: 'PUT', url: `/api/v1/users/${id}`, headers: bearer(token), payload: body });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.users.cannotEditSelf);
    }
    expect((await ctx.login('admin@skyline.test', 'Hijack@1234')).statusCode).toBe(401);
    expect((await ctx.login('admin@skyline.test', 'Admin@123')).statusCode).toBe(200);
    expect((await profileOf(token)).statusCode).toBe(200);
  });

  it("tells a person's old address when an admin changes it, with an undo link", async () => {
    const agent = await newAgent();
    const moved = `moved${counter}@skyline.test`;
    const res = await asAdmin({
      method: 'PUT',
      url: `/api/v1/users/${agent.id}`,
      payload: { first_name: 'Tara', email: moved, role: 'Sales Agent' },
    });
    expect(res.statusCode).toBe(200);
    const notice = (await mailsTo(agent.email)).at(-1)!;
    expect(notice.kind).toBe('email-changed');
    expect(notice.text_body).toContain(moved);
    const { token } = await latestMailToken(ctx.app, agent.email);
    expect((await undo(token)).statusCode).toBe(200);
    expect((await ctx.login(agent.email, agent.password)).statusCode).toBe(200);
  });
});

describe('changing one’s own e-mail address', () => {
  it('needs the current password', async () => {
    const agent = await newAgent();
    const other = `stolen${counter}@evil.test`;
    const missing = await putProfile(agent.id, agent.token, profileBody(other));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual([MESSAGES.profile.currentPasswordForEmail]);
    const wrong = await putProfile(agent.id, agent.token, profileBody(other, { current_password: 'Wrong@1234' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([MESSAGES.profile.currentPasswordWrong]);
    expect((await profileOf(agent.token)).json().data.email).toBe(agent.email);
    expect(await mailsTo(other)).toHaveLength(0);

    // Other fields save without it.
    const same = await putProfile(agent.id, agent.token, profileBody(agent.email, { city: 'Pune' }));
    expect(same.statusCode).toBe(200);
  });

  it('tells the old address, which can undo it for 7 days: back, verified, signed out, a new password chosen', async () => {
    const agent = await newAgent();
    const attacker = `attacker${counter}@evil.test`;
    const changed = await putProfile(agent.id, agent.token, profileBody(attacker, { current_password: agent.password }));
    expect(changed.statusCode).toBe(200);
    expect((await mailsTo(attacker)).map((m) => m.kind)).toEqual(['verify-email']);
    const notice = (await mailsTo(agent.email)).at(-1)!;
    expect(notice.kind).toBe('email-changed');
    expect(notice.text_body).toContain(attacker);

    // The other person verifies the new address and asks for a reset link there.
    const verify = await latestMailToken(ctx.app, attacker);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token: verify.token } })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: attacker } });
    const theirReset = await latestMailToken(ctx.app, attacker);

    ctx.clock.advance(UNDO_TTL_MS - 60_000);
    const { link, token } = await latestMailToken(ctx.app, agent.email);
    expect(link).toContain('/#/undo-email-change?token=');
    const res = await undo(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.auth.emailChangeUndone.replace('{email}', agent.email));
    expect(res.json().data.email).toBe(agent.email);

    // Every session ended, the other person's reset link is dead, the owner's reset token works.
    expect((await profileOf(agent.token)).statusCode).toBe(401);
    const dead = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { token: theirReset.token, password: 'Theirs@1234', password_confirmation: 'Theirs@1234' },
    });
    expect(dead.statusCode).toBe(400);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { token: res.json().data.reset_token, password: 'Mine@12345', password_confirmation: 'Mine@12345' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.login(attacker, 'Theirs@1234')).statusCode).toBe(401);
    expect((await ctx.login(agent.email, agent.password)).statusCode).toBe(401);
    expect((await ctx.login(agent.email, 'Mine@12345')).statusCode).toBe(200);

    // The link works once.
    expect((await undo(token)).statusCode).toBe(400);
  });

  it('cannot be undone after 7 days', async () => {
    const agent = await newAgent();
    const moved = `later${counter}@skyline.test`;
    expect((await putProfile(agent.id, agent.token, profileBody(moved, { current_password: agent.password }))).statusCode).toBe(200);
    const { token } = await latestMailToken(ctx.app, agent.email);
    ctx.clock.advance(UNDO_TTL_MS + 1000);
    const res = await undo(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.auth.emailChangeUndoInvalid);
  });
});

describe('passwords', () => {
  it('refuses a new password equal to the current one', async () => {
    const agent = await newAgent();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${agent.id}/update-password`,
      headers: bearer(agent.token),
      payload: { current_password: agent.password, new_password: agent.password, new_password_confirmation: agent.password },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.new_password).toEqual([MESSAGES.profile.samePassword]);
  });

  it('an invitation link does not activate the account through e-mail verification', async () => {
    const email = `verify-invite${++counter}@skyline.test`;
    const { token } = await invite(email);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } });
    expect(res.statusCode).toBe(400);
    const login = await ctx.login(email, 'Given@123');
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MESSAGES.auth.invitationPending);
  });
});

describe('a signed-out session', () => {
  it('gets 401 on import progress, like on every other call', async () => {
    const token = await ctx.freshToken('skylineAdmin');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/leads/import/progress/none-here', headers: bearer(token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) })).statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/leads/import/progress/none-here', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });
});
