/**
 * Keeps the dashboard summary fresh: registered at the app's root (before the API routes, so its
 * hook runs for every one of them), it holds the summaries' cache and drops a company's entry when
 * one of its users changes anything — any successful POST, PUT, PATCH or DELETE under the API —
 * before that answer is sent, so the caller's next summary already counts the change. The drop is
 * sent on the shared bus (shared-state/bus.ts): every process of the server drops its entry too.
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
const TOPIC = 'dashboard-changed';
/** The message of a change by someone of no company (a super admin): every company's entry goes. */
const ANY = '*';

async function dashboardFreshness(app: FastifyInstance): Promise<void> {
  const cache = new SummaryCache<CompanySummary>(() => app.clock().getTime());
  app.decorate('dashboardCache', cache);
  app.shared.bus.subscribe(TOPIC, (company) => cache.invalidate(company === ANY ? null : Number(company)));
  // Messages missed while the bus was down may have named any company.
  app.shared.bus.onGap(() => cache.invalidate(null));
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400 || !request.url.startsWith(API_PREFIX)) return payload;
    // A sign-in or other public call changes no figure; a super admin's change may touch any company.
    if (!request.auth) return payload;
    // The change is committed: a failed message must not turn its answer into an error.
    await app.shared.bus
      .publish(TOPIC, String(request.auth.user.company_id ?? ANY))
      .catch((error: unknown) => request.log.warn({ err: error }, 'telling the other processes of a change failed'));
    return payload;
  });
}

export default fp(dashboardFreshness, { name: 'dashboard-freshness', dependencies: ['auth', 'shared-state'] });
