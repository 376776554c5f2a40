/** The caller's own sessions, for the Security tab (beside modules/sessions, which checks them per request). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import './tables';

export interface LiveSessionRow {
  id: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
}

/** A user's sessions that still work (not revoked, not expired), most recently seen first. */
export async function listLiveSessions(db: Kysely<Database>, userId: number, nowIso: string): Promise<LiveSessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Ends every live session of a user but `keep`; answers how many ended. */
export async function endOtherSessions(db: Kysely<Database>, userId: number, keep: string, nowIso: string): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso })
    .where('user_id', '=', userId)
    .where('id', '<>', keep)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
