/**
 * Fixed-window rate limits per client IP and per account (e-mail, or the reset token) on the
 * sign-in, register, forgot, reset, verify and password-change calls. Over the limit: 429 with
 * Retry-After. In memory, so one process; limits and the clock come from buildApp options.
 *
 * Own code rather than @fastify/rate-limit because the account key is read from the parsed body,
 * two keys guard one route, and tests need the injectable clock.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../../src/contract';
import type { Clock } from '../lib/clock';
import { HttpError } from '../lib/http-error';

export interface Limit {
  max: number;
  windowMs: number;
}
export interface LimitPair {
  ip: Limit;
  account: Limit;
}
export type LimitName = 'signIn' | 'register' | 'forgotPassword' | 'resetPassword' | 'verifyEmail' | 'passwordChange';
export type RateLimitSettings = Record<LimitName, LimitPair>;

/** Calls whose successful attempts are given back: only failures count against the limit. */
const FAILURES_ONLY: ReadonlySet<LimitName> = new Set(['signIn', 'resetPassword', 'verifyEmail', 'passwordChange']);

const MIN = 60_000;
/**
 * Sign-in, reset, verification and password change count failed attempts only (a success gives
 * its attempt back); register and forgot-password count every call, since each one sends a mail.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signIn: { ip: { max: 30, windowMs: 5 * MIN }, account: { max: 10, windowMs: 15 * MIN } },
  register: { ip: { max: 20, windowMs: 60 * MIN }, account: { max: 5, windowMs: 60 * MIN } },
  forgotPassword: { ip: { max: 20, windowMs: 15 * MIN }, account: { max: 5, windowMs: 60 * MIN } },
  resetPassword: { ip: { max: 20, windowMs: 15 * MIN }, account: { max: 5, windowMs: 15 * MIN } },
  verifyEmail: { ip: { max: 20, windowMs: 15 * MIN }, account: { max: 5, windowMs: 15 * MIN } },
  passwordChange: { ip: { max: 20, windowMs: 15 * MIN }, account: { max: 10, windowMs: 15 * MIN } },
};

interface Window {
  count: number;
  resetAt: number;
}

const MAX_ENTRIES = 100_000;

export interface RateLimiter {
  /**
   * A preHandler counting the call against the IP and the account key (when `accountOf` finds
   * one); throws 429 with Retry-After once either is over its limit.
   */
  guard(name: LimitName, accountOf: (request: FastifyRequest) => unknown): preHandlerAsyncHookHandler;
  /** Gives back the attempts a request counted (called for successful answers of FAILURES_ONLY calls). */
  refund(request: FastifyRequest): void;
  /** Forgets every counter (tests). */
  reset(): void;
}

const counted = new WeakMap<FastifyRequest, Array<{ key: string; window: Window }>>();

export function createRateLimiter(settings: RateLimitSettings, clock: Clock): RateLimiter {
  const windows = new Map<string, Window>();

  function prune(now: number): void {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    // Still too many live keys (a flood of distinct IPs): drop the oldest; Maps keep insertion order.
    while (windows.size > MAX_ENTRIES) windows.delete(windows.keys().next().value as string);
  }

  /** Counts one hit; returns its window and the seconds to wait when over the limit, else 0. */
  function hit(key: string, limit: Limit, now: number): { window: Window; wait: number } {
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      if (windows.size >= MAX_ENTRIES) prune(now);
      w = { count: 0, resetAt: now + limit.windowMs };
      windows.set(key, w);
    }
    w.count += 1;
    return { window: w, wait: w.count > limit.max ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0 };
  }

  return {
    guard(name, accountOf) {
      return async (request) => {
        const limits = settings[name];
        const now = clock().getTime();
        const keys: Array<[string, Limit]> = [[`${name}|ip|${request.ip}`, limits.ip]];
        const raw = accountOf(request);
        if (typeof raw === 'string' && raw.trim()) keys.push([`${name}|acct|${raw.trim().toLowerCase().slice(0, 320)}`, limits.account]);
        let wait = 0;
        const hits: Array<{ key: string; window: Window }> = [];
        for (const [key, limit] of keys) {
          const result = hit(key, limit, now);
          wait = Math.max(wait, result.wait);
          hits.push({ key, window: result.window });
        }
        // Counted up front (so parallel attempts cannot slip through), given back on success.
        if (FAILURES_ONLY.has(name)) counted.set(request, hits);
        if (wait > 0) {
          throw new HttpError(429, MESSAGES.generic.tooManyRequests, { headers: { 'retry-after': String(wait) } });
        }
      };
    },
    refund(request) {
      for (const { key, window } of counted.get(request) ?? []) {
        // Only while the same window is current; a new window started from zero anyway.
        if (windows.get(key) === window && window.count > 0) window.count -= 1;
      }
      counted.delete(request);
    },
    reset: () => windows.clear(),
  };
}

async function rateLimitPlugin(app: FastifyInstance, options: { limits: RateLimitSettings }): Promise<void> {
  const limiter = createRateLimiter(options.limits, app.clock);
  app.decorate('limiter', limiter);
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 400) limiter.refund(request);
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
