/**
 * Roles & Permissions calls (src/contract/roles.ts): GET /acl/role, GET /acl/role/all/permissions,
 * POST /acl/role (create or update by the payload's id), DELETE /acl/role/{id}. All work on the
 * caller's company (the super admin has none: 403). Permissions (docs/product/roles.md; other user
 * types hold them all): listing needs role-read, or an agent-* permission (the user form's role
 * dropdown); the permission list role-read; saving role-create or role-edit (by the payload);
 * deleting role-delete (the rows of src/route-access.ts). Rules: service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES, ROLE_PATHS, RoleSaveRequest } from '@contract';
import { success } from '../../lib/answers';
import { companyIdOf } from '../../lib/company';
import { parseId } from '../../lib/ids';
import { route } from '../../lib/route';
import { omitKeys, parse } from '../../lib/validate';
import { ensureAccess } from '../../plugins/auth';
import { actorOf } from '../events/record';
import { listRoles, permissionList, removeRole, saveRole, savePermission } from './service';

/**
 * What the list answers beside the save payload, taken and ignored (docs/architecture.md, "What a
 * server accepts": a save accepts what the GET returned). The permissions are the payload's ticked
 * names (docs/product/data.md), never this list: a listed role sent back with other ticks saves
 * exactly those ticks.
 */
const ROLE_SERVER_OWNED = ['permissions', 'users_count', 'company_id', 'created_at', 'updated_at'];

const isPlainObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: ROLE_PATHS.list,
    handler: async ({ company }) => success({ data: await listRoles(app, company) }),
  });

  route(app, {
    method: 'GET',
    url: ROLE_PATHS.permissions,
    handler: async () => success({ data: await permissionList(app) }),
  });

  // Create or update, told apart by the payload's id: the permission needed depends on it, so it
  // is checked before the body's other rules (403 before 422, as everywhere).
  route(app, {
    method: 'POST',
    url: ROLE_PATHS.save,
    handler: async ({ body, request, reply }) => {
      const raw = body && typeof body === 'object' ? (body as { id?: unknown; _id?: unknown }) : {};
      const auth = await ensureAccess(request, { kind: 'permission', permission: savePermission(raw) });
      const payload = parse(RoleSaveRequest, isPlainObject(body) ? omitKeys(body, ROLE_SERVER_OWNED) : body);
      const saved = await saveRole(app, { auth, companyId: companyIdOf(auth.user), actor: actorOf({ user: auth.user, request }) }, payload);
      reply.code(saved.created ? 201 : 200);
      const role = (await listRoles(app, companyIdOf(auth.user))).find((r) => r.id === saved.id);
      return success({ message: saved.created ? MESSAGES.roles.created : MESSAGES.roles.updated, data: role });
    },
  });

  route(app, {
    method: 'DELETE',
    url: ROLE_PATHS.one(':id'),
    params: { id: parseId },
    handler: async ({ params, company, user, request }) => {
      await removeRole(app, actorOf({ user, request }), company, params.id);
      return success({ message: MESSAGES.roles.deleted });
    },
  });
}
