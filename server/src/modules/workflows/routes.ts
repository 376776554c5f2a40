/**
 * GET /api/v1/workflow/list (src/contract/leads.ts): the caller's company's workflow statuses, the
 * lead tabs, in tab order. Needs lead-read (they are the leads board's tabs); the super admin has
 * no company (403, as in user admin).
 */
import type { FastifyInstance } from 'fastify';
import { LEAD_PATHS } from '@contract';
import { success } from '../../lib/answers';
import { route } from '../../lib/route';
import { companyWorkflows } from './service';

export default async function workflowRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: LEAD_PATHS.workflows,
    handler: async ({ company }) => success({ data: await companyWorkflows(app, company) }),
  });
}
