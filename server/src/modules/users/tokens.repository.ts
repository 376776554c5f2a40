/**
 * Single-use, expiring tokens for e-mail verification and password reset. Only the SHA-256 of a
 * token is stored; consuming is one atomic UPDATE, so a token works once even under a race.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DAY, HOUR } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/tokens';

export const VERIFY_TTL_MS = 2 * DAY;
export const RESET_TTL_MS = 1 * HOUR;
export const INVITE_TTL_MS = 7 * DAY;

export type TokenTable = 'email_verification_tokens' | 'password_reset_tokens';

/** Creates a token; returns the raw value (for the mailed link only). */
export async function createUserToken(
  db: Kysely<Database>,
  table: TokenTable,
  userId: number,
  nowIso: string,
  expiresIso: string,
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto(table)
    .values({ user_id: userId, token_hash: sha256(token), expires_at: expiresIso, used_at: null, created_at: nowIso })
    .execute();
  return token;
}

/** Uses up a live token; returns its user id, or null when unknown, used or expired. */
export async function consumeUserToken(db: Kysely<Database>, table: TokenTable, token: string, nowIso: string): Promise<number | null> {
  const row = await db
    .updateTable(table)
    .set({ used_at: nowIso })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Ends a user's other outstanding tokens of a kind (a reset link used ends the older ones). */
export async function expireUserTokens(db: Kysely<Database>, table: TokenTable, userId: number, nowIso: string): Promise<void> {
  await db.updateTable(table).set({ used_at: nowIso }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
