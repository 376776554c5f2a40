/**
 * Sign-in sessions. A token names its session (`sid`); revoking the row ends the token at once,
 * which is how a password change ends the other sessions and a sign-out ends this one.
 */
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Database, UserRow } from '../../db/schema';

export async function createSession(
  db: Kysely<Database>,
  session: { id: string; userId: number; createdAt: string; expiresAt: string; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      revoked_at: null,
      ip: session.ip,
      user_agent: session.userAgent,
      last_seen_at: session.createdAt,
    })
    .execute();
}

/** The session's user, its role's name and when the role last changed (for the access stamp). */
export type SessionUser = Omit<UserRow, 'password_hash'> & {
  role_name: string | null;
  role_updated_at: string | null;
  /** When the session was last seen (see `touchSession`). */
  session_seen_at: string | null;
};

/** Built once: it runs on every signed-in request. */
const sessionUser = prepared<{ sessionId: string; userId: number; nowIso: string }, SessionUser>((db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    // The role's name comes along, so the profile needs no second query.
    .leftJoin('roles', (join) => join.onRef('roles.id', '=', 'users.role_id').onRef('roles.company_id', '=', 'users.company_id'))
    .select([
      'roles.name as role_name',
      // Read here so the access stamp costs no query of its own (stamp.ts).
      'roles.updated_at as role_updated_at',
      // Read here so keeping "last seen" costs a write only once a minute (touchSession).
      'sessions.last_seen_at as session_seen_at',
      'users.id',
      'users.company_id',
      'users.role_id',
      'users.user_type',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.phone',
      'users.address',
      'users.city',
      'users.state',
      'users.postal_code',
      'users.country',
      'users.avatar',
      'users.status',
      'users.email_verified_at',
      'users.password_changed_at',
      'users.created_at',
      'users.updated_at',
    ])
    .where('sessions.id', '=', p.sessionId)
    .where('sessions.user_id', '=', p.userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', p.nowIso),
);

/** How often a session's `last_seen_at` moves forward while it is used: a write a minute, not one per request. */
export const LAST_SEEN_STEP_MS = 60_000;

/**
 * The user of a live session (not revoked, not expired), or undefined; notes the session as seen
 * now. Read through `db.reader` when there is one (a SQLite read connection): then the note goes
 * to the writer without being waited for, so a request never waits behind a long write
 * transaction for a last-seen stamp.
 */
export async function findSessionUser(
  db: Kysely<Database> | { reader: Kysely<Database>; writer: Kysely<Database>; onError(error: unknown): void },
  sessionId: string,
  userId: number,
  nowIso: string,
): Promise<SessionUser | undefined> {
  const [reader, writer] = 'reader' in db ? [db.reader, db.writer] : [db, db];
  const user = await sessionUser.first(reader, { sessionId, userId, nowIso });
  if (user && seenLongAgo(user.session_seen_at, nowIso)) {
    if (reader === writer) await touchSession(writer, sessionId, nowIso);
    else void touchSession(writer, sessionId, nowIso).catch((db as { onError(error: unknown): void }).onError);
  }
  return user;
}

function seenLongAgo(seenAt: string | null, nowIso: string): boolean {
  return !seenAt || Date.parse(nowIso) - Date.parse(seenAt) >= LAST_SEEN_STEP_MS;
}

/** Notes a session as seen at `nowIso` (never backwards). */
export async function touchSession(db: Kysely<Database>, sessionId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: nowIso })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', nowIso)]))
    .execute();
}

/** Ends every session of a user except `keep` (pass null to end all). */
export async function revokeSessions(db: Kysely<Database>, userId: number, keep: string | null, nowIso: string): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: nowIso }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '<>', keep);
  await query.execute();
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, nowIso: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowIso }).where('id', '=', sessionId).execute();
}

/** Drops a user's expired or revoked sessions (housekeeping at sign-in). */
export async function pruneSessions(db: Kysely<Database>, userId: number, nowIso: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('revoked_at', 'is not', null)]))
    .execute();
}
