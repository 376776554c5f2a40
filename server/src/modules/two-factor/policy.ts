/** A company's two-factor requirement and whom it covers. */
import { TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '@contract';
import type { Deps } from '../../types';
import { findCompanyPolicy } from './repository';

export async function companyPolicy(deps: Pick<Deps, 'db'>, companyId: number | null): Promise<TwoFactorPolicy> {
  if (companyId == null) return 'off';
  const stored = await findCompanyPolicy(deps.db, companyId);
  return (TWO_FACTOR_POLICIES as readonly string[]).includes(stored ?? '') ? (stored as TwoFactorPolicy) : 'off';
}

/** Whether `policy` covers a person of this type ("admins" is the company admins). */
export const policyCovers = (policy: TwoFactorPolicy, userType: string): boolean =>
  policy === 'everyone' || (policy === 'admins' && userType === 'admin');

/** Whether the person's company requires two-factor of them (the super admin has no company). */
export async function requiredFor(deps: Pick<Deps, 'db'>, user: { company_id: number | null; user_type: string }): Promise<boolean> {
  return policyCovers(await companyPolicy(deps, user.company_id), user.user_type);
}
