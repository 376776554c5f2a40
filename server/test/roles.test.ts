import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, format, MESSAGES, PermissionsAnswer, RolesAnswer } from '../../src/contract';
import { withReadRule } from '../src/modules/roles/service';
import { addSkylineAgent } from './helpers/agentPersonas';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();

type Admin = 'skylineAdmin' | 'harborAdmin';
const rolesOf = async (persona: Admin) => {
  const res = await ctx.inject(persona, { method: 'GET', url: '/api/v1/acl/role' });
  expect(res.statusCode).toBe(200);
  return RolesAnswer.parse(res.json()).data as Array<{ id: number; name: string; slug: string; permissions: string[]; users_count: number }>;
};
const save = (persona: Admin | 'skylineAgent', payload: Record<string, unknown>) =>
  ctx.inject(persona, { method: 'POST', url: '/api/v1/acl/role', payload });
const companyIdOf = async (email: string) =>
  (await ctx.app.db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirstOrThrow()).company_id!;

describe('the -read rule (docs/product/rules.md), enforced by the server', () => {
  it.each([
    [['lead-create'], ['lead-create', 'lead-read']],
    [['lead-edit', 'property-delete'], ['property-read', 'property-delete', 'lead-read', 'lead-edit']],
    [['lead-read'], ['lead-read']],
    [['role-delete', 'agent-create'], ['role-read', 'role-delete', 'agent-create', 'agent-read']],
    [[], []],
  ])('%j → %j', (chosen, expected) => {
    expect(withReadRule(chosen)).toEqual(expected);
  });
});

