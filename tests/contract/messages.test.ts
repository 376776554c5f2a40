import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { format, MESSAGES } from '../../src/contract';

/**
 * SPEC.md's messages are requirements word for word. Every message in the catalogue must stand
 * in SPEC exactly, except the few the product adds where SPEC is silent (listed here, on purpose).
 * SPEC lives beside the repository (../shared) on the team's machines only: a clone on its own
 * skips the comparison and says why, and everything else here still runs.
 */
const specPath = resolve(process.cwd(), '../shared/SPEC.md');
const hasSpec = existsSync(specPath);
if (!hasSpec) console.warn(`Skipping the SPEC.md wording check: ${specPath} is not beside this repository.`);

const NOT_IN_SPEC = new Set([
  'generic.unexpected',
  'generic.unauthenticated',
  'generic.notFound',
  'generic.tooManyRequests',
  'generic.invalidInput',
  'generic.malformedJson',
  'generic.payloadTooLarge',
  'generic.serverError',
  'generic.unknownField',
  'generic.unsupportedMediaType',
  'auth.invalidCredentials',
  'auth.emailNotVerified',
  'auth.accountDisabled',
  'auth.verified',
  'auth.verifyFailed',
  'auth.passwordReset',
  'auth.resetTokenInvalid',
  // Invitations, roles and the rules that keep a company administrable: beyond SPEC's screens.
  'auth.invitationPending',
  'auth.invitationAccepted',
  'auth.invitationInvalid',
  'roles.inUse',
  'roles.nameTaken',
  'roles.notYours',
  'roles.notYoursHint',
  'users.cannotDeleteSelf',
  'users.cannotDisableSelf',
  'users.lastAdmin',
  'validation.fieldRequired',
  'validation.currentPasswordRequired',
  'validation.newPasswordRequired',
  'validation.usernameRequired',
  'validation.roleNameRequired',
  'validation.invalidUrl',
  'validation.imageOnly',
  'validation.notNegative',
  'validation.yearBuiltRange',
  'leads.conflict',
  'profile.currentPasswordWrong',
  // Two-factor sign-in: the code step, one's own set-up, recovery codes, a manager's reset, the company's requirement.
  'twoFactor.codeRequired',
  'twoFactor.codeInvalid',
  'twoFactor.codeUsed',
  'twoFactor.recoveryInvalid',
  'twoFactor.challengeExpired',
  'twoFactor.alreadyOn',
  'twoFactor.notOn',
  'twoFactor.setupMissing',
  'twoFactor.enabled',
  'twoFactor.disabled',
  'twoFactor.requiredByCompany',
  'twoFactor.policySaved',
  'twoFactor.policyInvalid',
  'twoFactor.adminsOnly',
  'twoFactor.recoveryCodesRenewed',
  'twoFactor.resetByManager',
  'twoFactor.resetFailed',
  // A session alone must not move or take an account: e-mail changes and their undo link.
  'profile.currentPasswordForEmail',
  'profile.samePassword',
  'users.cannotEditSelf',
  'auth.emailChangeUndone',
  'auth.emailChangeUndoInvalid',
  'auth.emailChangeUndoTaken',
  // Cost limits of the reference server (one export or import at a time, searches, invitations).
  'limits.exportRunning',
  'limits.importRunning',
  'limits.tooManySearches',
  'limits.tooManyExports',
  'limits.tooManyInvitations',
  // "Error: {server message or …}" in SPEC: the template, not a literal.
  'properties.addFailed',
  'users.deleteFailed',
  'users.saveFailed',
]);

function flatten(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v as object, `${prefix}${k}.`),
  );
}

describe('MESSAGES', () => {
  it.skipIf(!hasSpec)('quotes SPEC.md word for word', () => {
    const spec = readFileSync(specPath, 'utf8');
    const missing = flatten(MESSAGES).filter(([key, text]) => !NOT_IN_SPEC.has(key) && !spec.includes(text));
    expect(missing).toEqual([]);
  });

  it('has the product-only messages it claims and no stale allowance', () => {
    const keys = new Set(flatten(MESSAGES).map(([k]) => k));
    for (const key of NOT_IN_SPEC) expect(keys.has(key), key).toBe(true);
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(format(MESSAGES.permission.denied, { permission: 'lead-create' })).toBe(
      "You don't have permission for this action: lead-create",
    );
    expect(format('a {b} {c}', { b: 1 })).toBe('a 1 {c}');
  });
});
