import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, MESSAGES, UsersListAnswer } from '../../src/contract';
import { INVITE_TTL_MS } from '../src/modules/auth/repository';
import { latestMailToken, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const ACCEPT = `/api/v1${AUTH_PATHS.acceptInvitation}`;
const accept = (token: string, password = 'Chosen@123', confirmation = password) =>
  ctx.app.inject({ method: 'POST', url: ACCEPT, payload: { token, password, password_confirmation: confirmation } });

let counter = 0;
/** Invites a new Skyline agent as the Skyline admin; its id, e-mail and the mailed token. */
async function invite(): Promise<{ id: number; email: string; token: string; link: string }> {
  const email = `invitee${++counter}@skyline.test`;
  const res = await ctx.inject('skylineAdmin', {
    method: 'POST',
    url: '/api/v1/users',
    payload: { first_name: 'Invitee', email, password: 'Given@123', role: 'Sales Agent' },
  });
  expect(res.statusCode).toBe(201);
  const mail = await latestMailToken(ctx.app, email);
  return { id: res.json().data.user.id as number, email, token: mail.token, link: mail.link };
}

const listed = async (id: number) =>
  UsersListAnswer.parse((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users' })).json()).data.users.find((u) => u.id === id);

describe('invitations', () => {
  it('mails a set-password link of the suite; the invited person cannot sign in before using it', async () => {
    const { id, email, link } = await invite();
    expect(link.startsWith('http://localhost:8080/#/accept-invitation?token=')).toBe(true);
    const mail = await ctx.app.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('set your password');
    expect(mail.subject).toContain('Skyline Realty');
    const login = await ctx.login(email, 'Given@123');
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MESSAGES.auth.invitationPending);
    const row = await listed(id);
    expect(row).toMatchObject({ status: 'invited' });
    expect(row?.invited_at).toBe(ctx.clock.now().toISOString());
  });

  it('sets the chosen password and activates the person, once', async () => {
    const { id, email, token } = await invite();
    const res = await accept(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'Success', message: MESSAGES.auth.invitationAccepted });
    expect((await ctx.login(email, 'Given@123')).statusCode).toBe(401);
    const login = await ctx.login(email, 'Chosen@123');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ user_type: 'agent', role: 'Sales Agent' });
    expect(await listed(id)).toMatchObject({ status: 'active', invited_at: null });

    const again = await accept(token, 'Other@1234');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.auth.invitationInvalid);
    expect((await ctx.login(email, 'Chosen@123')).statusCode).toBe(200);
  });

  it("checks the password rules (docs/product/rules.md) and the confirmation, leaving the link usable", async () => {
    const { email, token } = await invite();
    const weak = await accept(token, 'weak');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([MESSAGES.validation.passwordRequirements]);
    const mismatch = await accept(token, 'Chosen@123', 'Chosen@124');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([MESSAGES.validation.passwordsDoNotMatch]);
    expect((await accept(token)).statusCode).toBe(200);
    expect((await ctx.login(email, 'Chosen@123')).statusCode).toBe(200);
  });

  it('expires: a link older than the invitation lifetime does nothing', async () => {
    const { email, token } = await invite();
    ctx.clock.advance(INVITE_TTL_MS + 1000);
    const res = await accept(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.auth.invitationInvalid);
    expect((await ctx.login(email, 'Chosen@123')).statusCode).toBe(401);
    // The admin's session has run out meanwhile too.
    ctx.tokens.skylineAdmin = await ctx.freshToken('skylineAdmin');
  });

  it('Resend Invite makes every older link useless; the newest works', async () => {
    const { id, email, token: first } = await invite();
    ctx.clock.advance(60_000);
    expect((await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/users/resend-invite/${id}` })).statusCode).toBe(200);
    const { token: second } = await latestMailToken(ctx.app, email);
    expect((await listed(id))?.invited_at).toBe(ctx.clock.now().toISOString());
    ctx.clock.advance(60_000);
    expect((await ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/users/resend-invite/${id}` })).statusCode).toBe(200);
    const { token: third } = await latestMailToken(ctx.app, email);
    expect(new Set([first, second, third]).size).toBe(3);

    expect((await accept(first)).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(400);
    // The old links are dead through the older verify-email call too.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token: second } })).statusCode).toBe(400);
    expect((await accept(third)).statusCode).toBe(200);
    expect((await ctx.login(email, 'Chosen@123')).statusCode).toBe(200);
  });

  it('a disabled person cannot accept an invitation mailed before', async () => {
    const { id, email, token } = await invite();
    const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${id}/status`, payload: { status: 'disabled' } });
    expect(put.statusCode).toBe(200);
    expect((await accept(token)).statusCode).toBe(400);
    expect((await listed(id))?.status).toBe('disabled');
    expect((await ctx.login(email, 'Chosen@123')).statusCode).toBe(401);
  });

  it('is not an e-mail verification link: the admin-typed password never activates the account', async () => {
    const { email, token } = await invite();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } })).statusCode).toBe(400);
    expect((await ctx.login(email, 'Given@123')).statusCode).toBe(403);
    expect((await accept(token)).statusCode).toBe(200);
  });

  it('refuses an unknown token and a malformed body', async () => {
    expect((await accept('z'.repeat(43))).statusCode).toBe(400);
    const empty = await ctx.app.inject({ method: 'POST', url: ACCEPT, payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['password', 'password_confirmation', 'token']);
  });
});