describe('roles', () => {
  it("lists the caller's company roles with permission names and how many hold each", async () => {
    const skyline = await rolesOf('skylineAdmin');
    expect(skyline.map((r) => r.name)).toEqual(expect.arrayContaining(['Sales Agent', 'Team Lead', 'Property Manager']));
    const sales = skyline.find((r) => r.name === 'Sales Agent')!;
    expect(sales).toMatchObject({ slug: 'sales-agent', permissions: ['property-read', 'lead-create', 'lead-read', 'lead-edit', 'event-create', 'event-read', 'event-edit'] });
    const holders = await ctx.app.db.selectFrom('users').select('id').where('role_id', '=', sales.id).execute();
    expect(sales.users_count).toBe(holders.length);
    expect(sales.users_count).toBeGreaterThan(0);
    const harborIds = new Set((await rolesOf('harborAdmin')).map((r) => r.id));
    expect(skyline.some((r) => harborIds.has(r.id))).toBe(false);
  });

  it('lists every permission by name', async () => {
    const res = await ctx.inject('skylineAdmin', { method: 'GET', url: '/api/v1/acl/role/all/permissions' });
    expect(res.statusCode).toBe(200);
    expect(PermissionsAnswer.parse(res.json()).data.map((p) => p.name)).toEqual([...ALL_PERMISSIONS]);
  });

  it("creates a role from the contract's payload, adding each chosen permission's -read", async () => {
    const res = await save('skylineAdmin', { name: 'Lead Scout', slug: 'lead-scout', 'lead-create': 1, 'property-edit': '1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'Success', message: MESSAGES.roles.created });
    const role = (await rolesOf('skylineAdmin')).find((r) => r.name === 'Lead Scout');
    expect(role).toMatchObject({ slug: 'lead-scout', users_count: 0 });
    expect([...role!.permissions].sort()).toEqual(['lead-create', 'lead-read', 'property-edit', 'property-read']);
  });

  it('updates a role by id: name, slug and exactly the chosen permissions', async () => {
    const created = (await save('skylineAdmin', { name: 'Closer', 'lead-edit': 1, 'lead-delete': 1 })).json().data as { id: number };
    const res = await save('skylineAdmin', { id: created.id, name: 'Senior Closer', slug: 'senior-closer', 'lead-read': true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.roles.updated, data: { id: created.id, name: 'Senior Closer', permissions: ['lead-read'] } });
    const stored = (await rolesOf('skylineAdmin')).find((r) => r.id === created.id);
    expect(stored).toMatchObject({ name: 'Senior Closer', slug: 'senior-closer', permissions: ['lead-read'] });
  });

  it('takes back a listed role with new ticks: the ticks decide, the listed fields are ignored', async () => {
    const created = (await save('skylineAdmin', { name: 'Round Trip', 'lead-create': 1, 'lead-delete': 1 })).json().data as Record<string, unknown>;
    const listed = (await rolesOf('skylineAdmin')).find((r) => r.id === created.id)!;
    const res = await save('skylineAdmin', { ...listed, 'property-read': 1 });
    expect(res.statusCode).toBe(200);
    expect((await rolesOf('skylineAdmin')).find((r) => r.id === created.id)).toMatchObject({ name: 'Round Trip', permissions: ['property-read'], users_count: 0 });
  });

  it('refuses a name another role of the company has (any case), but not one of another company', async () => {
    const dup = await save('skylineAdmin', { name: 'team lead', 'lead-read': 1 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toMatchObject({ message: MESSAGES.roles.nameTaken, errors: { name: [MESSAGES.roles.nameTaken] } });
    const own = await save('harborAdmin', { name: 'Lead Scout', 'lead-read': 1 });
    expect(own.statusCode).toBe(201);
    const renamed = (await rolesOf('skylineAdmin')).find((r) => r.name === 'Property Manager')!;
    expect((await save('skylineAdmin', { id: renamed.id, name: 'Sales Agent' })).statusCode).toBe(422);
    // Saving a role under its own name is no clash.
    expect((await save('skylineAdmin', { id: renamed.id, name: 'Property Manager', 'property-create': 1, 'property-edit': 1, 'property-delete': 1 })).statusCode).toBe(200);
  });

  it('refuses a missing name and an unknown permission with 422, saving nothing', async () => {
    const before = await rolesOf('skylineAdmin');
    const noName = await save('skylineAdmin', { 'lead-read': 1 });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toEqual([MESSAGES.validation.roleNameRequired]);
    const unknown = await save('skylineAdmin', { name: 'Odd', 'rocket-launch': 1 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'rocket-launch': [MESSAGES.generic.unknownField] });
    expect(await rolesOf('skylineAdmin')).toEqual(before);
  });

  it("answers 404 for another company's role on update and delete, leaving it unchanged", async () => {
    const harborRole = (await rolesOf('harborAdmin')).find((r) => r.name === 'Team Lead')!;
    const update = await save('skylineAdmin', { id: harborRole.id, name: 'Hijacked', 'lead-delete': 1 });
    expect(update.statusCode).toBe(404);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/acl/role/${harborRole.id}` })).statusCode).toBe(404);
    expect((await rolesOf('harborAdmin')).find((r) => r.id === harborRole.id)).toEqual(harborRole);
    expect((await ctx.inject('skylineAdmin', { method: 'DELETE', url: '/api/v1/acl/role/999999' })).statusCode).toBe(404);
  });

  it('refuses to delete a role people still hold, saying how many, and deletes it once nobody does', async () => {
    const companyId = await companyIdOf('admin@skyline.test');
    const created = (await save('skylineAdmin', { name: 'Short Lived', 'lead-read': 1 })).json().data as { id: number };
    const at = new Date().toISOString();
    const person = (email: string) => ({
      company_id: companyId,
      role_id: created.id,
      user_type: 'agent' as const,
      first_name: 'Held',
      email,
      status: 'active' as const,
      created_at: at,
      updated_at: at,
    });
    await ctx.app.db.insertInto('users').values([person('held1@skyline.test'), person('held2@skyline.test')]).execute();

    const refused = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/acl/role/${created.id}` });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(format(MESSAGES.roles.inUse, { count: 2, people: 'people' }));
    await ctx.app.db.deleteFrom('users').where('email', '=', 'held1@skyline.test').execute();
    const one = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/acl/role/${created.id}` });
    expect(one.json().message).toBe(format(MESSAGES.roles.inUse, { count: 1, people: 'person' }));
    expect((await rolesOf('skylineAdmin')).some((r) => r.id === created.id)).toBe(true);

    await ctx.app.db.deleteFrom('users').where('email', '=', 'held2@skyline.test').execute();
    const done = await ctx.inject('skylineAdmin', { method: 'DELETE', url: `/api/v1/acl/role/${created.id}` });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 'Success', message: MESSAGES.roles.deleted });
    expect((await rolesOf('skylineAdmin')).some((r) => r.id === created.id)).toBe(false);
  });

  it('refuses the demo agent (no role-* permission) with 403 and a message, and the super admin (no company)', async () => {
    const list = await ctx.inject('skylineAgent', { method: 'GET', url: '/api/v1/acl/role' });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(format(MESSAGES.permission.denied, { permission: 'role-read' }));
    const del = await ctx.inject('skylineAgent', { method: 'DELETE', url: '/api/v1/acl/role/1' });
    expect(del.json()).toEqual({ status: 'Error', message: format(MESSAGES.permission.denied, { permission: 'role-delete' }) });
    expect((await save('skylineAgent', { name: 'Mine', 'lead-read': 1 })).json().message).toBe(
      format(MESSAGES.permission.denied, { permission: 'role-create' }),
    );
    expect((await save('skylineAgent', { id: 1, name: 'Mine' })).json().message).toBe(format(MESSAGES.permission.denied, { permission: 'role-edit' }));
    const superList = await ctx.inject('superAdmin', { method: 'GET', url: '/api/v1/acl/role' });
    expect(superList.statusCode).toBe(403);
    expect(superList.json().message).toBe(MESSAGES.companies.companyIdNotFound);
  });

  it("lets an agent who hands out roles (agent-create) list them for the user form, and nothing more", async () => {
    const companyId = await companyIdOf('admin@skyline.test');
    const inviter = (await save('skylineAdmin', { name: 'Inviter', 'agent-create': 1 })).json().data as { id: number };
    const at = new Date().toISOString();
    const hash = (await ctx.app.db.selectFrom('users').select('password_hash').where('email', '=', 'agent@skyline.test').executeTakeFirstOrThrow()).password_hash;
    await ctx.app.db
      .insertInto('users')
      .values({ company_id: companyId, role_id: inviter.id, user_type: 'agent', first_name: 'Inviter', email: 'inviter@skyline.test', status: 'active', email_verified_at: at, password_hash: hash, created_at: at, updated_at: at })
      .execute();
    const headers = { authorization: `Bearer ${(await ctx.login('inviter@skyline.test', 'Agent@123')).json().data.token as string}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/acl/role', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/acl/role/all/permissions', headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/acl/role', headers, payload: { name: 'Nope', 'lead-read': 1 } })).statusCode).toBe(403);
  });

  it('lets an agent holding role permissions manage roles, but grant only what it holds itself', async () => {
    const companyId = await companyIdOf('admin@skyline.test');
    const editor = (await save('skylineAdmin', { name: 'Role Keeper', 'role-create': 1, 'role-edit': 1, 'lead-create': 1 })).json().data as { id: number };
    const at = new Date().toISOString();
    const hash = (await ctx.app.db.selectFrom('users').select('password_hash').where('email', '=', 'agent@skyline.test').executeTakeFirstOrThrow()).password_hash;
    await ctx.app.db
      .insertInto('users')
      .values({ company_id: companyId, role_id: editor.id, user_type: 'agent', first_name: 'Keeper', email: 'keeper@skyline.test', status: 'active', email_verified_at: at, password_hash: hash, created_at: at, updated_at: at })
      .execute();
    const token = (await ctx.login('keeper@skyline.test', 'Agent@123')).json().data.token as string;
    const as = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/acl/role', payload, headers: { authorization: `Bearer ${token}` } });

    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/acl/role', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await as({ name: 'Lead Helper', 'lead-create': 1 })).statusCode).toBe(201);
    const raise = await as({ id: editor.id, name: 'Role Keeper', 'role-create': 1, 'role-edit': 1, 'lead-create': 1, 'lead-delete': 1 });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toBe(format(MESSAGES.roles.notYours, { permission: 'lead-delete' }));
    expect((await rolesOf('skylineAdmin')).find((r) => r.id === editor.id)?.permissions).not.toContain('lead-delete');
  });

  it('lets an editor remove only permissions it holds, and keep (not change) the ones it lacks', async () => {
    const { token } = await addSkylineAgent(ctx, { email: 'role.editor@skyline.test', role: 'Role Editor', permissions: ['role-read', 'role-create', 'role-edit', 'lead-read'] });
    const as = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/acl/role', payload, headers: { authorization: `Bearer ${token}` } });
    const target = (await save('skylineAdmin', { name: 'Closer', 'lead-read': 1, 'lead-delete': 1, 'property-read': 1 })).json().data as { id: number };
    const permissionsOf = async () => (await rolesOf('skylineAdmin')).find((r) => r.id === target.id)!.permissions.sort();
    const before = await permissionsOf();

    const remove = await as({ id: target.id, name: 'Closer', 'lead-read': 1, 'property-read': 1 });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe(format(MESSAGES.roles.notYours, { permission: 'lead-delete' }));
    expect(await permissionsOf()).toEqual(before);

    // The ticks it does not hold stay as they were: the rename and its own permission go through.
    const keep = await as({ id: target.id, name: 'Closer Two', 'lead-read': 1, 'lead-delete': 1, 'property-read': 1, 'role-read': 1 });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(await permissionsOf()).toEqual([...before, 'role-read'].sort());

    const drop = await as({ id: target.id, name: 'Closer Two', 'lead-read': 1, 'lead-delete': 1, 'role-read': 1 });
    expect(drop.statusCode).toBe(403);
    expect(drop.json().message).toBe(format(MESSAGES.roles.notYours, { permission: 'property-read' }));
    const add = await as({ name: 'Bigger', 'lead-read': 1, 'agent-read': 1 });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(format(MESSAGES.roles.notYours, { permission: 'agent-read' }));

    // An admin holds every permission: any change goes through.
    expect((await save('skylineAdmin', { id: target.id, name: 'Closer Two', 'agent-delete': 1 })).statusCode).toBe(200);
  });
});
