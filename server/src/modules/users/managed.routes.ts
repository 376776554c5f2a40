/**
 * User admin of a company (SPEC §2 "User management", §7): list, invite, update, delete, resend
 * invitation. Everything stays inside the caller's company; another company's user is 404. An
 * agent holding agent-* permissions manages agents only, never admins.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  format,
  MESSAGES,
  PageQuery,
  PERMISSIONS,
  type Permission,
  USER_PATHS,
  UserCreateRequest,
  UserUpdateRequest,
} from '../../../../src/contract';
import { success } from '../../lib/answers';
import { DAY, isoIn } from '../../lib/clock';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import { parse, SERVER_OWNED_FIELDS } from '../../lib/validate';
import { caller, ensureAccess } from '../../plugins/auth';
import type { AuthContext } from '../../types';
import { INVITE_TTL_MS } from '../auth/repository';
import { companyName } from '../companies/repository';
import { createInvitation } from '../invitations/repository';
import { invitationMail } from '../mail/templates';
import { findCompanyRole, permissionNamesOfRole } from '../roles/repository';
import { revokeSessions } from '../sessions/repository';
import type { UserRow } from '../../db/schema';
import { toManagedUser } from './mapper';
import {
  countCompanyUsers,
  deleteUser,
  emailTaken,
  findCompanyUser,
  insertUser,
  isUniqueViolation,
  listCompanyUsers,
  updateUser,
} from './repository';

const V = MESSAGES.validation;
const can = (permission: Permission) => ({ access: { kind: 'permission', permission } }) as const;
const emailTakenError = () => invalid({ email: [MESSAGES.auth.emailTakenServer] }, MESSAGES.auth.emailTakenServer);

const companyOf = (auth: AuthContext): number => {
  if (auth.user.company_id == null) throw new HttpError(403, MESSAGES.companies.companyIdNotFound);
  return auth.user.company_id;
};

/** The target user in the caller's company that the caller may manage, else 404/403. */
async function manageable(app: FastifyInstance, auth: AuthContext, id: number, permission: Permission): Promise<UserRow> {
  const target = await findCompanyUser(app.db, companyOf(auth), id);
  if (!target) throw notFound();
  // An agent manages other agents only: not admins, and not itself (no self-promotion).
  if (auth.user.user_type === 'agent' && (target.user_type !== 'agent' || target.id === auth.user.id)) {
    throw new HttpError(403, format(MESSAGES.permission.denied, { permission }));
  }
  return target;
}

/** An agent may hand out only roles whose permissions it holds itself. */
async function assignableRole(app: FastifyInstance, auth: AuthContext, roleRef: string, permission: Permission) {
  const role = await findCompanyRole(app.db, companyOf(auth), roleRef);
  if (!role) throw invalid({ role: [V.roleRequired] });
  if (auth.user.user_type === 'agent') {
    const mine = await auth.permissions();
    const granted = await permissionNamesOfRole(app.db, role.id);
    if (granted.some((p) => !mine.has(p))) throw new HttpError(403, format(MESSAGES.permission.denied, { permission }));
  }
  return role;
}

async function sendInvitation(app: FastifyInstance, auth: AuthContext, user: UserRow): Promise<void> {
  const stamp = app.clock().toISOString();
  const company = await companyName(app.db, companyOf(auth));
  const token = await createInvitation(
    app.db,
    { companyId: companyOf(auth), userId: user.id, email: user.email, roleId: user.role_id, invitedBy: auth.user.id },
    stamp,
    isoIn(app.clock, INVITE_TTL_MS),
  );
  await app.mailer.send(
    invitationMail(app.config.publicUrl, user.email, user.first_name, company ?? 'Your company', token, INVITE_TTL_MS / DAY),
  );
}

/** What GET /users lists beside the update's fields: taken and ignored on PUT (the role is `role`). */
const MANAGED_USER_SERVER_OWNED = [...SERVER_OWNED_FIELDS, 'name', 'last_name', 'firstName', 'lastName', 'user_type', 'role_id', 'status'];

