/**
 * Roles of a company, beyond one query: saving (create or update, the payload of
 * docs/product/data.md), with the -read rule of docs/product/rules.md enforced here too, names
 * unique per company, and an editor granting or removing only permissions it holds itself;
 * deleting, refused while people still hold the role (they would silently lose every permission).
 * Everything stays inside the caller's company: another company's role is 404. Each change writes
 * its event (`role.created`, `role.updated` with name and permissions before → after,
 * `role.deleted`) in its own transaction.
 *
 * A saved role's `updated_at` always moves forward (at least 1 ms past the previous value), so the
 * access stamp of everyone holding it changes even for two saves within one clock tick.
 */
import {
  ALL_PERMISSIONS,
  chosenPermissions,
  format,
  MESSAGES,
  type Permission,
  PERMISSIONS,
  permissionAction,
  permissionResource,
  type RoleSaveRequest,
  slugify,
} from '@contract';
import { isUniqueViolation } from '../../db/dialect';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import type { AuthContext, Deps } from '../../types';
import { type Actor, changesBetween, eventWriter, type RecordRef, withEvents } from '../events/record';
import {
  countRoleHolders,
  createRole,
  deleteRole,
  findRoleOfCompany,
  listCompanyRoles,
  listPermissions,
  permissionNamesOfRole,
  roleNameTaken,
  updateRole,
} from './repository';

/** The signed-in caller working on roles, and its company. */
export interface RoleEditor {
  auth: AuthContext;
  companyId: number;
  /** Who the activity log names. */
  actor: Actor;
}

/** A role as the log names it. */
const roleRecord = (role: { id: number; name: string }): RecordRef => ({ type: 'role', id: role.id, label: role.name });
/** Permission names in the one order every list of them uses. */
const inOrder = (names: readonly string[]): string[] => ALL_PERMISSIONS.filter((p) => names.includes(p));

const KNOWN = new Set<string>(ALL_PERMISSIONS);
const nameTaken = () => invalid({ name: [MESSAGES.roles.nameTaken] }, MESSAGES.roles.nameTaken);

/** docs/product/rules.md: a chosen create, edit or delete permission brings its resource's -read permission. */
export function withReadRule(chosen: readonly string[]): Permission[] {
  const out = new Set(chosen);
  for (const name of chosen) {
    const read = `${permissionResource(name)}-read`;
    if (permissionAction(name) !== 'read' && KNOWN.has(read)) out.add(read);
  }
  return ALL_PERMISSIONS.filter((p) => out.has(p));
}

/** The chosen permission names of a save payload; a name the server does not know is 422. */
function chosenOf(payload: RoleSaveRequest): Permission[] {
  const names = chosenPermissions(payload);
  const unknown = names.filter((n) => !KNOWN.has(n));
  if (unknown.length) throw invalid(Object.fromEntries(unknown.map((n) => [n, [MESSAGES.generic.unknownField]])));
  return withReadRule(names);
}

/** A timestamp after both now and `previous`: the access stamp must change on every save. */
function laterThan(now: Date, previous: string | null): string {
  const floor = previous ? new Date(previous).getTime() + 1 : 0;
  return new Date(Math.max(now.getTime(), floor)).toISOString();
}

export const listRoles = (deps: Deps, companyId: number) => listCompanyRoles(deps.db, companyId);

/** Every permission there is (the role editor's list). */
export const permissionList = (deps: Pick<Deps, 'db'>) => listPermissions(deps.db);

/** The permission a save needs: role-edit to change a role, role-create for a new one. */
export const savePermission = (payload: { id?: unknown; _id?: unknown }): Permission =>
  (payload.id ?? payload._id) != null ? PERMISSIONS.roleEdit : PERMISSIONS.roleCreate;

/**
 * The first permission a save would add to or remove from a role that its editor does not hold:
 * nobody hands out, or takes away, more than they have. What stays as it was is not a change, so
 * an editor may rename a role holding permissions it lacks. Admins hold every permission.
 */
export function changeBeyond(held: ReadonlySet<string>, before: readonly string[], after: readonly string[]): string | undefined {
  const was = new Set(before);
  const will = new Set(after);
  return ALL_PERMISSIONS.find((p) => was.has(p) !== will.has(p) && !held.has(p));
}

/** Creates or updates a role of the editor's company; returns whether it was created and its id. */
export async function saveRole(deps: Deps, editor: RoleEditor, payload: RoleSaveRequest): Promise<{ created: boolean; id: number }> {
  const permissions = chosenOf(payload);
  // Read before the transaction: on SQLite a query outside it would wait for it.
  const held = await editor.auth.permissions();
  const name = payload.name.trim();
  const slug = slugify(payload.slug?.trim() || name) || 'role';
  const id = payload.id ?? payload._id ?? null;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const log = eventWriter(deps, trx, editor.actor);
      const existing = id == null ? undefined : await findRoleOfCompany(trx, editor.companyId, parseId(id));
      if (id != null && !existing) throw notFound();
      const granted = existing ? inOrder(await permissionNamesOfRole(trx, existing.id)) : [];
      const beyond = changeBeyond(held, granted, permissions);
      if (beyond) throw new HttpError(403, format(MESSAGES.roles.notYours, { permission: beyond }));
      if (await roleNameTaken(trx, editor.companyId, name, slug, existing?.id ?? null)) throw nameTaken();
      const stamp = laterThan(deps.clock(), existing?.updated_at ?? null);
      if (!existing) {
        const created = await createRole(trx, editor.companyId, name, permissions, stamp, slug);
        await log({ action: 'role.created', record: roleRecord({ id: created, name }), data: { permissions } });
        return { created: true, id: created };
      }
      await updateRole(trx, existing.id, { name, slug, updatedAt: stamp }, permissions);
      const changes = changesBetween({ name: existing.name, permissions: granted }, { name, permissions }, ['name', 'permissions']);
      if (Object.keys(changes).length > 0) await log({ action: 'role.updated', record: roleRecord({ id: existing.id, name }), changes });
      return { created: false, id: existing.id };
    });
  } catch (error) {
    // Two saves racing for one name: the (company, slug) index decides.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes a role of the company; refused (422, saying how many) while anyone holds it. */
export async function removeRole(deps: Deps, actor: Actor, companyId: number, id: number): Promise<void> {
  await withEvents(deps, actor, async (tx, log) => {
    const role = await findRoleOfCompany(tx.db, companyId, id);
    if (!role) throw notFound();
    const holders = await countRoleHolders(tx.db, role.id);
    if (holders > 0) {
      const message = format(MESSAGES.roles.inUse, { count: holders, people: holders === 1 ? 'person' : 'people' });
      throw new HttpError(422, message);
    }
    const permissions = inOrder(await permissionNamesOfRole(tx.db, role.id));
    await deleteRole(tx.db, role.id);
    await log({ action: 'role.deleted', record: roleRecord(role), data: { permissions } });
  });
}
