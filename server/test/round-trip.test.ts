/**
 * A PUT accepts the object its GET returned (docs/architecture.md, "What a server accepts"): the
 * product's own client sends the full edited lead plus the combined name, and scripts send back
 * what they read. Fields the server owns are ignored, never refused; a field nobody owns is still
 * refused.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

describe('lead: GET → PUT → GET', () => {
  it('saves the edited lead as read, ignoring the fields the server owns', async () => {
    const list = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/leads/list/workflow/1?pageSize=1&pageNumber=1' });
    const id = list.json().data.data[0].id as number;
    const read = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${id}` })).json().data.data.data;
    expect(read).toHaveProperty('created_at');

    const edited = {
      ...read,
      city: 'Mysuru',
      name: `${read.first_name} ${read.last_name ?? ''}`.trim(),
      // Owned by the server: taken and ignored.
      created_at: '2001-01-01T00:00:00.000Z',
      updated_at: '2001-01-01T00:00:00.000Z',
      company_id: 999_999,
      workflow: 'Not a status name',
    };
    const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${id}`, payload: edited });
    expect(put.statusCode, put.body).toBe(200);

    const again = (await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/${id}` })).json().data.data.data;
    expect(again).toMatchObject({ id, city: 'Mysuru', first_name: read.first_name, workflow: read.workflow, created_at: read.created_at });
    expect(again.updated_at).not.toBe('2001-01-01T00:00:00.000Z');
    // Still Skyline's: Harbor cannot see it.
    expect((await ctx.inject('harborAdmin', { method: 'GET', url: `/api/v1/leads/${id}` })).statusCode).toBe(404);
  });

  it('still refuses a field that belongs to nobody', async () => {
    const list = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/leads/list/workflow/1?pageSize=1&pageNumber=1' });
    const lead = list.json().data.data[0];
    const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${lead.id}`, payload: { ...lead, favourite_colour: 'teal' } });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toHaveProperty('favourite_colour');
  });
});

describe('profile: GET → PUT → GET', () => {
  it('saves the profile as read (its own field names included), ignoring company, role, avatar and status', async () => {
    const read = (await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users/profile' })).json().data;
    expect(read).toHaveProperty('company_id');
    expect(read).toHaveProperty('role');

    const edited = {
      ...read,
      city: 'Hubballi',
      address: '7 Station Road',
      postal_code: '580020',
      company_id: read.company_id + 1,
      role: 'Administrator',
      status: 'disabled',
      avatar: 'https://evil.example/a.png',
      user_type: 'admin',
    };
    const put = await ctx.inject('skylineAgent', { method: 'PUT', url: `/api/v1/users/${read.id}`, payload: edited, headers: { 'company-id': String(read.company_id) } });
    expect(put.statusCode, put.body).toBe(200);

    const again = (await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users/profile' })).json().data;
    expect(again).toMatchObject({
      id: read.id,
      city: 'Hubballi',
      address: '7 Station Road',
      postal_code: '580020',
      company_id: read.company_id,
      role: read.role,
      status: read.status,
      avatar: read.avatar,
      user_type: 'agent',
    });
  });

  it('still refuses a field that belongs to nobody', async () => {
    const read = (await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/users/profile' })).json().data;
    const put = await ctx.inject('skylineAgent', { method: 'PUT', url: `/api/v1/users/${read.id}`, payload: { ...read, shoe_size: 9 } });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toHaveProperty('shoe_size');
  });
});

describe('managed user: GET /users → PUT → GET', () => {
  it('saves the listed user as read with a new first name, ignoring what the list computes', async () => {
    const users = (await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users' })).json().data.users as Array<Record<string, unknown>>;
    const agent = users.find((u) => u.email === 'agent@skyline.test')!;
    const put = await ctx.inject('skylineAdmin', {
      method: 'PUT',
      url: `/api/v1/users/${agent.id}`,
      payload: { ...agent, first_name: 'Vikram', status: 'disabled', user_type: 'admin', role_id: 1, name: 'Someone Else' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const again = ((await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users' })).json().data.users as Array<Record<string, unknown>>).find(
      (u) => u.id === agent.id,
    );
    expect(again).toMatchObject({ first_name: 'Vikram', role: agent.role, role_id: agent.role_id, status: agent.status, user_type: 'agent' });
  });

  it('still refuses a field that belongs to nobody', async () => {
    const users = (await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/users' })).json().data.users as Array<Record<string, unknown>>;
    const agent = users.find((u) => u.email === 'agent@skyline.test')!;
    const put = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/users/${agent.id}`, payload: { ...agent, nickname: 'V' } });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toHaveProperty('nickname');
  });
});
