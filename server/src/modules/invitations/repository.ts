/**
 * Invitations of managed users. The mailed link carries a single-use, expiring token (stored
 * hashed); following it verifies the address and activates the user (POST /verify-email).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/tokens';

export async function createInvitation(
  db: Kysely<Database>,
  invitation: { companyId: number; userId: number; email: string; roleId: number | null; invitedBy: number | null },
  nowIso: string,
  expiresIso: string,
): Promise<string> {
  const token = randomToken();
  // A new invitation replaces the user's open ones.
  await db
    .updateTable('invitations')
    .set({ expires_at: nowIso })
    .where('user_id', '=', invitation.userId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .execute();
  await db
    .insertInto('invitations')
    .values({
      company_id: invitation.companyId,
      user_id: invitation.userId,
      email: invitation.email,
      role_id: invitation.roleId,
      token_hash: sha256(token),
      invited_by: invitation.invitedBy,
      expires_at: expiresIso,
      accepted_at: null,
      created_at: nowIso,
    })
    .execute();
  return token;
}

/** Accepts a live invitation; returns its user id, or null when unknown, used or expired. */
export async function consumeInvitation(db: Kysely<Database>, token: string, nowIso: string): Promise<number | null> {
  const row = await db
    .updateTable('invitations')
    .set({ accepted_at: nowIso })
    .where('token_hash', '=', sha256(token))
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
