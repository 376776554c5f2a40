/**
 * The signed-in person's own two-factor calls (account settings' Security tab) and a company
 * admin's requirement. Turning it on or off asks for the password beside a code: a session left
 * open on someone's desk is not enough to change how the account signs in.
 */
import { MESSAGES, type TwoFactorDisableRequest, type TwoFactorEnableRequest, type TwoFactorPolicy, type TwoFactorStatus } from '@contract';
import { HttpError, invalid } from '../../lib/http-error';
import { verifyPassword } from '../../lib/passwords';
import type { AuthContext, Deps } from '../../types';
import { type Actor, withEvents } from '../events/record';
import { companyRecord } from '../companies/events';
import { findCompany } from '../companies/repository';
import { userRecord } from '../users/events';
import { findUserById } from '../users/repository';
import { type CodeCheck, matchPending, useCode } from './codes';
import { companyPolicy, policyCovers } from './policy';
import { twoFactorResetMail } from '../mail/templates';
import { newRecoveryCodes } from './codes';
import { countRecoveryCodesLeft, findTwoFactor, removeTwoFactor, replaceRecoveryCodes, saveCompanyPolicy } from './repository';
import { finishSetup, pendingSecret, startSetup } from './setup';

const TF = MESSAGES.twoFactor;
type Me = AuthContext['user'];

/** The 422 of a code that did not pass. */
export function codeRefused(check: Exclude<CodeCheck, 'ok'>): HttpError {
  const message = check === 'used' ? TF.codeUsed : check === 'recoveryInvalid' ? TF.recoveryInvalid : TF.codeInvalid;
  return invalid({ code: [message] }, message);
}

async function checkPassword(deps: Deps, userId: number, password: string): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user?.password_hash || !(await verifyPassword(user.password_hash, password))) {
    throw invalid({ password: [MESSAGES.profile.currentPasswordWrong] }, MESSAGES.profile.currentPasswordWrong);
  }
}

export async function twoFactorStatus(deps: Deps, me: Me): Promise<TwoFactorStatus> {
  const [row, left, policy] = await Promise.all([
    findTwoFactor(deps.db, me.id),
    countRecoveryCodesLeft(deps.db, me.id),
    companyPolicy(deps, me.company_id),
  ]);
  return {
    enabled: Boolean(row?.secret),
    enabled_at: row?.secret ? row.enabled_at : null,
    recovery_codes_left: row?.secret ? left : 0,
    required: policyCovers(policy, me.user_type),
    company_policy: me.user_type === 'admin' && me.company_id != null ? policy : null,
  };
}

/** A new set-up; refused while two-factor is on (its key is never answered again). */
export async function setupTwoFactor(deps: Deps, me: Me) {
  if ((await findTwoFactor(deps.db, me.id))?.secret) throw new HttpError(409, TF.alreadyOn);
  return startSetup(deps, me);
}

export async function enableTwoFactor(deps: Deps, me: Me, input: TwoFactorEnableRequest): Promise<string[]> {
  const row = await findTwoFactor(deps.db, me.id);
  if (row?.secret) throw new HttpError(409, TF.alreadyOn);
  await checkPassword(deps, me.id, input.password);
  const pending = pendingSecret(deps, row);
  const step = matchPending(deps, pending, input.code);
  if (step === null) throw codeRefused('invalid');
  return finishSetup(deps, me.id, pending, step);
}

export async function disableTwoFactor(deps: Deps, me: Me, input: TwoFactorDisableRequest): Promise<void> {
  const row = await findTwoFactor(deps.db, me.id);
  if (!row?.secret) throw invalid({}, TF.notOn);
  if (policyCovers(await companyPolicy(deps, me.company_id), me.user_type)) throw invalid({}, TF.requiredByCompany);
  await checkPassword(deps, me.id, input.password);
  const check = await useCode(deps, me.id, row.secret, input.code);
  if (check !== 'ok') throw codeRefused(check);
  await deps.db.transaction().execute((trx) => removeTwoFactor(trx, me.id));
}

/** Ten new recovery codes for a person with two-factor on, after their password and a code. */
export async function renewRecoveryCodes(deps: Deps, me: Me, input: TwoFactorDisableRequest): Promise<string[]> {
  const row = await findTwoFactor(deps.db, me.id);
  if (!row?.secret) throw invalid({}, TF.notOn);
  await checkPassword(deps, me.id, input.password);
  const check = await useCode(deps, me.id, row.secret, input.code);
  if (check !== 'ok') throw codeRefused(check);
  const codes = newRecoveryCodes();
  await deps.db.transaction().execute((trx) => replaceRecoveryCodes(trx, me.id, codes, deps.clock().toISOString()));
  return codes;
}

/**
 * A manager's reset of another person's two-factor (a lost phone and lost codes): the key, codes
 * and open challenges go, and the person is told by mail. Who may manage whom: the caller's.
 */
export async function resetTwoFactorOf(
  deps: Deps,
  actor: Actor,
  person: { id: number; email: string; first_name: string; last_name: string | null },
  by: string,
): Promise<void> {
  await withEvents(deps, actor, async (tx, log) => {
    await removeTwoFactor(tx.db, person.id);
    await log({ action: 'user.updated', record: userRecord(person), data: { two_factor: 'reset' } });
  });
  await deps.mailer.send(twoFactorResetMail(deps.config.publicUrl, person.email, person.first_name, by));
}

/** A company admin sets whose sign-in needs two-factor; agents get 403. */
export async function setCompanyPolicy(deps: Deps, actor: Actor, me: Me, policy: TwoFactorPolicy): Promise<TwoFactorPolicy> {
  const companyId = me.company_id;
  if (me.user_type !== 'admin' || companyId == null) throw new HttpError(403, TF.adminsOnly);
  await withEvents(deps, actor, async (tx, log) => {
    const before = await companyPolicy(tx, companyId);
    await saveCompanyPolicy(tx.db, companyId, policy, deps.clock().toISOString());
    const company = await findCompany(tx.db, companyId);
    // The requirement is the company's setting: its log tells it as a company change.
    if (company && before !== policy) {
      await log({ action: 'company.updated', record: companyRecord(company), companyId, changes: { two_factor_required: [before, policy] } });
    }
  });
  return policy;
}
