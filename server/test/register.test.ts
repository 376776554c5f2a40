import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKFLOWS, MESSAGES } from '../../src/contract';
import { latestMailToken, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const payload = (email: string, extra: Record<string, unknown> = {}) => ({
  display_name: 'Lotus Properties',
  first_name: 'Lakshmi',
  last_name: 'Iyer',
  email,
  password: 'Lotus@2024',
  password_confirmation: 'Lotus@2024',
  ...extra,
});
const register = (body: unknown) => ctx.app.inject({ method: 'POST', url: '/api/v1/register', payload: body as object });

describe('POST /api/v1/register', () => {
  it('creates a company with default workflows and roles, and its admin awaiting verification', async () => {
    const res = await register(payload('lakshmi@lotus.test'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'Success', message: MESSAGES.auth.registrationSuccess });

    const user = await ctx.app.db.selectFrom('users').selectAll().where('email', '=', 'lakshmi@lotus.test').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ user_type: 'admin', status: 'active', email_verified_at: null, first_name: 'Lakshmi' });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const company = await ctx.app.db.selectFrom('companies').selectAll().where('id', '=', user.company_id as number).executeTakeFirstOrThrow();
    expect(company.display_name).toBe('Lotus Properties');
    const workflows = await ctx.app.db
      .selectFrom('workflow_statuses')
      .select('name')
      .where('company_id', '=', company.id)
      .orderBy('position')
      .execute();
    expect(workflows.map((w) => w.name)).toEqual([...DEFAULT_WORKFLOWS]);
    const roles = await ctx.app.db.selectFrom('roles').select('name').where('company_id', '=', company.id).execute();
    expect(roles.map((r) => r.name)).toContain('Sales Agent');

    const mail = await latestMailToken(ctx.app, 'lakshmi@lotus.test');
    expect(mail.link.startsWith('http://localhost:8080/#/verify-email?token=')).toBe(true);
    // Only the hash is stored.
    const stored = await ctx.app.db.selectFrom('email_verification_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(mail.token);
  });

  it('answers 422 with an errors object for invalid fields', async () => {
    const res = await register({ display_name: '', first_name: '', email: 'not-an-email', password: 'weak', password_confirmation: 'other' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe('Error');
    expect(typeof body.message).toBe('string');
    expect(body.errors).toMatchObject({
      display_name: [MESSAGES.validation.displayNameRequired],
      first_name: [MESSAGES.validation.firstNameRequired],
      last_name: [MESSAGES.validation.lastNameRequired],
      email: [MESSAGES.validation.emailInvalid],
      password: [MESSAGES.validation.passwordRequirements],
    });
    const mismatch = await register(payload('new@lotus.test', { password_confirmation: 'Lotus@2025' }));
    expect(mismatch.json().errors).toEqual({ password_confirmation: [MESSAGES.validation.passwordsDoNotMatch] });
  });

  it('answers a taken e-mail (any case) with message.email and errors.email', async () => {
    for (const email of ['admin@skyline.test', 'ADMIN@Skyline.test']) {
      const res = await register(payload(email));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        status: 'Error',
        message: { email: [MESSAGES.auth.emailTakenServer] },
        errors: { email: [MESSAGES.auth.emailTakenServer] },
      });
    }
  });

  it('refuses company or user-type fields in the payload', async () => {
    const res = await register(payload('sneaky@lotus.test', { user_type: 'super_admin', company_id: 1 }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['company_id', 'user_type']);
  });
});

describe('e-mail verification', () => {
  it('verifies once through the mailed link, then sign-in works', async () => {
    await register(payload('ravi@lotus.test', { display_name: 'Ravi Homes', first_name: 'Ravi' }));
    const { token } = await latestMailToken(ctx.app, 'ravi@lotus.test');
    expect((await ctx.login('ravi@lotus.test', 'Lotus@2024')).statusCode).toBe(403);

    const ok = await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'Success', message: MESSAGES.auth.verified });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.auth.verifyFailed);

    const login = await ctx.login('ravi@lotus.test', 'Lotus@2024');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.user_type).toBe('admin');
  });

  it('refuses an expired link', async () => {
    await register(payload('late@lotus.test', { display_name: 'Late Estates' }));
    const { token } = await latestMailToken(ctx.app, 'late@lotus.test');
    ctx.clock.advance(49 * 3600_000);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.auth.verifyFailed);
  });

  it('refuses an unknown token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token: 'x'.repeat(43) } });
    expect(res.statusCode).toBe(400);
  });
});
