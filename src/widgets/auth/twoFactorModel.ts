/**
 * Pure helpers of the two-factor sign-in step: checking what was typed before it is sent, and
 * what a failed answer means for the screen.
 */
import { MESSAGES } from '../../contract';
import { isApiError } from '../../core';
import type { Validation } from '../../ui/formErrors';

const TF = MESSAGES.twoFactor;
export type CodeMode = 'app' | 'recovery';

/** The code as sent: an app code without spaces; a recovery code as typed (the server normalises it). */
export function validateCode(values: { code: string }, mode: CodeMode): Validation<string> {
  const code = values.code.trim();
  if (!code) return { ok: false, errors: { code: TF.codeRequired } };
  if (mode === 'app') {
    const digits = code.replace(/\s/g, '');
    return /^\d{6}$/.test(digits) ? { ok: true, data: digits } : { ok: false, errors: { code: TF.codeRequired } };
  }
  return { ok: true, data: code };
}

/** A 401 on the code step: the challenge is spent or expired, so the password comes again. */
export const challengeEnded = (error: unknown): boolean => isApiError(error) && error.status === 401;

/** The message of a failed code: the server's words when it gave some. */
export function codeFailure(error: unknown): string {
  if (isApiError(error) && error.status === 429) return MESSAGES.generic.tooManyRequests;
  if (isApiError(error) && error.fromServer && error.message) return error.message;
  return TF.codeInvalid;
}