/** PUT /users/{id} with `role`: first_name, email, optional password, role (agent-edit). */
export async function updateManagedUser(app: FastifyInstance, request: FastifyRequest, id: number, body: unknown) {
  const auth = await ensureAccess(request, { kind: 'permission', permission: PERMISSIONS.agentEdit });
  const target = await manageable(app, auth, id, PERMISSIONS.agentEdit);
  const input = parse(UserUpdateRequest, body, { allowExtra: MANAGED_USER_SERVER_OWNED });
  const role = await assignableRole(app, auth, input.role, PERMISSIONS.agentEdit);
  if (input.email !== target.email && (await emailTaken(app.db, input.email, target.id))) throw emailTakenError();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const stamp = app.clock().toISOString();
  try {
    await app.db.transaction().execute(async (trx) => {
      await updateUser(trx, target.id, {
        first_name: input.first_name,
        email: input.email,
        // Admins keep their type; the role matters for agents (SPEC §6).
        role_id: role.id,
        ...(passwordHash ? { password_hash: passwordHash, password_changed_at: stamp } : {}),
        updated_at: stamp,
      });
      // A password set by an admin ends the user's sessions.
      if (passwordHash) await revokeSessions(trx, target.id, target.id === auth.user.id ? auth.sessionId : null, stamp);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  return success({ message: MESSAGES.users.updated });
}

export default async function managedUserRoutes(app: FastifyInstance): Promise<void> {
  app.get(USER_PATHS.list, { config: can(PERMISSIONS.agentRead) }, async (request) => {
    const auth = caller(request);
    const page = pageOf(parse(PageQuery, request.query ?? {}), 100);
    const companyId = companyOf(auth);
    const [rows, total] = await Promise.all([listCompanyUsers(app.db, companyId, page), countCompanyUsers(app.db, companyId)]);
    return success({ data: { users: rows.map(toManagedUser), total } });
  });

  app.post(USER_PATHS.list, { config: can(PERMISSIONS.agentCreate) }, async (request, reply) => {
    const auth = caller(request);
    const companyId = companyOf(auth);
    const input = parse(UserCreateRequest, request.body);
    const role = await assignableRole(app, auth, input.role, PERMISSIONS.agentCreate);
    if (await emailTaken(app.db, input.email)) throw emailTakenError();
    const passwordHash = await hashPassword(input.password);
    const stamp = app.clock().toISOString();
    let id: number;
    try {
      id = await insertUser(app.db, {
        company_id: companyId,
        role_id: role.id,
        user_type: 'agent',
        first_name: input.first_name,
        last_name: null,
        email: input.email,
        status: 'invited',
        email_verified_at: null,
        password_hash: passwordHash,
        password_changed_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTakenError();
      throw error;
    }
    const user = await findCompanyUser(app.db, companyId, id);
    if (!user) throw notFound();
    await sendInvitation(app, auth, user);
    reply.code(201);
    return success({
      message: MESSAGES.users.added,
      data: { user: toManagedUser({ ...user, role_name: role.name }) },
    });
  });

  app.delete(USER_PATHS.one(':id'), { config: can(PERMISSIONS.agentDelete) }, async (request) => {
    const auth = caller(request);
    const id = parseId((request.params as { id: string }).id);
    const target = await manageable(app, auth, id, PERMISSIONS.agentDelete);
    // Deleting oneself would leave a company without the admin who is using it.
    if (target.id === auth.user.id) throw new HttpError(422, MESSAGES.users.deleteFailedDefault);
    await deleteUser(app.db, target.id);
    return success({ message: MESSAGES.users.deleted });
  });

  app.post(USER_PATHS.resendInvite(':id'), { config: can(PERMISSIONS.agentCreate) }, async (request) => {
    const auth = caller(request);
    const id = parseId((request.params as { id: string }).id);
    const target = await manageable(app, auth, id, PERMISSIONS.agentCreate);
    if (target.status !== 'invited') throw new HttpError(422, MESSAGES.users.inviteFailed);
    await sendInvitation(app, auth, target);
    return success({ message: MESSAGES.users.inviteResent });
  });
}
