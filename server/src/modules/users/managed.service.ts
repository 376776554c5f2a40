/**
 * User admin of a company, beyond one query: who a manager may manage and which roles they may
 * hand out, inviting (the user, then the invitation mail), updating (a password set by an admin
 * ends the user's sessions, a new e-mail is told to the old address), deleting and re-inviting.
 * Nobody edits their own row here: Account Settings asks for the current password. Everything
 * stays inside the manager's company: another company's user is 404. An agent holding agent-*
 * permissions manages agents only, never admins or itself, and hands out only roles whose
 * permissions it holds. Each change writes its event (`user.invited`, `user.updated` with the
 * fields before → after, `user.disabled`, `user.deleted`; events.ts) in its own transaction.
 */
import { format, MESSAGES, type Permission, type UserCreateRequest, type UserUpdateRequest } from '@contract';
import { isUniqueViolation } from '../../db/dialect';
import type { UserRow } from '../../db/schema';
import { DAY, isoIn } from '../../lib/clock';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import type { Page } from '../../lib/paging';
import { hashPassword } from '../../lib/passwords';
import type { CostLimiter } from '../../plugins/cost-limits';
import type { AuthContext, Deps } from '../../types';
import { type Actor, changesBetween, withEvents } from '../events/record';
import { PASSWORD_CHANGED, userRecord } from './events';
import { type PendingNotice, recordEmailChange, sendEmailChangeNotice } from './email-change.service';
import { INVITE_TTL_MS } from './tokens.repository';
import { companyName } from '../companies/repository';
import { claimInvitationSend, createInvitation } from '../invitations/repository';
import { invitationMail } from '../mail/templates';
import { findCompanyRole, permissionNamesOfRole, roleName } from '../roles/repository';
import { revokeSessions } from '../sessions/repository';
import { toManagedUser } from './mapper';
import {
  countCompanyUsers,
  countOtherActiveAdmins,
  deleteUser,
  emailTaken,
  findCompanyUser,
  insertUser,
  listCompanyUsers,
  updateUser,
} from './repository';

/** The signed-in caller managing users, and its company. */
export interface Manager {
  auth: AuthContext;
  companyId: number;
  /** Who the activity log names. */
  actor: Actor;
}

const emailTakenError = () => invalid({ email: [MESSAGES.auth.emailTakenServer] }, MESSAGES.auth.emailTakenServer);
const denied = (permission: Permission) => new HttpError(403, format(MESSAGES.permission.denied, { permission }));

/** What inviting needs beyond Deps: the per-company invitation limit. */
export type InviteDeps = Deps & { costs: Pick<CostLimiter, 'settings'> };

/** Counts one invitation mail of the company, before anything is written; 429 with Retry-After once the window's are sent. */
async function countInvitationMail(deps: InviteDeps, companyId: number): Promise<void> {
  const wait = await claimInvitationSend(deps.db, companyId, deps.costs.settings.invitations, deps.clock());
  if (wait) throw new HttpError(429, MESSAGES.limits.tooManyInvitations, { headers: { 'retry-after': String(wait) } });
}

/** A page of the company's users with their role names, and how many there are. */
export async function listManagedUsers(deps: Deps, companyId: number, page: Page) {
  const [rows, total] = await Promise.all([listCompanyUsers(deps.db, companyId, page), countCompanyUsers(deps.db, companyId)]);
  return { users: rows.map(toManagedUser), total };
}

/** The user `id` of the manager's company that the manager may manage, else 404 (403 for an agent's reach). */
export async function manageable(deps: Deps, manager: Pick<Manager, 'auth' | 'companyId'>, id: number, permission: Permission): Promise<UserRow> {
  const target = await findCompanyUser(deps.db, manager.companyId, id);
  if (!target) throw notFound();
  const me = manager.auth.user;
  // An agent manages other agents only: not admins, and not itself (no self-promotion).
  if (me.user_type === 'agent' && (target.user_type !== 'agent' || target.id === me.id)) throw denied(permission);
  return target;
}

