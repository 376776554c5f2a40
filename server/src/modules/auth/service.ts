/**
 * Sign-in and the account calls, beyond one query: signing in (a new session and its token),
 * registering (a company with its defaults, its admin and a verification mail, in one
 * transaction), the forgotten-password mail, the reset (which also verifies the address and ends
 * every session) and the e-mail verification.
 *
 * What must not tell known from unknown e-mails is kept so here: a missing account burns the time
 * of a password check, register hashes before looking the address up; the answer-time floors are
 * the routes' (timing.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  type AcceptInvitationRequest,
  MESSAGES,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@contract';
import { isUniqueViolation } from '../../db/dialect';
import { HOUR, isoIn } from '../../lib/clock';
import { HttpError, invalid } from '../../lib/http-error';
import { burnVerifyTime, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import type { Deps } from '../../types';
import { createCompanyWithDefaults } from '../companies/repository';
import { consumeInvitation, expireInvitations } from '../invitations/repository';
import { resetMail, verificationMail } from '../mail/templates';
import { revokeSessions } from '../sessions/repository';
import { signInChallenge } from '../two-factor/challenge';
import {
  emailTaken,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  setPasswordHash,
  updateUser,
} from '../users/repository';
import { eventWriter } from '../events/record';
import { logAccepted } from '../users/events';
import { openSession, type SignInClient } from '../users/sessions.service';
import { consumeUserToken, createUserToken, expireUserTokens, RESET_TTL_MS, VERIFY_TTL_MS } from '../users/tokens.repository';

const A = MESSAGES.auth;

/** The register call's answer for a taken e-mail (src/contract/auth.ts): the message itself is the field map. */
export const emailTakenError = (): HttpError => invalid({ email: [A.emailTakenServer] }, { email: [A.emailTakenServer] });

/**
 * Checks the credentials and opens a session: the answer's `data` (token, company, session user),
 * or, for a person whose sign-in needs a second step, a two-factor challenge.
 * 401 for a wrong e-mail or password alike; 403 for a disabled or unverified account, told only
 * to someone who knows its password. A hash made with older parameters is renewed.
 */
export async function signIn(deps: Deps & Pick<FastifyInstance, 'tokens'>, credentials: LoginRequest, client: SignInClient) {
  const now = () => deps.clock().toISOString();
  const user = await findUserByEmail(deps.db, credentials.username);
  if (!user?.password_hash) {
    await burnVerifyTime(credentials.password);
    throw new HttpError(401, A.invalidCredentials);
  }
  if (!(await verifyPassword(user.password_hash, credentials.password))) {
    // Written for the audit log: someone tried this person's account (an unknown address is not written).
    await eventWriter(deps, deps.db, { companyId: user.company_id, userId: null, name: null, requestId: client.requestId ?? null })({
      action: 'session.sign_in_failed',
      record: { type: 'session', id: user.id, label: user.email },
      data: { ip: client.ip, user_agent: client.userAgent },
    });
    throw new HttpError(401, A.invalidCredentials);
  }
  if (user.status === 'disabled') throw new HttpError(403, A.accountDisabled);
  if (user.status === 'invited') throw new HttpError(403, A.invitationPending);
  if (!user.email_verified_at || user.status !== 'active') throw new HttpError(403, A.emailNotVerified);
  if (needsRehash(user.password_hash)) await setPasswordHash(deps.db, user.id, await hashPassword(credentials.password), now());
  // Two-factor: a challenge token instead of a session; POST /auth/two-factor opens it (modules/two-factor).
  return (await signInChallenge(deps, user)) ?? openSession(deps, user, client);
}

/**
 * A new company with its default statuses and roles, its admin (active, not yet verified) and a
 * verification mail. A taken e-mail throws `emailTakenError()`, after the same hashing a new
 * account costs.
 */
