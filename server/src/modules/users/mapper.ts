/** Users as the API answers them: the profile (docs/product/data.md) and the session user of the login answer. */
import { joinName } from '@contract';
import type { UserRow } from '../../db/schema';

type PublicUser = Omit<UserRow, 'password_hash'>;

/** An uploaded file's URL: stored paths are relative to the image prefix (docs/product/data.md, "Property"). */
const fileUrl = (stored: string | null, imagePrefix: string): string | null =>
  stored == null ? null : /^(https?:)?\/\//.test(stored) || stored.startsWith('/') ? stored : `${imagePrefix}${stored}`;

/** GET /api/v1/users/profile `data`. */
export function toProfile(user: PublicUser, role: string | null, imagePrefix: string) {
  return {
    id: user.id,
    name: joinName(user.first_name, user.last_name),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    city: user.city,
    state: user.state,
    postal_code: user.postal_code,
    country: user.country,
    user_type: user.user_type,
    avatar: fileUrl(user.avatar, imagePrefix),
    company_id: user.company_id,
    role,
    status: user.status,
  };
}

/** POST /api/v1/auth `data.user`. */
export function toSessionUser(user: PublicUser, permissions: readonly string[], role: string | null) {
  return {
    id: user.id,
    name: joinName(user.first_name, user.last_name),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    user_type: user.user_type,
    permissions: [...permissions],
    company_id: user.company_id,
    role,
  };
}

/** Drops the password hash before a row leaves the repository layer's callers. */
export function withoutSecret(user: UserRow): PublicUser {
  const { password_hash: _secret, ...rest } = user;
  return rest;
}

/**
 * A managed user as GET /api/v1/users lists it (docs/product/data.md: id or _id, name or
 * firstName/lastName).
 * `status` is the stored truth (invited, active, disabled); `invited_at`, set only while invited,
 * is when the newest invitation went out.
 */
export function toManagedUser(row: {
  id: number;
  first_name: string;
  last_name: string | null;
  email: string;
  user_type: string;
  status: string;
  role_id: number | null;
  role_name: string | null;
  created_at: string;
  last_invited_at?: string | null;
  two_factor?: number | boolean;
}) {
  return {
    id: row.id,
    name: joinName(row.first_name, row.last_name),
    first_name: row.first_name,
    last_name: row.last_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    user_type: row.user_type,
    role: row.role_name,
    role_id: row.role_id,
    status: row.status,
    invited_at: row.status === 'invited' ? (row.last_invited_at ?? row.created_at) : null,
    two_factor: Boolean(row.two_factor),
  };
}