/** A role of the company named by id or name (422 otherwise); an agent may hand out only roles within its own permissions. */
async function assignableRole(deps: Deps, manager: Manager, roleRef: string, permission: Permission) {
  const role = await findCompanyRole(deps.db, manager.companyId, roleRef);
  if (!role) throw invalid({ role: [MESSAGES.validation.roleRequired] });
  if (manager.auth.user.user_type === 'agent') {
    const mine = await manager.auth.permissions();
    const granted = await permissionNamesOfRole(deps.db, role.id);
    if (granted.some((p) => !mine.has(p))) throw denied(permission);
  }
  return role;
}

/** A new invitation of `user` (the older ones end), on `db` (the caller's transaction); its token. */
function newInvitation(deps: Deps, db: Deps['db'], manager: Manager, user: UserRow): Promise<string> {
  return createInvitation(
    db,
    { companyId: manager.companyId, userId: user.id, email: user.email, roleId: user.role_id, invitedBy: manager.auth.user.id },
    deps.clock().toISOString(),
    isoIn(deps.clock, INVITE_TTL_MS),
  );
}

/** The invitation's mail, once its rows are written (on SQLite a query outside a transaction would wait for it). */
async function mailInvitation(deps: Deps, manager: Manager, user: UserRow, token: string): Promise<void> {
  const company = await companyName(deps.db, manager.companyId);
  await deps.mailer.send(
    invitationMail(deps.config.publicUrl, user.email, user.first_name, company ?? 'Your company', token, INVITE_TTL_MS / DAY),
  );
}

