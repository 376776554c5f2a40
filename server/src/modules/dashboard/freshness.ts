/**
 * Keeps the dashboard summary fresh: registered at the app's root (before the API routes, so its
 * hook runs for every one of them), it holds the summaries' cache and drops a company's entry when
 * one of its users changes anything — any successful POST, PUT, PATCH or DELETE under the API —
 * before that answer is sent, so the caller's next summary already counts the change.
 *
 * Processes sharing one PostgreSQL learn of each other's changes through a stamp per company in
 * the shared store, written before the answer goes out and read before a cached summary is served:
 * the next summary on any process counts the change. (A message sent to the other processes would
 * arrive about when the caller's next request does, and sometimes after it.)
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@contract';
import { type CompanySummary, FRESH_MS, SummaryCache } from './cache';

export interface DashboardSummaries {
  /** The company's summary: the cached one while fresh and no process changed the company since. */
  get(companyId: number, compute: () => Promise<CompanySummary>): Promise<CompanySummary>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboardSummaries: DashboardSummaries;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The stamp moved by a change of someone of no company (a super admin): every company's entry goes. */
const ANY = '*';
/** A stamp outlives every entry cached before it moved, so an expired stamp can match no entry. */
const STAMP_MS = 2 * FRESH_MS;
const stampKey = (company: string) => `dashboard-stamp:${company}`;

async function dashboardFreshness(app: FastifyInstance): Promise<void> {
  const cache = new SummaryCache<CompanySummary>(() => app.clock().getTime());
  const { store } = app.shared;

  /** The company's stamp and the one of changes by nobody's company; one process needs none. */
  const stampOf = async (companyId: number): Promise<string | null> => {
    if (!store.shared) return null;
    const now = app.clock().getTime();
    const [own, any] = await Promise.all([store.get<string>(stampKey(String(companyId)), now), store.get<string>(stampKey(ANY), now)]);
    return `${own}/${any}`;
  };
  app.decorate('dashboardSummaries', {
    // The stamp is read before the count, so a change committed meanwhile moves it past this entry.
    get: async (companyId, compute) => cache.get(companyId, compute, await stampOf(companyId)),
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400 || !request.url.startsWith(API_PREFIX)) return payload;
    // A sign-in or other public call changes no figure; a super admin's change may touch any company.
    if (!request.auth) return payload;
    const companyId = request.auth.user.company_id;
    cache.invalidate(companyId);
    if (!store.shared) return payload;
    // The change is committed: a failed stamp must not turn its answer into an error (other
    // processes then count it within FRESH_MS).
    await store
      .put(stampKey(companyId === null ? ANY : String(companyId)), randomUUID(), app.clock().getTime() + STAMP_MS)
      .catch((error: unknown) => request.log.warn({ err: error }, 'telling the other processes of a change failed'));
    return payload;
  });
}

export default fp(dashboardFreshness, { name: 'dashboard-freshness', dependencies: ['auth', 'shared-state'] });
