/**
 * The caller's company for the leads routes declared without lib/route.ts (the import's). Who may
 * call each leads route is its row in src/route-access.ts.
 */
import type { FastifyRequest } from 'fastify';
import { companyIdOf } from '../../lib/company';
import { caller } from '../../plugins/auth';

/** The signed-in caller's company id (403 "Company ID not found." without one). */
export function companyOf(request: FastifyRequest): number {
  return companyIdOf(caller(request).user);
}
