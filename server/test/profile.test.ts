import { describe, expect, it } from 'vitest';
import { MESSAGES, ProfileAnswer } from '../../src/contract';
import { latestMailToken, PERSONAS, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const profileBody = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Ananya',
  last_name: 'Rao-Shetty',
  email: 'admin@skyline.test',
  phone: '+91 98860 00000',
  street: '22, 100 Feet Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  zip_code: '560038',
  country: 'India',
  user_type: 'admin',
  ...extra,
});

describe('GET /api/v1/users/profile', () => {
  it.each(PERSONAS.filter((p) => p !== 'anonymous'))('answers the profile of %s', async (persona) => {
    const res = await ctx.inject(persona, { method: 'GET', url: '/api/v1/users/profile' });
    expect(res.statusCode).toBe(200);
    const body = ProfileAnswer.parse(res.json());
    expect(body.status).toBe('Success');
    expect(body.data.id).toBe(ctx.ids[persona as keyof typeof ctx.ids]);
    expect(body.data).not.toHaveProperty('password_hash');
    for (const key of ['name', 'email', 'phone', 'address', 'city', 'state', 'postal_code', 'country', 'user_type']) {
      expect(body.data[key as keyof typeof body.data], key).toBeTruthy();
    }
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.inject('anonymous', { method: 'GET', url: '/api/v1/users/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'Error', message: MESSAGES.generic.unauthenticated });
  });
});

describe('PUT /api/v1/users/{id} (profile)', () => {
  it('updates the own profile; the company comes from the user, never the Company-ID header', async () => {
    const harborCompany = (await ctx.inject('harborAdmin', { method: 'GET', url: '/api/v1/users/profile' })).json().data.company_id;
    const res = await ctx.inject('skylineAdmin', {
      method: 'PUT',
      url: `/api/v1/users/${ctx.ids.skylineAdmin}`,
      headers: { 'company-id': String(harborCompany) },
      payload: profileBody(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Success',
      message: MESSAGES.profile.updated,
      data: { name: 'Ananya Rao-Shetty', address: '22, 100 Feet Road, Indiranagar', postal_code: '560038', user_type: 'admin' },
    });
    expect(res.json().data.company_id).not.toBe(harborCompany);
  });

  it('ignores user_type from users who may not change it', async () => {
    const res = await ctx.inject('skylineAgent', {
      method: 'PUT',
      url: `/api/v1/users/${ctx.ids.skylineAgent}`,
      payload: profileBody({ first_name: 'Arjun', last_name: 'Sharma', email: 'agent@skyline.test', user_type: 'super_admin' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user_type).toBe('agent');
    const login = await ctx.login('agent@skyline.test', 'Agent@123');
    expect(login.json().data.user.user_type).toBe('agent');
  });

  it("answers 404 for another user's profile, in the same or another company, and changes nothing", async () => {
    for (const [persona, target] of [
      ['skylineAgent', ctx.ids.skylineAdmin],
      ['harborAdmin', ctx.ids.skylineAdmin],
      ['superAdmin', ctx.ids.skylineAdmin],
    ] as const) {
      const res = await ctx.inject(persona, {
        method: 'PUT',
        url: `/api/v1/users/${target}`,
        payload: profileBody({ first_name: 'Hacked' }),
      });
      expect(res.statusCode, persona).toBe(404);
      expect(res.json()).toEqual({ status: 'Error', message: MESSAGES.generic.notFound });
    }
    const me = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users/profile' });
    expect(me.json().data.name).not.toContain('Hacked');
  });

  it('answers 422 for missing names and unknown fields', async () => {
    const res = await ctx.inject('skylineAdmin', {
      method: 'PUT',
      url: `/api/v1/users/${ctx.ids.skylineAdmin}`,
      payload: profileBody({ first_name: '', nickname: 'Annie' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ nickname: [MESSAGES.generic.unknownField] });
    const missing = await ctx.inject('skylineAdmin', {
      method: 'PUT',
      url: `/api/v1/users/${ctx.ids.skylineAdmin}`,
      payload: profileBody({ first_name: ' ' }),
    });
    expect(missing.json().errors).toEqual({ first_name: [MESSAGES.validation.firstNameRequired] });
  });

  it("refuses another user's e-mail address", async () => {
    const res = await ctx.inject('harborAdmin', {
      method: 'PUT',
      url: `/api/v1/users/${ctx.ids.harborAdmin}`,
      payload: profileBody({ first_name: 'Rahul', last_name: 'Joshi', email: 'Admin@Skyline.test', current_password: 'Admin@123' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [MESSAGES.auth.emailTakenServer] });
  });

  it('a new e-mail address must be verified before the next sign-in', async () => {
    const res = await ctx.inject('harborAdmin', {
      method: 'PUT',
      url: `/api/v1/users/${ctx.ids.harborAdmin}`,
      payload: profileBody({ first_name: 'Rahul', last_name: 'Joshi', email: 'rahul@harbor.test', current_password: 'Admin@123' }),
    });
    expect(res.statusCode).toBe(200);
    // The current session goes on.
    expect((await ctx.inject('harborAdmin', { method: 'GET', url: '/api/v1/users/profile' })).json().data.email).toBe('rahul@harbor.test');
    expect((await ctx.login('rahul@harbor.test', 'Admin@123')).statusCode).toBe(403);
    const { token } = await latestMailToken(ctx.app, 'rahul@harbor.test');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } })).statusCode).toBe(200);
    expect((await ctx.login('rahul@harbor.test', 'Admin@123')).statusCode).toBe(200);
  });
});
