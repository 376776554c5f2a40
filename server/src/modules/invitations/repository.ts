/**
 * Invitations of managed users. The mailed link carries a single-use, expiring token (stored
 * hashed); following it, the invited person sets a password and becomes active (POST
 * /auth/accept-invitation). Links mailed before that call existed went to POST /verify-email,
 * which still accepts them. A new invitation ends the user's older ones.
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
  // A new invitation replaces the user's open ones: every older link stops working.
  await expireInvitations(db, invitation.userId, nowIso);
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

/** Ends every open invitation of a user (one was just accepted, or the user changed). */
export async function expireInvitations(db: Kysely<Database>, userId: number, nowIso: string): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ expires_at: nowIso })
    .where('user_id', '=', userId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .execute();
}
