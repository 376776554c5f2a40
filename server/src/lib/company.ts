/**
 * The caller's company (docs/architecture.md, tenancy — it comes from the signed-in user, never
 * from the request). The one place that refuses a caller without one: the super admin manages
 * companies and belongs to none, so a company's data answers them 403 "Company ID not found.".
 */
import { MESSAGES } from '@contract';
import { HttpError } from './http-error';

/**
 * The company id of `user`, or the 403.
 *
 * @example const companyId = companyIdOf(auth.user);
 */
export function companyIdOf(user: { company_id: number | null }): number {
  if (user.company_id == null) throw new HttpError(403, MESSAGES.companies.companyIdNotFound);
  return user.company_id;
}
