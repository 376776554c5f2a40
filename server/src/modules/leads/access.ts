/**
 * Who may call the leads routes (issue 4 item 3, SPEC §6): reading (list, get, workflows, export,
 * sample) needs a signed-in company user, agents included; store and import need lead-create;
 * update, inline changes and bulk status need lead-edit; delete and bulk delete need lead-delete.
 * The super admin has no company: 403 "Company ID not found.", as in user admin.
 */
import type { FastifyRequest } from 'fastify';
import { MESSAGES, PERMISSIONS, type Permission } from '../../../../src/contract';
import { HttpError } from '../../lib/http-error';
import { caller } from '../../plugins/auth';

const can = (permission: Permission) => ({ access: { kind: 'permission', permission } }) as const;

export const READ = { access: { kind: 'signedIn' } } as const;
export const CREATE = can(PERMISSIONS.leadCreate);
export const EDIT = can(PERMISSIONS.leadEdit);
export const DELETE = can(PERMISSIONS.leadDelete);

/** The signed-in caller's company id; the company never comes from the request (DESIGN: tenancy). */
export function companyOf(request: FastifyRequest): number {
  const { user } = caller(request);
  if (user.company_id == null) throw new HttpError(403, MESSAGES.companies.companyIdNotFound);
  return user.company_id;
}
