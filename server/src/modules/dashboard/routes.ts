/**
 * GET /api/v1/dashboard/summary (contract/dashboard.ts): the caller's company's figures in one
 * call. Any signed-in company user may ask; what their permissions hide comes back null.
 */
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_PATHS } from '@contract';
import { success } from '../../lib/answers';
import { route } from '../../lib/route';
import { summaryFor } from './service';

export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: DASHBOARD_PATHS.summary,
    handler: async ({ auth, company }) => success({ data: await summaryFor(app, app.dashboardSummaries, auth, company) }),
  });
}
