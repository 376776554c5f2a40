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

const MIN = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signIn: { ip: { max: 30, windowMs: 5 * MIN }, account: { max: 10, windowMs: 15 * MIN } },
  register: { ip: { max: 10, windowMs: 60 * MIN }, account: { max: 5, windowMs: 60 * MIN } },
  forgotPassword: { ip: { max: 10, windowMs: 15 * MIN }, account: { max: 5, windowMs: 60 * MIN } },
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
  /** Forgets every counter (tests). */
  reset(): void;
}

export function createRateLimiter(settings: RateLimitSettings, clock: Clock): RateLimiter {
  const windows = new Map<string, Window>();

  function prune(now: number): void {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    // Still too many live keys (a flood of distinct IPs): drop the oldest; Maps keep insertion order.
    while (windows.size > MAX_ENTRIES) windows.delete(windows.keys().next().value as string);
  }

  /** Counts one hit; returns seconds to wait when over the limit, else 0. */
  function hit(key: string, limit: Limit, now: number): number {
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      if (windows.size >= MAX_ENTRIES) prune(now);
      w = { count: 0, resetAt: now + limit.windowMs };
      windows.set(key, w);
    }
    w.count += 1;
    return w.count > limit.max ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 0;
  }

  return {
    guard(name, accountOf) {
      return async (request) => {
        const limits = settings[name];
        const now = clock().getTime();
        let wait = hit(`${name}|ip|${request.ip}`, limits.ip, now);
        const raw = accountOf(request);
        if (typeof raw === 'string' && raw.trim()) {
          const account = raw.trim().toLowerCase().slice(0, 320);
          wait = Math.max(wait, hit(`${name}|acct|${account}`, limits.account, now));
        }
        if (wait > 0) {
          throw new HttpError(429, MESSAGES.generic.tooManyRequests, { headers: { 'retry-after': String(wait) } });
        }
      };
    },
    reset: () => windows.clear(),
  };
}

async function rateLimitPlugin(app: FastifyInstance, options: { limits: RateLimitSettings }): Promise<void> {
  app.decorate('limiter', createRateLimiter(options.limits, app.clock));
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
