/**
 * The codes a person types: an app code (checked against their sealed key, each time step once)
 * or a recovery code (once each). Recovery codes are 60 random bits as `abcd-efgh-jklm`, stored as
 * SHA-256 only; they are matched without case, spaces or dashes.
 */
import { randomBytes } from 'node:crypto';
import { TOTP } from '@contract';
import { createSecretBox, type SecretBox } from '../../lib/secret-box';
import { base32Encode, matchTotp, newTotpSecret } from '../../lib/totp';
import type { Deps } from '../../types';
import { useRecoveryCode, useStep } from './repository';

const boxes = new WeakMap<Uint8Array, SecretBox>();
/** The sealing of TOTP keys under the app's secret. */
export function totpBox(deps: Pick<Deps, 'config'>): SecretBox {
  const root = deps.config.jwtSecret;
  let box = boxes.get(root);
  if (!box) boxes.set(root, (box = createSecretBox(root, 'totp secret')));
  return box;
}

export { newTotpSecret };

/** Ten new recovery codes. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TOTP.recoveryCodes }, () => {
    const text = base32Encode(randomBytes(8)).slice(0, 12).toLowerCase();
    return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`;
  });
}

/** A typed recovery code as it was issued (lower case, dashes). */
export function normaliseRecoveryCode(typed: string): string {
  const text = typed.toLowerCase().replace(/[^a-z0-9]/g, '');
  return text.length === 12 ? `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}` : text;
}

export const isAppCode = (typed: string): boolean => /^\d{6}$/.test(typed.replace(/\s/g, ''));

export type CodeCheck = 'ok' | 'invalid' | 'used' | 'recoveryInvalid';

/**
 * Checks and uses up a code of a person whose two-factor is on: an app code against `secret`
 * (sealed) whose step has not been used yet, else a recovery code.
 */
export async function useCode(deps: Deps, userId: number, sealedSecret: string, typed: string): Promise<CodeCheck> {
  const now = deps.clock();
  if (isAppCode(typed)) {
    const secret = totpBox(deps).open(sealedSecret);
    const step = secret ? matchTotp(secret, typed, now) : null;
    if (step === null) return 'invalid';
    return (await useStep(deps.db, userId, step, now.toISOString())) ? 'ok' : 'used';
  }
  return (await useRecoveryCode(deps.db, userId, normaliseRecoveryCode(typed), now.toISOString())) ? 'ok' : 'recoveryInvalid';
}

/** The step of a set-up's first code against its (sealed) pending key, or null. */
export function matchPending(deps: Deps, sealedPending: string, typed: string): number | null {
  const secret = totpBox(deps).open(sealedPending);
  return secret ? matchTotp(secret, typed, deps.clock()) : null;
}
