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
 * Invitations are limited per company in the database (modules/invitations/sendLimit.ts): a mail
 * must be counted once whichever process sends it. These limits live in the process, like
 * rate-limit.ts: they guard the process's own connection.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@contract';
import type { Clock } from '../lib/clock';
import { HttpError } from '../lib/http-error';
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

/** Ends a person's export or import (idempotent: the stream's end and the socket's close both call it). */
export type Release = () => void;

export interface CostLimiter {
  readonly settings: CostLimitSettings;
  /** Counts one costly list call of a person; 429 with Retry-After over the limit. */
  countSearch(userId: number): void;
  /** Starts a person's export: 429 while another of theirs runs or over the limit. */
  startExport(userId: number): Release;
  /** Starts a person's import: 429 while another of theirs runs. */
  startImport(userId: number): Release;
  /** Runs a person's costly reads one at a time, with a turn of the event loop before each waiting one. */
  inTurn<T>(userId: number, work: () => Promise<T>): Promise<T>;
  /** Forgets every counter (tests). */
  reset(): void;
}

const MAX_ENTRIES = 100_000;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const tooMany = (message: string, wait: number) => new HttpError(429, message, { headers: { 'retry-after': String(wait) } });

export function createCostLimiter(settings: CostLimitSettings, clock: Clock): CostLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const running = new Set<string>();
  const turns = new Map<number, Promise<void>>();

  /** Seconds to wait when `key` is past its limit (the call is then not counted), else 0 after counting it. */
  function hit(key: string, limit: Limit): number {
    const now = clock().getTime();
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      if (windows.size >= MAX_ENTRIES) for (const [k, e] of windows) if (e.resetAt <= now) windows.delete(k);
      w = { count: 0, resetAt: now + limit.windowMs };
      windows.set(key, w);
    }
    if (w.count >= limit.max) return seconds(w.resetAt - now);
    w.count += 1;
    return 0;
  }

  function hold(key: string, message: string): Release {
    if (running.has(key)) throw tooMany(message, settings.busyRetryAfterS);
    running.add(key);
    let held = true;
    return () => {
      if (held) running.delete(key);
      held = false;
    };
  }

  return {
    settings,
    countSearch(userId) {
      const wait = hit(`search|${userId}`, settings.search);
      if (wait) throw tooMany(MESSAGES.limits.tooManySearches, wait);
    },
    startExport(userId) {
      // The running export is checked first, so a refused second one does not use up the minute's count.
      const release = hold(`export|${userId}`, MESSAGES.limits.exportRunning);
      const wait = hit(`export|${userId}`, settings.export);
      if (wait) {
        release();
        throw tooMany(MESSAGES.limits.tooManyExports, wait);
      }
      return release;
    },
    startImport: (userId) => hold(`import|${userId}`, MESSAGES.limits.importRunning),
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
    reset() {
      windows.clear();
      running.clear();
    },
  };
}

async function costLimitPlugin(app: FastifyInstance, options: { limits: CostLimitSettings }): Promise<void> {
  app.decorate('costs', createCostLimiter(options.limits, app.clock));
}

export default fp(costLimitPlugin, { name: 'cost-limits' });
