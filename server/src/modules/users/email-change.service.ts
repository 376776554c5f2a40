/**
 * E-mail changes an owner can take back. Whoever holds a session could otherwise move the account
 * to their own address and then reset its password there. So every change of an account's address
 * tells the old one, with a link that for 7 days puts it back: the old address comes back verified,
 * every session and every outstanding link ends, and the owner gets a fresh reset token to choose a
 * password the other person does not know. The undo is logged as the owner's own `user.updated`
 * (the e-mail before → after).
 */
import type { Kysely } from 'kysely';
import { format, MESSAGES } from '@contract';
import { isUniqueViolation } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { DAY, isoIn } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import type { Deps } from '../../types';
import { eventWriter } from '../events/record';
import { selfActor, userRecord } from './events';
import { emailChangedMail } from '../mail/templates';
import { revokeSessions } from '../sessions/repository';
import { findUserById, markEmailVerified, updateUser } from './repository';
import { consumeUndoToken, createUndoToken, type EmailChange, expireUndoTokens } from './email-change.repository';
import { createUserToken, expireUserTokens, RESET_TTL_MS } from './tokens.repository';

export const UNDO_TTL_MS = 7 * DAY;

/** A change recorded in the caller's transaction, to be mailed once it commits. */
export interface PendingNotice extends EmailChange {
  firstName: string;
  token: string;
}

/** Records an address change inside the transaction that makes it; mail it with `sendEmailChangeNotice` after. */
export async function recordEmailChange(deps: Deps, trx: Kysely<Database>, change: EmailChange & { firstName: string }): Promise<PendingNotice> {
  const token = await createUndoToken(trx, change, deps.clock().toISOString(), isoIn(deps.clock, UNDO_TTL_MS));
  return { ...change, token };
}

/** Tells the old address of a change, with its undo link. */
export async function sendEmailChangeNotice(deps: Deps, notice: PendingNotice): Promise<void> {
  await deps.mailer.send(emailChangedMail(deps.config.publicUrl, notice.oldEmail, notice.firstName, notice.newEmail, notice.token, UNDO_TTL_MS / DAY));
}

/**
 * Puts an account's old address back (400 for an unknown, used or expired link; 409 when another
 * account took the old address meanwhile). Returns the restored address and a reset token.
 * `requestId`: the undo request's, for the log.
 */
export async function undoEmailChange(deps: Deps, token: string, requestId: string | null = null): Promise<{ email: string; resetToken: string }> {
  const result = await deps.db
    .transaction()
    .execute(async (trx) => {
      const stamp = deps.clock().toISOString();
      const change = await consumeUndoToken(trx, token, stamp);
      if (!change) return null;
      const user = await findUserById(trx, change.userId);
      if (!user) return null;
      await updateUser(trx, user.id, { email: change.oldEmail, updated_at: stamp });
      await markEmailVerified(trx, user.id, stamp);
      // Whatever the other person started from the new address ends here.
      await expireUserTokens(trx, 'email_verification_tokens', user.id, stamp);
      await expireUserTokens(trx, 'password_reset_tokens', user.id, stamp);
      await expireUndoTokens(trx, user.id, stamp);
      await revokeSessions(trx, user.id, null, stamp);
      const resetToken = await createUserToken(trx, 'password_reset_tokens', user.id, stamp, isoIn(deps.clock, RESET_TTL_MS));
      await eventWriter(deps, trx, selfActor(user, requestId))({
        action: 'user.updated',
        record: userRecord(user),
        changes: { email: [user.email, change.oldEmail] },
        data: { email_change: 'undone' },
      });
      return { email: change.oldEmail, resetToken };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.auth.emailChangeUndoTaken);
      throw error;
    });
  if (!result) throw new HttpError(400, MESSAGES.auth.emailChangeUndoInvalid);
  return result;
}

/** The answer's message for a restored address. */
export const undoneMessage = (email: string): string => format(MESSAGES.auth.emailChangeUndone, { email });
