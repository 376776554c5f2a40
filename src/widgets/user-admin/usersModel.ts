/**
 * User Management without React (docs/product/screens.md, data.md, rules.md): who a listed user is
 * (id or _id, name or firstName/lastName, role as a name or an id), what their status truly is, the
 * Add/Edit User form's values, its checks and the payloads it sends, and the query keys.
 */
import {
  UserCreateRequest,
  UserUpdateRequest,
  joinName,
  type Id,
  type ManagedUser,
  type Role,
  type UserCreateRequest as CreatePayload,
  type UserUpdateRequest as UpdatePayload,
} from '../../contract';
import type { DateFormat } from '../../contract/account';
import { formatDate } from '../../core/format';
import { formatDateAs } from '../../core/preferences';
import type { Validation } from '../../ui/formErrors';
import { validateWith } from '../../ui/schemaValidator';

/** Query keys: the users list, and the roles list that the role dropdown shares with the roles editor. */
export const userKeys = {
  all: ['users'] as const,
  page: (page: number) => ['users', 'list', page] as const,
  roles: ['roles', 'list'] as const,
};

/** Users per page of the list (the server's default is larger; a page stays readable on a phone). */
export const USERS_PAGE_SIZE = 20;

/** A listed user's id, whether it came as `id` or `_id` (docs/product/data.md). */
export const userId = (user: ManagedUser): Id | undefined => user.id ?? user._id;

/** A role's id, whether it came as `id` or `_id`. */
export const roleIdOf = (role: Role): Id | undefined => role.id ?? role._id;

/** The name to show: `name`, else first and last name joined, else the e-mail address. */
export function userName(user: ManagedUser): string {
  const first = user.firstName ?? (user as { first_name?: string | null }).first_name;
  const last = user.lastName ?? (user as { last_name?: string | null }).last_name;
  return user.name?.trim() || joinName(first ?? '', last ?? '').trim() || user.email?.trim() || '';
}

const isNumeric = (value: unknown): boolean => (typeof value === 'number' ? true : typeof value === 'string' && /^\d+$/.test(value.trim()));

/** The role that `user` holds among `roles`: by `role_id`, by `role` as an id, or by `role` as a name. */
export function roleOfUser(user: ManagedUser, roles: readonly Role[]): Role | undefined {
  const byId = (id: unknown) => roles.find((r) => String(roleIdOf(r)) === String(id));
  if (user.role_id != null) {
    const found = byId(user.role_id);
    if (found) return found;
  }
  if (user.role == null || user.role === '') return undefined;
  if (isNumeric(user.role)) return byId(user.role);
  const name = String(user.role).trim().toLowerCase();
  return roles.find((r) => r.name.trim().toLowerCase() === name || r.slug?.toLowerCase() === name);
}

/** What an admin without a role is shown as: admins have every permission (docs/product/roles.md). */
export const ADMIN_ROLE_LABEL = 'Admin (full access)';

/** The role's name to show: the listed name, else the known role's name, else an admin's full access, else nothing. */
export function roleLabel(user: ManagedUser, roles: readonly Role[]): string {
  if (typeof user.role === 'string' && user.role.trim() && !isNumeric(user.role)) return user.role.trim();
  const known = roleOfUser(user, roles)?.name;
  if (known) return known;
  const type = (user as { user_type?: unknown }).user_type;
  return type === 'admin' || type === 'super_admin' ? ADMIN_ROLE_LABEL : '';
}

/** What a user's status truly is. Unknown values are shown as they came rather than guessed. */
export type UserStatus =
  | { kind: 'invited'; label: string; invitedAt: string | null }
  | { kind: 'active'; label: string }
  | { kind: 'disabled'; label: string }
  | { kind: 'other'; label: string };

/** When the invitation went out, from the fields servers use for it. */
function invitedAtOf(user: ManagedUser): string | null {
  const raw = user as Record<string, unknown>;
  for (const key of ['invited_at', 'invitedAt', 'invitation_sent_at']) {
    const value = raw[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/**
 * The Status column: invited (with when the invitation went out, in the person's date format when
 * given), active or disabled.
 *
 * @example
 * userStatus({ status: 'invited', invited_at: '2026-11-20T10:00:00Z' }) // { kind: 'invited', label: 'Invited 20 Nov 2026', ... }
 */
export function userStatus(user: ManagedUser, dateFormat?: DateFormat): UserStatus {
  const status = (user.status ?? '').trim().toLowerCase();
  if (status === 'invited' || status === 'pending') {
    const invitedAt = invitedAtOf(user);
    const known = invitedAt !== null && !Number.isNaN(new Date(invitedAt).getTime());
    return { kind: 'invited', label: known ? `Invited ${dateFormat ? formatDateAs(invitedAt, dateFormat) : formatDate(invitedAt)}` : 'Invited', invitedAt: known ? invitedAt : null };
  }
  if (status === 'active' || status === 'verified') return { kind: 'active', label: 'Active' };
  if (status === 'disabled' || status === 'inactive' || status === 'suspended') return { kind: 'disabled', label: 'Disabled' };
  return { kind: 'other', label: user.status?.trim() || 'Unknown' };
}

/** The Add/Edit User form as its inputs hold it: text. `role` is the chosen role's id. */
export interface UserFormValues {
  first_name: string;
  email: string;
  password: string;
  role: string;
}

export const emptyUserForm = (): UserFormValues => ({ first_name: '', email: '', password: '', role: '' });

/** The edit form's values from a listed user; the password starts empty (sent only if filled). */
export function userToForm(user: ManagedUser, roles: readonly Role[]): UserFormValues {
  const role = roleOfUser(user, roles);
  const first = (user as { first_name?: string | null }).first_name ?? user.firstName ?? userName(user);
  return {
    first_name: first ?? '',
    email: user.email ?? '',
    password: '',
    role: role ? String(roleIdOf(role) ?? role.name) : '',
  };
}

/** What the form sends: POST /users when adding, PUT /users/{id} when editing. */
export type UserPayload = CreatePayload | UpdatePayload;

/**
 * Checks the form (docs/product/rules.md): "First name is required", a valid e-mail, "Role is
 * required", and "Password is required" only when adding. When editing the password is optional and
 * sent only if filled (an empty one is left out of the payload, never sent as '').
 *
 * @example
 * checkUserForm({ first_name: 'Asha', email: 'asha@x.test', password: '', role: '3' }, 'edit')
 * // { ok: true, data: { first_name: 'Asha', email: 'asha@x.test', role: '3' } }
 */
export function checkUserForm(values: UserFormValues, mode: 'add' | 'edit'): Validation<UserPayload> {
  if (mode === 'add') return validateWith(UserCreateRequest, values);
  const { password, ...rest } = values;
  return validateWith(UserUpdateRequest, password ? values : rest);
}
