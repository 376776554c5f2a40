/**
 * GET /api/v1/workflow/list (SPEC §7): the caller's company's workflow statuses, the lead tabs,
 * in tab order. Any signed-in company user; the super admin has no company (403, as in user admin).
 */
import type { FastifyInstance } from 'fastify';
import { LEAD_PATHS } from '@contract';
import { success } from '../../lib/answers';
import { route } from '../../lib/route';
import { LEAD_ACCESS } from '../leads/access';
import { listCompanyWorkflows } from './repository';

export default async function workflowRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: LEAD_PATHS.workflows,
    access: LEAD_ACCESS.read,
    handler: async ({ company }) => success({ data: await listCompanyWorkflows(app.db, company) }),
  });
}
