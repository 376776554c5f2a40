/**
 * User admin of a company (docs/product/screens.md, "User Management"; src/contract/users.ts):
 * list, invite, update, delete, resend invitation, and (beyond the original description) disable or
 * enable (the reset of a person's two-factor sign-in is with two-factor's routes). Each needs its
 * agent-* permission and a company (the super admin has none: 403); the rules of who may manage
 * whom: managed.service.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { MESSAGES, PageQuery, PERMISSIONS, USER_PATHS, UserCreateRequest, UserStatusRequest, UserUpdateRequest } from '@contract';
import { success } from '../../lib/answers';
import { companyIdOf } from '../../lib/company';
import { parseId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/route';
import { parse, SERVER_OWNED_FIELDS } from '../../lib/validate';
import { ensureAccess } from '../../plugins/auth';
import type { AuthContext, Deps } from '../../types';
import { actorOf } from '../events/record';
import { inviteUser, listManagedUsers, manageable, removeUser, resendInvitation, setManagedUserStatus, updateManagedUser } from './managed.service';

/** The permission each call's service checks again for whom it may manage; the routes' rules are in src/route-access.ts. */
const MANAGE = { create: PERMISSIONS.agentCreate, edit: PERMISSIONS.agentEdit, delete: PERMISSIONS.agentDelete } as const;

/** What GET /users lists beside the update's fields: taken and ignored on PUT (the role is `role`). */
const MANAGED_USER_SERVER_OWNED = [...SERVER_OWNED_FIELDS, 'name', 'last_name', 'firstName', 'lastName', 'user_type', 'role_id', 'status', 'invited_at', 'two_factor'];

/** An admin's listed `role` is often null (admins' roles grant nothing): for them it may be left out. */
const AdminUpdateRequest = z.extend(UserUpdateRequest, { role: z.optional(z.nullable(z.union([z.number(), z.string()]))) });

const managerOf = (auth: AuthContext, request: FastifyRequest) => ({ auth, companyId: companyIdOf(auth.user), actor: actorOf({ user: auth.user, request }) });

/**
 * PUT /users/{id} with `role` (routes.ts tells the two payloads apart): User Management's edit.
 * Checked in the order the payload allows: agent-edit and a company (403), the target (404),
 * then the body (422). It takes the object GET /users listed (its read-only fields are ignored).
 */
export async function managedUserUpdate(deps: Deps, request: FastifyRequest, id: number, body: unknown) {
  const manager = managerOf(await ensureAccess(request, { kind: 'permission', permission: MANAGE.edit }), request);
  const target = await manageable(deps, manager, id, MANAGE.edit);
  const input =
    target.user_type === 'agent'
      ? parse(UserUpdateRequest, body, { allowExtra: MANAGED_USER_SERVER_OWNED })
      : parse(AdminUpdateRequest, body, { allowExtra: MANAGED_USER_SERVER_OWNED });
  const role = input.role == null ? null : String(input.role).trim() || null;
  await updateManagedUser(deps, manager, target, { ...input, role }, MANAGE.edit);
  return success({ message: MESSAGES.users.updated });
}

export default async function managedUserRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: USER_PATHS.list,
    query: PageQuery,
    handler: async ({ query, company }) => success({ data: await listManagedUsers(app, company, pageOf(query, 100)) }),
  });

  route(app, {
    method: 'POST',
    url: USER_PATHS.list,
    body: UserCreateRequest,
    handler: async ({ body, auth, request, reply }) => {
      const user = await inviteUser(app, managerOf(auth, request), body, MANAGE.create);
      reply.code(201);
      return success({ message: MESSAGES.users.added, data: { user } });
    },
  });

  // Beyond the original description: disabling keeps the account (and can be undone), where deleting removes it.
  route(app, {
    method: 'PUT',
    url: USER_PATHS.status(':id'),
    params: { id: parseId },
    body: UserStatusRequest,
    handler: async ({ params, body, auth, request }) => {
      const manager = managerOf(auth, request);
      const target = await manageable(app, manager, params.id, MANAGE.edit);
      await setManagedUserStatus(app, manager, target, body.status);
      return success({ message: MESSAGES.users.updated });
    },
  });

  route(app, {
    method: 'DELETE',
    url: USER_PATHS.one(':id'),
    params: { id: parseId },
    handler: async ({ params, auth, request }) => {
      await removeUser(app, managerOf(auth, request), params.id, MANAGE.delete);
      return success({ message: MESSAGES.users.deleted });
    },
  });

  route(app, {
    method: 'POST',
    url: USER_PATHS.resendInvite(':id'),
    params: { id: parseId },
    handler: async ({ params, auth, request }) => {
      await resendInvitation(app, managerOf(auth, request), params.id, MANAGE.create);
      return success({ message: MESSAGES.users.inviteResent });
    },
  });
}
