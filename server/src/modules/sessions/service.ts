/** Session calls the routes make beyond the auth plugin's check: signing out, and a session's person. */
import type { Deps } from '../../types';
import { findSessionUser, revokeSession } from './repository';

/** Ends a session (sign-out): its token answers 401 from the next request. */
export const closeSession = (deps: Pick<Deps, 'db' | 'clock'>, sessionId: string): Promise<void> =>
  revokeSession(deps.db, sessionId, deps.clock().toISOString());

/** The person of a live session (undefined when it ended, expired or is not theirs), read as the auth plugin reads it. */
export const liveSessionUser = (
  db: Parameters<typeof findSessionUser>[0],
  claims: { sessionId: string; userId: number },
  nowIso: string,
): ReturnType<typeof findSessionUser> => findSessionUser(db, claims.sessionId, claims.userId, nowIso);
