/**
 * `can()`: the single permission rule of docs/product/roles.md, as a pure function.
 *
 * Agents are limited to their permission list; every other user type has full access. The UI
 * hides what `can` denies; the server enforces the same rule, so this is never the protection.
 */
import { format, MESSAGES, USER_TYPES } from '../contract';

const [SUPER_ADMIN, COMPANY_ADMIN, AGENT] = USER_TYPES;

/** The answer of `can`: allowed, or denied with the message to show (docs/product/roles.md). */
export type CanResult = { allowed: true } | { allowed: false; message: string };

type ReadUser =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'ok'; user: Record<string, unknown> };

/**
 * Accepts the user as an object or as the JSON text it is stored as, because the product's checks
 * are phrased against the stored entry: missing, malformed, or an object.
 */
function readUser(user: unknown): ReadUser {
  if (user === null || user === undefined || user === '') return { kind: 'missing' };
  let value: unknown = user;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { kind: 'invalid' };
    }
    if (value === null) return { kind: 'missing' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'invalid' };
  return { kind: 'ok', user: value as Record<string, unknown> };
}

/** Permission names of a user; tolerates `[{ name }]` objects and JSON or comma text. */
function permissionNames(value: unknown): string[] {
  if (typeof value === 'string') {
    try {
      return permissionNames(JSON.parse(value));
    } catch {
      return value.split(',').map((p) => p.trim());
    }
  }
  if (!Array.isArray(value)) return [];
  return value.map((p: unknown) =>
    typeof p === 'object' && p !== null && 'name' in p ? String((p as { name: unknown }).name) : String(p),
  );
}

const userType = (user: unknown): string | null => {
  const read = readUser(user);
  if (read.kind !== 'ok') return null;
  const type = read.user.user_type;
  return typeof type === 'string' && type ? type : null;
};

/**
 * May `user` do `permission`? docs/product/roles.md ("When a check fails"), branch by branch: no
 * user → "User data not found."; not an object (or unparsable JSON text) → "Invalid user data
 * format."; no `user_type` → "User type is missing."; an agent without the permission → "You don't
 * have permission for this action: {permission}"; any other user type → allowed.
 *
 * @example
 * const result = can(session.user, PERMISSIONS.leadCreate);
 * if (!result.allowed) toast.error(result.message);
 */
export function can(user: unknown, permission: string): CanResult {
  const read = readUser(user);
  if (read.kind === 'missing') return { allowed: false, message: MESSAGES.permission.userDataNotFound };
  if (read.kind === 'invalid') return { allowed: false, message: MESSAGES.permission.invalidUserData };
  const type = userType(read.user);
  if (!type) return { allowed: false, message: MESSAGES.permission.userTypeMissing };
  if (type !== AGENT) return { allowed: true };
  return permissionNames(read.user.permissions).includes(permission)
    ? { allowed: true }
    : { allowed: false, message: format(MESSAGES.permission.denied, { permission }) };
}

/**
 * `can` for a session, which knows one thing a bare user cannot: that the stored user entry
 * existed but was unreadable ("Invalid user data format." rather than "User data not found.").
 *
 * @example
 * canSession(runtime.session.getState(), PERMISSIONS.agentDelete)
 */
export function canSession(
  state: { user: unknown; userInvalid?: boolean },
  permission: string,
): CanResult {
  if (state.user == null && state.userInvalid) {
    return { allowed: false, message: MESSAGES.permission.invalidUserData };
  }
  return can(state.user, permission);
}

/**
 * Is this the super admin, who manages companies (docs/product/roles.md: the Company sidebar group)?
 *
 * @example
 * if (isSuperAdmin(user)) showCompanyGroup();
 */
export const isSuperAdmin = (user: unknown): boolean => userType(user) === SUPER_ADMIN;

/**
 * Is this a company admin, whom the Add Company and All Companies routes send to /dashboard?
 *
 * @example
 * if (isCompanyAdmin(user)) navigate('/dashboard');
 */
export const isCompanyAdmin = (user: unknown): boolean => userType(user) === COMPANY_ADMIN;

/**
 * Is this an agent, limited to its permission list?
 *
 * @example
 * isAgent({ user_type: 'agent', permissions: [] }) // true
 */
export const isAgent = (user: unknown): boolean => userType(user) === AGENT;
