/**
 * A person's new session, once they proved who they are: by password (auth's sign-in) or by
 * password and a second factor (two-factor's second step). Both sign-in steps open it here.
 */
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { isoIn } from '../../lib/clock';
import { randomId } from '../../lib/tokens';
import type { Deps } from '../../types';
import { permissionsOfUser, roleName } from '../roles/repository';
import { createSession, pruneSessions } from '../sessions/repository';
import { toSessionUser, withoutSecret } from './mapper';
import { type Actor, withEvents } from '../events/record';

/** Where a sign-in comes from, kept with its session. */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
  /** The sign-in request's id, for the activity log. */
  requestId?: string;
}

/** The person signing in as the activity log names them. */
const signInActor = (user: UserRow, client: SignInClient): Actor => ({
  companyId: user.company_id,
  userId: user.id,
  name: [user.first_name, user.last_name].filter(Boolean).join(' '),
  requestId: client.requestId ?? null,
});

/** A new session for a person who proved who they are: the sign-in answer's `data`. */
export async function openSession(deps: Deps & Pick<FastifyInstance, 'tokens'>, user: UserRow, client: SignInClient) {
  const now = () => deps.clock().toISOString();
  const sessionId = randomId();
  await withEvents(deps, signInActor(user, client), async (tx, log) => {
    await pruneSessions(tx.db, user.id, now());
    await createSession(tx.db, {
      id: sessionId,
      userId: user.id,
      createdAt: now(),
      expiresAt: isoIn(deps.clock, deps.tokens.ttlMs),
      ip: client.ip,
      userAgent: client.userAgent,
    });
    await log({ action: 'session.signed_in', record: { type: 'session', id: user.id, label: user.email }, data: { ip: client.ip, user_agent: client.userAgent } });
  });
  const token = await deps.tokens.sign({ userId: user.id, sessionId });
  const publicUser = withoutSecret(user);
  const [permissions, role] = await Promise.all([permissionsOfUser(deps.db, publicUser), roleName(deps.db, user.company_id, user.role_id)]);
  return { token, company_id: user.company_id, user: toSessionUser(publicUser, permissions, role) };
}
