/**
 * The access stamp: a short opaque text, sent as `X-Access-Stamp` on every signed-in /api answer,
 * that changes whenever the caller's effective permissions may have changed: another user type,
 * another role, or the same role saved again (roles' `updated_at` moves forward on every save,
 * roles/service.ts). A client that sees a new stamp re-reads GET /users/profile. Built from the
 * session lookup's own row: no query of its own.
 */
import { createHash } from 'node:crypto';
import type { SessionUser } from './repository';

export const ACCESS_STAMP_HEADER = 'X-Access-Stamp';

export function accessStamp(user: Pick<SessionUser, 'user_type' | 'role_id' | 'role_updated_at' | 'company_id'>): string {
  const source = `${user.user_type}|${user.company_id ?? ''}|${user.role_id ?? ''}|${user.role_updated_at ?? ''}`;
  return createHash('sha256').update(source).digest('base64url').slice(0, 12);
}
