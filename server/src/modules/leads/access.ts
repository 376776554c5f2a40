/**
 * Who may call the leads routes (issue 4 item 3, SPEC §6): reading (list, get, workflows, export,
 * sample) needs a signed-in company user, agents included; store and import need lead-create;
 * update, inline changes and bulk status need lead-edit; delete and bulk delete need lead-delete.
 * Every rule needs a company: the super admin has none and gets 403 "Company ID not found.", as
 * in user admin (lib/company.ts).
 */
import type { FastifyRequest } from 'fastify';
import { PERMISSIONS } from '@contract';
import { companyIdOf } from '../../lib/company';
import { caller } from '../../plugins/auth';
import type { Access } from '../../types';

export const LEAD_ACCESS = {
  read: { kind: 'signedIn', company: true },
  create: { kind: 'permission', permission: PERMISSIONS.leadCreate },
  edit: { kind: 'permission', permission: PERMISSIONS.leadEdit },
  delete: { kind: 'permission', permission: PERMISSIONS.leadDelete },
} as const satisfies Record<string, Access>;

// The same rules as Fastify route config, for the routes declared without lib/route.ts (the import's).
export const READ = { access: LEAD_ACCESS.read } as const;
export const CREATE = { access: LEAD_ACCESS.create } as const;
export const EDIT = { access: LEAD_ACCESS.edit } as const;
export const DELETE = { access: LEAD_ACCESS.delete } as const;

/** The signed-in caller's company id, for the routes declared without lib/route.ts. */
export function companyOf(request: FastifyRequest): number {
  return companyIdOf(caller(request).user);
}
