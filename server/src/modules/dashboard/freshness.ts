/**
 * Keeps the dashboard summary fresh: registered at the app's root (before the API routes, so its
 * hook runs for every one of them), it holds the summaries' cache and drops a company's entry when
 * one of its users changes anything — any successful POST, PUT, PATCH or DELETE under the API —
 * before that answer is sent, so the caller's next summary already counts the change.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@contract';
import { SummaryCache } from './cache';
import type { CompanySummary } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    dashboardCache: SummaryCache<CompanySummary>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function dashboardFreshness(app: FastifyInstance): Promise<void> {
  app.decorate('dashboardCache', new SummaryCache<CompanySummary>(() => app.clock().getTime()));
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400 || !request.url.startsWith(API_PREFIX)) return payload;
    // A sign-in or other public call changes no figure; a super admin's change may touch any company.
    if (request.auth) app.dashboardCache.invalidate(request.auth.user.company_id);
    return payload;
  });
}

export default fp(dashboardFreshness, { name: 'dashboard-freshness', dependencies: ['auth'] });
