/**
 * Cost limits: no single signed-in person can hold the database. On SQLite every request of the
 * process shares one synchronous connection, so one person's parallel exports or 1,000-row
 * searches kept everyone else (health checks included) waiting for seconds.
 *
 * - One export and one import at a time per person: a second one while the first runs is 429.
 * - Searches (a list call with search text or a page beyond the widget's sizes) and exports
 *   counted per person in a fixed window: over the limit, 429.
 * - A person's searches run one after another with a turn of the event loop between them, so
 *   requests of others that arrived meanwhile are answered before the next one starts.
 *
 * The windows and the running exports and imports are counted in the shared state
 * (shared-state/), like rate-limit.ts, so a person gets the same limits from every process.
 * Invitations are limited per company in the database (modules/invitations/sendLimit.ts). Only
 * the turns of one person's searches are kept per process: they share out that process's time.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@contract';
import type { Clock } from '../lib/clock';
import { HttpError } from '../lib/http-error';
import { MemoryStore } from '../shared-state/memory';
import type { SharedStore } from '../shared-state/store';
import type { Limit } from './rate-limit';

export interface CostLimitSettings {
  /** Costly list calls per person. */
  search: Limit;
  /** Exports started per person. */
  export: Limit;
  /** Invitation mails (new and resent) per company. */
  invitations: Limit;
  /** Retry-After, in seconds, of a second export or import while the person's first still runs. */
  busyRetryAfterS: number;
}

const MIN = 60_000;

/**
 * The widget asks for one 1,000-row page per search, 500 ms after typing stops: 30 a minute is a
 * person searching steadily. An export streams the whole tab; a few a minute is plenty. 30
 * invitations an hour lets a company take on a team while capping what it can mail.
 */
export const DEFAULT_COST_LIMITS: CostLimitSettings = {
  search: { max: 30, windowMs: MIN },
  export: { max: 5, windowMs: MIN },
  invitations: { max: 30, windowMs: 60 * MIN },
  busyRetryAfterS: 10,
};

/** The environment's overrides: LIMIT_SEARCHES_PER_MINUTE, LIMIT_EXPORTS_PER_MINUTE, LIMIT_INVITATIONS_PER_HOUR (positive integers). */
export function costLimitsFromEnv(env: Readonly<Record<string, string | undefined>>): Partial<CostLimitSettings> {
  const count = (name: string): number | null => {
    const raw = env[name]?.trim();
    if (!raw) return null;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
    return n;
  };
  const out: Partial<CostLimitSettings> = {};
  const searches = count('LIMIT_SEARCHES_PER_MINUTE');
  const exports = count('LIMIT_EXPORTS_PER_MINUTE');
  const invitations = count('LIMIT_INVITATIONS_PER_HOUR');
  if (searches) out.search = { max: searches, windowMs: MIN };
  if (exports) out.export = { max: exports, windowMs: MIN };
  if (invitations) out.invitations = { max: invitations, windowMs: 60 * MIN };
  return out;
}

/**
 * Ends a person's export or import (idempotent: the stream's end and the socket's close both call
 * it); resolves once the end is stored, never rejects.
 */
export type Release = () => Promise<void>;

export interface CostLimiter {
  readonly settings: CostLimitSettings;
  /** Counts one costly list call of a person; 429 with Retry-After over the limit. */
  countSearch(userId: number): Promise<void>;
  /** Starts a person's export: 429 while another of theirs runs (on any process) or over the limit. */
  startExport(userId: number): Promise<Release>;
  /** Starts a person's import: 429 while another of theirs runs (on any process). */
  startImport(userId: number): Promise<Release>;
  /** Runs a person's costly reads one at a time, with a turn of the event loop before each waiting one. */
  inTurn<T>(userId: number, work: () => Promise<T>): Promise<T>;
  /** Forgets every counter (tests). */
  reset(): Promise<void>;
}

/**
 * A running export or import holds a lease in the shared state. It is renewed while the work runs
 * and lapses LEASE_MS after a process died holding it, so nobody stays locked out for long.
 */
