/** The Security tab's session list and "Sign out everywhere else". */
import type { AccountSession } from '@contract';
import type { AuthContext, Deps } from '../../types';
import { deviceSummary } from './device';
import { endOtherSessions, listLiveSessions } from './sessions.repository';

const seenAt = (session: AccountSession): number => Date.parse(session.last_seen_at);

/** The caller's live sessions: this one first, then the others most recently seen first. */
export async function listSessions(deps: Deps, auth: Pick<AuthContext, 'user' | 'sessionId'>): Promise<AccountSession[]> {
  const rows = await listLiveSessions(deps.db, auth.user.id, deps.clock().toISOString());
  const sessions = rows.map((row) => ({
    id: row.id,
    device: deviceSummary(row.user_agent),
    user_agent: row.user_agent,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at ?? row.created_at,
    expires_at: row.expires_at,
    current: row.id === auth.sessionId,
  }));
  return sessions.sort((a, b) => Number(b.current) - Number(a.current) || seenAt(b) - seenAt(a));
}

/** Ends the caller's other sessions (their tokens answer 401 from the next request); this one stays. */
export async function signOutOthers(deps: Deps, auth: Pick<AuthContext, 'user' | 'sessionId'>): Promise<number> {
  return endOtherSessions(deps.db, auth.user.id, auth.sessionId, deps.clock().toISOString());
}
