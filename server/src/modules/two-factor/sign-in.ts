/**
 * The second sign-in step: a challenge token from POST /auth with an app code or a recovery code
 * opens the session; a person the company requires two-factor of first sets it up with the
 * challenge (the password was given), and their first code confirms it. Wrong codes are counted on
 * the challenge (after MAX_CHALLENGE_FAILURES the password must be given again) beside the rate
 * limit.
 */
import type { FastifyInstance } from 'fastify';
import { type LoginData, MESSAGES, type TwoFactorSetup, type TwoFactorVerifyRequest } from '@contract';
import { HttpError } from '../../lib/http-error';
import { sha256 } from '../../lib/tokens';
import type { Deps } from '../../types';
import { openSession, type SignInClient } from '../users/sessions.service';
import { findUserById } from '../users/repository';
import { type CodeCheck, matchPending, useCode } from './codes';
import { consumeChallenge, failChallenge, findLiveChallenge, findTwoFactor } from './repository';
import { codeRefused } from './service';
import { finishSetup, pendingSecret, startSetup } from './setup';
import type { ChallengeRow } from './tables';

const TF = MESSAGES.twoFactor;
export const MAX_CHALLENGE_FAILURES = 5;

const expired = () => new HttpError(401, TF.challengeExpired);

/** The live challenge of a token and its (active) person; 401 otherwise. */
export async function liveChallenge(deps: Deps, token: string) {
  const challenge = await findLiveChallenge(deps.db, sha256(token), deps.clock().toISOString());
  const user = challenge ? await findUserById(deps.db, challenge.user_id) : undefined;
  if (!challenge || !user || user.status !== 'active') throw expired();
  return { challenge, user };
}

/** The user id a challenge token names, for the rate limit's key (no error: the route answers those). */
export async function challengeUserId(deps: Deps, token: unknown): Promise<number | null> {
  if (typeof token !== 'string' || token.length < 10 || token.length > 512) return null;
  return (await findLiveChallenge(deps.db, sha256(token), deps.clock().toISOString()))?.user_id ?? null;
}

async function refuse(deps: Deps, challenge: ChallengeRow, check: Exclude<CodeCheck, 'ok'>): Promise<never> {
  await failChallenge(deps.db, challenge.token_hash, MAX_CHALLENGE_FAILURES, deps.clock().toISOString());
  throw codeRefused(check);
}

/** An enrolment challenge's set-up (secret, URI, QR code). */
export async function enrolWithChallenge(deps: Deps, token: string): Promise<TwoFactorSetup> {
  const { challenge, user } = await liveChallenge(deps, token);
  if (challenge.kind !== 'enrol') throw expired();
  if ((await findTwoFactor(deps.db, user.id))?.secret) throw new HttpError(409, TF.alreadyOn);
  return startSetup(deps, user);
}

/** The code step: the sign-in answer (with the recovery codes after a set-up). */
export async function verifyWithChallenge(
  deps: Deps & Pick<FastifyInstance, 'tokens'>,
  input: TwoFactorVerifyRequest,
  client: SignInClient,
): Promise<LoginData> {
  const { challenge, user } = await liveChallenge(deps, input.challenge_token);
  const row = await findTwoFactor(deps.db, user.id);
  let recoveryCodes: string[] | undefined;
  if (row?.secret) {
    const check = await useCode(deps, user.id, row.secret, input.code);
    if (check !== 'ok') await refuse(deps, challenge, check);
  } else if (challenge.kind === 'enrol') {
    const pending = pendingSecret(deps, row);
    const step = matchPending(deps, pending, input.code);
    if (step === null) await refuse(deps, challenge, 'invalid');
    recoveryCodes = await finishSetup(deps, user.id, pending, step!);
  } else {
    // Two-factor was turned off after this challenge was made: the password step starts again.
    throw expired();
  }
  if (!(await consumeChallenge(deps.db, challenge.token_hash, deps.clock().toISOString()))) throw expired();
  const session = await openSession(deps, user, client);
  return recoveryCodes ? { ...session, recovery_codes: recoveryCodes } : session;
}
