/**
 * The signed-in user's own account (src/contract/users.ts): GET /users/profile, PUT /users/{id}
 * (profile; a body with `role` is a managed-user update, see managed.routes.ts), PUT
 * /users/{id}/update-password. Only one's own profile and password: any other id answers 404.
 * Steps: service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { ALL_PERMISSIONS, MESSAGES, PasswordChangeRequest, ProfileUpdateRequest, USER_PATHS } from '@contract';
import { success } from '../../lib/answers';
import { notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { route } from '../../lib/route';
import { parse, SERVER_OWNED_FIELDS } from '../../lib/validate';
import { actorOf } from '../events/record';
import { managedUserUpdate } from './managed.routes';
import { toProfile } from './mapper';
import { changePassword, updateProfile } from './service';

/** What GET /users/profile answers beside the update's fields: taken and ignored on PUT. */
const PROFILE_SERVER_OWNED = [...SERVER_OWNED_FIELDS, 'name', 'avatar', 'role', 'status', 'address', 'postal_code', 'permissions'];
/** Fields only a profile carries (the payload's and the profile answer's), never User Management's. */
const PROFILE_ONLY = ['last_name', 'phone', 'street', 'address', 'city', 'state', 'zip_code', 'postal_code', 'country', 'avatar', 'company_id'];

/** Fields only User Management's list carries: an object holding one came from GET /users. */
const LISTED_ONLY = ['firstName', 'lastName', 'role_id', 'invited_at'];

function isManagedUserUpdate(body: unknown, ownAccount: boolean): body is Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('role' in body)) return false;
  return !ownAccount || LISTED_ONLY.some((key) => key in body) || !PROFILE_ONLY.some((key) => key in body);
}

/**
 * The profile answer names the address `address` and `postal_code` where the update payload
 * (docs/product/data.md) says `street` and `zip_code`: either naming is taken, the payload's
 * winning when both are sent.
 */
function profileFields(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields = { ...(body as Record<string, unknown>) };
  if (fields.street === undefined && fields.address !== undefined) fields.street = fields.address;
  if (fields.zip_code === undefined && fields.postal_code !== undefined) fields.zip_code = fields.postal_code;
  return fields;
}

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: USER_PATHS.profile,
    // With the caller's permissions as read on this request: a client that sees a new access stamp
    // (modules/sessions/stamp.ts) re-reads them here.
    handler: async ({ user, auth }) => {
      const held = await auth.permissions();
      const permissions = ALL_PERMISSIONS.filter((p) => held.has(p));
      return success({ data: { ...toProfile(user, user.role_name, app.config.imagePrefix), permissions } });
    },
  });

  // One route, two payloads (contract/users.ts): the managed-user update of User Management, or
  // the profile (which the profile's own GET also carries `role` in). The payload decides the
  // rules, so the body is validated by the branch it takes.
  route(app, {
    method: 'PUT',
    url: USER_PATHS.one(':id'),
    params: { id: parseId },
    handler: async ({ params, body, user, request }) => {
      if (isManagedUserUpdate(body, params.id === user.id)) return managedUserUpdate(app, request, params.id, body);
      if (params.id !== user.id) throw notFound();
      const input = parse(ProfileUpdateRequest, profileFields(body), { allowExtra: PROFILE_SERVER_OWNED });
      return success({ message: MESSAGES.profile.updated, data: await updateProfile(app, actorOf({ user, request }), user, input) });
    },
  });

  route(app, {
    method: 'PUT',
    url: USER_PATHS.password(':id'),
    preHandler: app.limiter.guard('passwordChange', (request) => String(request.auth?.user.id ?? '')),
    params: { id: parseId },
    body: PasswordChangeRequest,
    handler: async ({ params, body, auth, request }) => {
      if (params.id !== auth.user.id) throw notFound();
      await changePassword(app, actorOf({ user: auth.user, request }), auth, body);
      return success({ message: MESSAGES.profile.passwordUpdated });
    },
  });
}