export async function registerAccount(deps: Deps, input: RegisterRequest): Promise<{ id: number; email: string }> {
  const passwordHash = await hashPassword(input.password);
  if (await emailTaken(deps.db, input.email)) throw emailTakenError();
  let token: string;
  let userId: number;
  try {
    ({ token, userId } = await deps.db.transaction().execute(async (trx) => {
      const stamp = deps.clock().toISOString();
      const { companyId } = await createCompanyWithDefaults(trx, { display_name: input.display_name }, stamp);
      const id = await insertUser(trx, {
        company_id: companyId,
        role_id: null,
        user_type: 'admin',
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        status: 'active',
        email_verified_at: null,
        password_hash: passwordHash,
        password_changed_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      });
      const t = await createUserToken(trx, 'email_verification_tokens', id, stamp, isoIn(deps.clock, VERIFY_TTL_MS));
      return { token: t, userId: id };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  await deps.mailer.send(verificationMail(deps.config.publicUrl, input.email, input.first_name, token, VERIFY_TTL_MS / HOUR));
  return { id: userId, email: input.email };
}

/** Mails a reset link to the account of `email`, if there is one that is not disabled; silent otherwise. */
export async function sendPasswordReset(deps: Deps, input: ForgotPasswordRequest): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || user.status === 'disabled') return;
  const token = await createUserToken(deps.db, 'password_reset_tokens', user.id, deps.clock().toISOString(), isoIn(deps.clock, RESET_TTL_MS));
  await deps.mailer.send(resetMail(deps.config.publicUrl, user.email, user.first_name, token, RESET_TTL_MS / 60_000));
}

/**
 * Sets a new password from a mailed link (400 for an unknown, used or expired one). The link's
 * other tokens end, the address counts as verified (the link proved it) and every session ends.
 * Returns the account's e-mail address.
 */
export async function resetPassword(deps: Deps, input: ResetPasswordRequest): Promise<string | null> {
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db.transaction().execute(async (trx) => {
    const stamp = deps.clock().toISOString();
    const id = await consumeUserToken(trx, 'password_reset_tokens', input.token, stamp);
    if (id == null) return null;
    await setPasswordHash(trx, id, passwordHash, stamp);
    await expireUserTokens(trx, 'password_reset_tokens', id, stamp);
    await markEmailVerified(trx, id, stamp);
    await revokeSessions(trx, id, null, stamp);
    return id;
  });
  if (userId == null) throw new HttpError(400, A.resetTokenInvalid);
  return (await findUserById(deps.db, userId))?.email ?? null;
}

/**
 * Verifies an address from a verification link (400 when unknown, used or expired). An invitation
 * link is not one: an invited person becomes active only by choosing a password
 * (`acceptInvitation`), never with the one an admin typed.
 */
export async function verifyEmail(deps: Deps, token: string): Promise<void> {
  const stamp = deps.clock().toISOString();
  const userId = await consumeUserToken(deps.db, 'email_verification_tokens', token, stamp);
  if (userId == null) throw new HttpError(400, A.verifyFailed);
  await markEmailVerified(deps.db, userId, stamp);
}

/**
 * Accepts an invitation from its mailed link (400 when unknown, used, expired or replaced by a
 * newer one): the password is set, the address counts as verified (the link proved it), the
 * person becomes active, and the user's other invitation links and sessions end. Only an invited
 * person can accept: a disabled one stays disabled. Returns the account's e-mail address.
 * `requestId`: the acceptance request's, for the log's `user.accepted`.
 */
export async function acceptInvitation(deps: Deps, input: AcceptInvitationRequest, requestId: string | null = null): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const email = await deps.db.transaction().execute(async (trx) => {
    const stamp = deps.clock().toISOString();
    const userId = await consumeInvitation(trx, input.token, stamp);
    if (userId == null) return null;
    const user = await findUserById(trx, userId);
    if (user?.status !== 'invited') return null;
    await setPasswordHash(trx, userId, passwordHash, stamp);
    await markEmailVerified(trx, userId, stamp);
    await updateUser(trx, userId, { status: 'active', updated_at: stamp });
    await expireInvitations(trx, userId, stamp);
    await revokeSessions(trx, userId, null, stamp);
    await logAccepted(deps, trx, user, requestId);
    return user.email;
  });
  if (email == null) throw new HttpError(400, A.invitationInvalid);
  return email;
}