export const LEASE_MS = 60_000;
const RENEW_MS = LEASE_MS / 3;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const tooMany = (message: string, wait: number) => new HttpError(429, message, { headers: { 'retry-after': String(wait) } });

/** The windows and leases live in `store` (shared-state/), so every process counts alike. */
export function createCostLimiter(settings: CostLimitSettings, clock: Clock, store: SharedStore = new MemoryStore()): CostLimiter {
  const turns = new Map<number, Promise<void>>();
  const holder = randomUUID();
  let leases = 0;

  /** Seconds to wait when `key` is past its limit, else 0. */
  async function hit(key: string, limit: Limit): Promise<number> {
    const now = clock().getTime();
    const { count, resetAt } = await store.hit(key, limit.windowMs, now);
    return count > limit.max ? seconds(resetAt - now) : 0;
  }

  /** Releases on their way to the store, by key: this process's next start waits for them. */
  const releasing = new Map<string, Promise<void>>();

  async function hold(key: string, message: string): Promise<Release> {
    // A release this process began (a client hung up) lands before the next try is judged.
    await releasing.get(key);
    // Real time, not the app's clock: a lease guards work that runs now.
    const lease = `${holder}:${(leases += 1)}`;
    const taken = await store.change<string, boolean>(key, Date.now(), (current) =>
      current ? { next: 'keep', result: false } : { next: { value: lease, expiresAt: Date.now() + LEASE_MS }, result: true },
    );
    if (!taken) throw tooMany(message, settings.busyRetryAfterS);
    const renew = setInterval(() => {
      store
        .change<string, void>(key, Date.now(), (current) => ({
          next: current === lease ? { value: lease, expiresAt: Date.now() + LEASE_MS } : 'keep',
          result: undefined,
        }))
        .catch(() => undefined);
    }, RENEW_MS);
    renew.unref();
    let released: Promise<void> | null = null;
    return () => {
      clearInterval(renew);
      // A lapsed lease another export took since is theirs: only our own is removed.
      if (!released) {
        const done = store
          .change<string, void>(key, Date.now(), (current) => ({
            next: current === lease ? null : 'keep',
            result: undefined,
          }))
          .catch(() => undefined)
          .finally(() => {
            if (releasing.get(key) === done) releasing.delete(key);
          });
        releasing.set(key, done);
        released = done;
      }
      return released;
    };
  }

  return {
    settings,
    async countSearch(userId) {
      const wait = await hit(`cost|search|${userId}`, settings.search);
      if (wait) throw tooMany(MESSAGES.limits.tooManySearches, wait);
    },
    async startExport(userId) {
      // The running export is checked first, so a refused second one does not use up the minute's count.
      const release = await hold(`cost|export-running|${userId}`, MESSAGES.limits.exportRunning);
      const wait = await hit(`cost|export|${userId}`, settings.export).catch(async (error: unknown) => {
        await release();
        throw error;
      });
      if (wait) {
        await release();
        throw tooMany(MESSAGES.limits.tooManyExports, wait);
      }
      return release;
    },
    startImport: (userId) => hold(`cost|import-running|${userId}`, MESSAGES.limits.importRunning),
    async inTurn(userId, work) {
      const before = turns.get(userId);
      let done!: () => void;
      const mine = new Promise<void>((resolve) => (done = resolve));
      turns.set(userId, mine);
      try {
        if (before) {
          await before;
          // Without this turn the next search would start in the same tick as the last one ended,
          // and requests still unread on their sockets would wait for the whole line.
          await nextTurn();
        }
        return await work();
      } finally {
        done();
        if (turns.get(userId) === mine) turns.delete(userId);
      }
    },
    reset: () => store.clear(),
  };
}

async function costLimitPlugin(app: FastifyInstance, options: { limits: CostLimitSettings }): Promise<void> {
  app.decorate('costs', createCostLimiter(options.limits, app.clock, app.shared.store));
}

export default fp(costLimitPlugin, { name: 'cost-limits', dependencies: ['shared-state'] });
