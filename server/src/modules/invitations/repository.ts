/**
 * Invitations of managed users. The mailed link carries a single-use, expiring token (stored
 * hashed); following it, the invited person sets a password and becomes active (POST
 * /auth/accept-invitation). Links mailed before that call existed went to POST /verify-email,
 * which still accepts them. A new invitation ends the user's older ones.
 */
import type { Generated, Kysely } from 'kysely';
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

/** The table of migration 2026_11_26_0004 that only this module reads. */
type SendTables = { invitation_sends: { id: Generated<number>; company_id: number; created_at: string } };

/**
 * Counts one invitation mail of a company against `limit` (per `windowMs`): 0 when it may be
 * sent, else the seconds until the oldest counted one leaves the window. The row goes in first
 * and the window is counted after, so parallel calls cannot all pass on one count: each sees
 * every row written before its count, so however they interleave at most `max` pass (a crowd
 * of them may all be refused, never the other way round). A refused call's row is removed.
 */
export async function claimInvitationSend(db: Kysely<Database>, companyId: number, limit: { max: number; windowMs: number }, now: Date): Promise<number> {
  const sends = db.withTables<SendTables>();
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  await sends.deleteFrom('invitation_sends').where('company_id', '=', companyId).where('created_at', '<=', since).execute();
  const { id } = await sends
    .insertInto('invitation_sends')
    .values({ company_id: companyId, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const window = await sends
    .selectFrom('invitation_sends')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('first')])
    .where('company_id', '=', companyId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(window.n) <= limit.max) return 0;
  await sends.deleteFrom('invitation_sends').where('id', '=', id).execute();
  return Math.max(1, Math.ceil((Date.parse(String(window.first)) + limit.windowMs - now.getTime()) / 1000));
}
