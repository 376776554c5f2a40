/**
 * Undo links of e-mail changes: only the SHA-256 of a token is stored; using one is one atomic
 * UPDATE, so a link works once even under a race.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/tokens';

export interface EmailChange {
  userId: number;
  oldEmail: string;
  newEmail: string;
}

/** Records a change and returns the raw token for the mail to the old address. */
export async function createUndoToken(db: Kysely<Database>, change: EmailChange, nowIso: string, expiresIso: string): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('email_change_undo_tokens')
    .values({
      user_id: change.userId,
      token_hash: sha256(token),
      old_email: change.oldEmail,
      new_email: change.newEmail,
      expires_at: expiresIso,
      used_at: null,
      created_at: nowIso,
    })
    .execute();
  return token;
}

/** Uses up a live undo token: the change it undoes, or null when unknown, used or expired. */
export async function consumeUndoToken(db: Kysely<Database>, token: string, nowIso: string): Promise<EmailChange | null> {
  const row = await db
    .updateTable('email_change_undo_tokens')
    .set({ used_at: nowIso })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning(['user_id', 'old_email', 'new_email'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, oldEmail: row.old_email, newEmail: row.new_email } : null;
}

/**
 * Ends the user's other undo links: after an undo, links of later changes would move the account
 * back to an address the owner just took it away from.
 */
export async function expireUndoTokens(db: Kysely<Database>, userId: number, nowIso: string): Promise<void> {
  await db.updateTable('email_change_undo_tokens').set({ used_at: nowIso }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
