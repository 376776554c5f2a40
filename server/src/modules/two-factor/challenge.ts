/**
 * The step between a correct password and a session: a person with two-factor on, or one their
 * company requires it of who has none yet, gets a short-lived challenge token instead of a
 * session. Only its SHA-256 is stored. A password reset changes nothing here, so a reset link
 * never skips the code.
 */
import type { TwoFactorChallenge } from '@contract';
import { isoIn, MINUTE } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/tokens';
import type { Deps } from '../../types';
import { requiredFor } from './policy';
import { createChallenge, findTwoFactor } from './repository';
import type { ChallengeKind } from './tables';

/** How long a challenge lives: a code is typed in a minute; a set-up needs an app installed. */
export const CHALLENGE_TTL_MS: Record<ChallengeKind, number> = { verify: 5 * MINUTE, enrol: 15 * MINUTE };

/** The challenge for this person's sign-in, or null when the password is enough. */
export async function signInChallenge(
  deps: Deps,
  user: { id: number; company_id: number | null; user_type: string },
): Promise<TwoFactorChallenge | null> {
  const row = await findTwoFactor(deps.db, user.id);
  let kind: ChallengeKind;
  if (row?.secret) kind = 'verify';
  else if (await requiredFor(deps, user)) kind = 'enrol';
  else return null;
  const token = randomToken();
  const expiresAt = isoIn(deps.clock, CHALLENGE_TTL_MS[kind]);
  await createChallenge(deps.db, { tokenHash: sha256(token), userId: user.id, kind, nowIso: deps.clock().toISOString(), expiresIso: expiresAt });
  return { two_factor_required: true, challenge_token: token, enrolment_required: kind === 'enrol', expires_at: expiresAt };
}
