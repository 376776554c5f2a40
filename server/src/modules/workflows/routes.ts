/**
 * GET /api/v1/workflow/list (SPEC §7): the caller's company's workflow statuses, the lead tabs,
 * in tab order. Any signed-in company user; the super admin has no company (403, as in user admin).
 */
import type { FastifyInstance } from 'fastify';
import { LEAD_PATHS } from '../../../../src/contract';
import { success } from '../../lib/answers';
import { companyOf } from '../leads/access';
import { listCompanyWorkflows } from './repository';

export default async function workflowRoutes(app: FastifyInstance): Promise<void> {
  app.get(LEAD_PATHS.workflows, { config: { access: { kind: 'signedIn' } } }, async (request) => {
    return success({ data: await listCompanyWorkflows(app.db, companyOf(request)) });
  });
}
