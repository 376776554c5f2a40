/**
 * Two-factor rows: a person's app key, their recovery codes, sign-in challenges and the company's
 * requirement. Every "use once" is one conditional UPDATE, so two requests racing with the same
 * code, recovery code or challenge cannot both win.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import type { ChallengeKind, ChallengeRow, UserTwoFactorRow } from './tables';
import './tables';

type Db = Kysely<Database>;

export async function findTwoFactor(db: Db, userId: number): Promise<UserTwoFactorRow | undefined> {
  return db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Starts (or restarts) a set-up: a new pending key; a confirmed key stays until replaced. */
export async function savePendingSecret(db: Db, userId: number, sealed: string, nowIso: string): Promise<void> {
  await db
    .insertInto('user_two_factor')
    .values({ user_id: userId, secret: null, pending_secret: sealed, pending_at: nowIso, enabled_at: null, last_step: null, updated_at: nowIso })
    .onConflict((c) => c.column('user_id').doUpdateSet({ pending_secret: sealed, pending_at: nowIso, updated_at: nowIso }))
    .execute();
}

/**
 * Makes the pending key the confirmed one, with the step of the code that confirmed it as used.
 * False when the pending key changed meanwhile (another set-up started).
 */
export async function confirmPendingSecret(db: Db, userId: number, pendingSealed: string, step: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ secret: pendingSealed, pending_secret: null, pending_at: null, enabled_at: nowIso, last_step: step, updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('pending_secret', '=', pendingSealed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records `step` as used; false when that step (or a later one) was already used. */
export async function useStep(db: Db, userId: number, step: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ last_step: step, updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('secret', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Turns two-factor off: the key, the recovery codes and open challenges go. */
export async function removeTwoFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
}

/** Replaces the person's recovery codes with these (raw codes in, hashes stored). */
export async function replaceRecoveryCodes(db: Db, userId: number, codes: readonly string[], nowIso: string): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(code), used_at: null, created_at: nowIso })))
    .execute();
}

/** Uses up one unused recovery code (its normalised text); false when unknown or used. */
export async function useRecoveryCode(db: Db, userId: number, code: string, nowIso: string): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: nowIso })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createChallenge(
  db: Db,
  challenge: { tokenHash: string; userId: number; kind: ChallengeKind; nowIso: string; expiresIso: string },
): Promise<void> {
  // A person has one open sign-in step at a time: the older ones (and long-dead ones) go.
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', challenge.userId).execute();
  await db
    .insertInto('two_factor_challenges')
    .values({
      token_hash: challenge.tokenHash,
      user_id: challenge.userId,
      kind: challenge.kind,
      expires_at: challenge.expiresIso,
      used_at: null,
      created_at: challenge.nowIso,
    })
    .execute();
}

/** A live challenge (unused, unexpired) by its token's hash. */
export async function findLiveChallenge(db: Db, tokenHash: string, nowIso: string): Promise<ChallengeRow | undefined> {
  return db
    .selectFrom('two_factor_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

/** Uses the challenge up; false when another request did first. */
export async function consumeChallenge(db: Db, tokenHash: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_challenges')
    .set({ used_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Counts a wrong code; at `max` the challenge is used up, so the password must be given again. */
export async function failChallenge(db: Db, tokenHash: string, max: number, nowIso: string): Promise<void> {
  await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .execute();
  await db
    .updateTable('two_factor_challenges')
    .set({ used_at: nowIso })
    .where('token_hash', '=', tokenHash)
    .where('failures', '>=', max)
    .where('used_at', 'is', null)
    .execute();
}

export async function findCompanyPolicy(db: Db, companyId: number): Promise<string | undefined> {
  const row = await db.selectFrom('company_security').select('two_factor_required').where('company_id', '=', companyId).executeTakeFirst();
  return row?.two_factor_required;
}

export async function saveCompanyPolicy(db: Db, companyId: number, policy: string, nowIso: string): Promise<void> {
  await db
    .insertInto('company_security')
    .values({ company_id: companyId, two_factor_required: policy, updated_at: nowIso })
    .onConflict((c) => c.column('company_id').doUpdateSet({ two_factor_required: policy, updated_at: nowIso }))
    .execute();
}
