/**
 * Rows of authorization.table.ts for the role calls: listing needs role-read (or an agent-*
 * permission), the permission list role-read, saving role-create (role-edit with an id),
 * deleting role-delete. The demo agent (Sales Agent) holds none of them: 403. The super admin has
 * no company (403). Harbor's admin gets 404 for Skyline's roles.
 */
import type { AuthorizationCase, TableFixtures } from './authorization.table';
import { companyIdOf } from './helpers/leads';
import { companyCall } from './helpers/tablePersonas';

/** None of the agents holds a role-* permission. */
const expectOf = (skylineAdmin: number, agents: number, harborAdmin: number) => companyCall(skylineAdmin, agents, harborAdmin);

let counter = 0;
/** A throwaway Skyline role nobody holds; its id. */
async function skylineRole(f: TableFixtures): Promise<number> {
  const companyId = (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!;
  const at = new Date().toISOString();
  const n = ++counter;
  const { id } = await f.ctx.app.db
    .insertInto('roles')
    .values({ company_id: companyId, name: `Table Role ${n}`, slug: `table-role-${n}`, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const ROLE_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  {
    route: 'GET /api/v1/acl/role',
    title: "the caller's roles",
    request: () => ({ method: 'GET', url: '/api/v1/acl/role' }),
    expect: expectOf(200, 403, 200),
  },
  {
    route: 'GET /api/v1/acl/role/all/permissions',
    title: 'every permission',
    request: () => ({ method: 'GET', url: '/api/v1/acl/role/all/permissions' }),
    expect: expectOf(200, 403, 200),
  },
  {
    route: 'POST /api/v1/acl/role',
    title: 'create a role',
    request: (f, persona) => ({ method: 'POST', url: '/api/v1/acl/role', payload: { name: `Made by ${persona} ${++counter}`, 'lead-read': 1 } }),
    expect: expectOf(201, 403, 201),
  },
  {
    route: 'POST /api/v1/acl/role',
    title: 'update a Skyline role (payload with id)',
    request: async (f) => {
      const id = await skylineRole(f);
      return { method: 'POST', url: '/api/v1/acl/role', payload: { id, name: `Renamed ${id}`, 'lead-create': 1 } };
    },
    expect: expectOf(200, 403, 404),
  },
  {
    route: 'DELETE /api/v1/acl/role/:id',
    title: 'delete a Skyline role nobody holds',
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/acl/role/${await skylineRole(f)}` }),
    expect: expectOf(200, 403, 404),
  },
];
