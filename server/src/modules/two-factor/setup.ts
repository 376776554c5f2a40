/**
 * A set-up: a new key sealed as the person's pending one, answered once as base32, the otpauth://
 * URI and its QR code; and its confirmation with a first code, which makes it the key in use and
 * issues ten recovery codes (the old ones end).
 */
import { MESSAGES, type TwoFactorSetup } from '@contract';
import { HOUR } from '../../lib/clock';
import { HttpError, invalid } from '../../lib/http-error';
import { otpauthUri } from '../../lib/totp';
import type { Deps } from '../../types';
import { newRecoveryCodes, newTotpSecret, totpBox } from './codes';
import { qrSvgDataUrl } from './qr';
import { confirmPendingSecret, replaceRecoveryCodes, savePendingSecret } from './repository';
import type { UserTwoFactorRow } from './tables';

const TF = MESSAGES.twoFactor;
/** The name authenticator apps list the account under. */
export const TOTP_ISSUER = 'EstateDesk';
/** A set-up not confirmed within this time must start again. */
export const PENDING_TTL_MS = 1 * HOUR;

export async function startSetup(deps: Deps, user: { id: number; email: string }): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  await savePendingSecret(deps.db, user.id, totpBox(deps).seal(secret), deps.clock().toISOString());
  const uri = otpauthUri(TOTP_ISSUER, user.email, secret);
  return { secret, otpauth_uri: uri, qr_svg: await qrSvgDataUrl(uri) };
}

/** The pending key of a live set-up, or a 422 saying to start again. */
export function pendingSecret(deps: Deps, row: UserTwoFactorRow | undefined): string {
  const fresh = row?.pending_at && deps.clock().getTime() - new Date(row.pending_at).getTime() < PENDING_TTL_MS;
  if (!row?.pending_secret || !fresh) throw invalid({ code: [TF.setupMissing] }, TF.setupMissing);
  return row.pending_secret;
}

/** Confirms the set-up whose first code matched `step`; answers the new recovery codes. */
export async function finishSetup(deps: Deps, userId: number, sealedPending: string, step: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  const done = await deps.db.transaction().execute(async (trx) => {
    const stamp = deps.clock().toISOString();
    if (!(await confirmPendingSecret(trx, userId, sealedPending, step, stamp))) return false;
    await replaceRecoveryCodes(trx, userId, codes, stamp);
    return true;
  });
  // Another set-up started meanwhile replaced this key.
  if (!done) throw new HttpError(409, TF.setupMissing);
  return codes;
}