/** Adds an agent of the manager's company, invited (active once the mailed link is followed). */
export async function inviteUser(deps: InviteDeps, manager: Manager, input: UserCreateRequest, permission: Permission) {
  const role = await assignableRole(deps, manager, input.role, permission);
  if (await emailTaken(deps.db, input.email)) throw emailTakenError();
  await countInvitationMail(deps, manager.companyId);
  const passwordHash = await hashPassword(input.password);
  const stamp = deps.clock().toISOString();
  let invited: { user: UserRow; token: string };
  try {
    invited = await withEvents(deps, manager.actor, async (tx, log) => {
      const id = await insertUser(tx.db, {
        company_id: manager.companyId,
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
      const user = await findCompanyUser(tx.db, manager.companyId, id);
      if (!user) throw notFound();
      const token = await newInvitation(deps, tx.db, manager, user);
      await log({ action: 'user.invited', record: userRecord(user), data: { email: user.email, role: role.name } });
      return { user, token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  const { user, token } = invited;
  await mailInvitation(deps, manager, user, token);
  return toManagedUser({ ...user, role_name: role.name, last_invited_at: user.created_at });
}

/** A managed update as the server takes it: an admin's role may be left out (admins' roles grant nothing, docs/product/roles.md). */
export type ManagedUpdate = Omit<UserUpdateRequest, 'role'> & { role: string | null };


/**
 * The self and last-admin rules: nobody deletes or disables themselves (422), and a company
 * keeps at least one active admin (422) — the admin pages would otherwise be out of reach.
 */
async function ensureRemovable(deps: Deps, manager: Manager, target: UserRow, action: 'delete' | 'disable'): Promise<void> {
  if (target.id === manager.auth.user.id) {
    throw new HttpError(422, action === 'delete' ? MESSAGES.users.cannotDeleteSelf : MESSAGES.users.cannotDisableSelf);
  }
  if (target.user_type === 'admin' && target.status === 'active' && (await countOtherActiveAdmins(deps.db, manager.companyId, target.id)) === 0) {
    throw new HttpError(422, MESSAGES.users.lastAdmin);
  }
}

/**
 * Saves User Management's edit of `target` (from `manageable`): first name, e-mail, role, and a
 * password when given. A new password ends the person's sessions; a new role takes effect on
 * their next request (the session re-reads it).
 */
export async function updateManagedUser(deps: Deps, manager: Manager, target: UserRow, input: ManagedUpdate, permission: Permission) {
  // One's own e-mail and password change in Account Settings, which asks for the current password.
  if (target.id === manager.auth.user.id) throw new HttpError(422, MESSAGES.users.cannotEditSelf);
  const role = input.role ? await assignableRole(deps, manager, input.role, permission) : null;
  if (!role && target.user_type === 'agent') throw invalid({ role: [MESSAGES.validation.roleRequired] });
  if (input.email !== target.email && (await emailTaken(deps.db, input.email, target.id))) throw emailTakenError();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const stamp = deps.clock().toISOString();
  // A person who uses the account is told at the old address, and can take it back from there.
  const emailChanged = input.email.toLowerCase() !== target.email.toLowerCase() && target.status !== 'invited';
  // Read before the transaction: on SQLite a query outside it would wait for it.
  const roleBefore = await roleName(deps.db, manager.companyId, target.role_id);
  let notice: PendingNotice | null = null;
  try {
    await withEvents(deps, manager.actor, async ({ db: trx }, log) => {
      await updateUser(trx, target.id, {
        first_name: input.first_name,
        email: input.email,
        // Admins keep their type; the role matters for agents (docs/product/roles.md).
        ...(role ? { role_id: role.id } : {}),
        ...(passwordHash ? { password_hash: passwordHash, password_changed_at: stamp } : {}),
        updated_at: stamp,
      });
      // A password set by an admin ends the user's sessions (a manager setting its own keeps this one).
      if (passwordHash) await revokeSessions(trx, target.id, null, stamp);
      if (emailChanged) {
        notice = await recordEmailChange(deps, trx, { userId: target.id, oldEmail: target.email, newEmail: input.email, firstName: target.first_name });
      }
      const before = { first_name: target.first_name, email: target.email, role: roleBefore };
      const changes = changesBetween(before, { first_name: input.first_name, email: input.email, role: role?.name ?? roleBefore }, ['first_name', 'email', 'role']);
      if (Object.keys(changes).length > 0 || passwordHash) {
        await log({ action: 'user.updated', record: userRecord({ ...target, first_name: input.first_name }), changes, data: passwordHash ? PASSWORD_CHANGED : null });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  if (notice) await sendEmailChangeNotice(deps, notice);
}

/**
 * Disables a person (their sessions end: the next request answers 401) or enables a disabled one
 * again: active, or invited if they never set a password. Disabling follows the self and
 * last-admin rules; asking for the status a person already has changes nothing.
 */
export async function setManagedUserStatus(deps: Deps, manager: Manager, target: UserRow, asked: 'active' | 'disabled'): Promise<void> {
  if (asked === 'disabled') {
    if (target.status === 'disabled') return;
    await ensureRemovable(deps, manager, target, 'disable');
    await withEvents(deps, manager.actor, async ({ db: trx }, log) => {
      const stamp = deps.clock().toISOString();
      await updateUser(trx, target.id, { status: 'disabled', updated_at: stamp });
      await revokeSessions(trx, target.id, null, stamp);
      await log({ action: 'user.disabled', record: userRecord(target), changes: { status: [target.status, 'disabled'] } });
    });
    return;
  }
  if (target.status !== 'disabled') return;
  const status = target.email_verified_at ? 'active' : 'invited';
  await withEvents(deps, manager.actor, async ({ db }, log) => {
    await updateUser(db, target.id, { status, updated_at: deps.clock().toISOString() });
    await log({ action: 'user.updated', record: userRecord(target), changes: { status: [target.status, status] } });
  });
}

/** Deletes a user the manager may manage, under the self and last-admin rules. */
export async function removeUser(deps: Deps, manager: Manager, id: number, permission: Permission): Promise<void> {
  const target = await manageable(deps, manager, id, permission);
  await ensureRemovable(deps, manager, target, 'delete');
  await withEvents(deps, manager.actor, async ({ db }, log) => {
    await deleteUser(db, target.id);
    await log({ action: 'user.deleted', record: userRecord(target), data: { email: target.email, user_type: target.user_type, status: target.status } });
  });
}

/** Mails a new invitation to a user who has not accepted one yet (422 for anyone else). */
export async function resendInvitation(deps: InviteDeps, manager: Manager, id: number, permission: Permission): Promise<void> {
  const target = await manageable(deps, manager, id, permission);
  if (target.status !== 'invited') throw new HttpError(422, MESSAGES.users.inviteFailed);
  await countInvitationMail(deps, manager.companyId);
  const token = await withEvents(deps, manager.actor, async ({ db }, log) => {
    const token = await newInvitation(deps, db, manager, target);
    await log({ action: 'user.invited', record: userRecord(target), data: { email: target.email, resent: true } });
    return token;
  });
  await mailInvitation(deps, manager, target, token);
}
