/**
 * Rate limits on the sign-in, register, forgot, reset, verify and password-change calls. Over a
 * limit: 429 with Retry-After. Counted in the shared state (shared-state/), so every process of
 * the server counts the same attempts; limits and the clock come from buildApp options.
 *
 * - Per client IP: a fixed window across accounts. Past sign-in's, attempts are slowed rather
 *   than refused (`IpSlowdown`): one careless person or script must not lock out a whole office.
 * - Per account (e-mail, reset token, user): a fixed window — except sign-in, whose failures count
 *   per (IP, account) pair with doubling delays. A per-account window let anyone lock an admin out
 *   with ten wrong passwords; now only the address guessing is slowed, and the owner signs in
 *   from anywhere else.
 *
 * Own code rather than @fastify/rate-limit because the account key is read from the parsed body,
 * two keys guard one route, and tests need the injectable clock.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@contract';
import type { Clock } from '../lib/clock';
import { HttpError } from '../lib/http-error';
import { MemoryStore } from '../shared-state/memory';
import type { SharedStore } from '../shared-state/store';

export interface Limit {
  max: number;
  windowMs: number;
}
/**
 * What happens past a per-IP cap of sign-in instead of a refusal: attempts from the address queue
 * one per `stepMs` and are then checked as usual, so a colleague behind the same office NAT who
 * types the right password still gets in (after a short wait) while guessing stays slow. A queue
 * longer than `maxWaitMs` is refused (429).
 */
export interface IpSlowdown {
  stepMs: number;
  maxWaitMs: number;
}
export interface LimitPair {
  ip: Limit;
  /** Sign-in only: slow the address past its cap instead of refusing it. */
  ipSlowdown?: IpSlowdown;
  /**
   * Per account. For sign-in, per (IP, account) pair: `max` failures pass at once, each further
   * one waits SIGN_IN_BACKOFF's doubling delay, and the pair is forgotten `windowMs` after its
   * last wait ends.
   */
  account: Limit;
}
export type LimitName = 'signIn' | 'register' | 'forgotPassword' | 'resetPassword' | 'verifyEmail' | 'passwordChange' | 'twoFactor';
export type RateLimitSettings = Record<LimitName, LimitPair>;

/** Calls whose successful attempts are given back: only failures count against the limit. */
const FAILURES_ONLY: ReadonlySet<LimitName> = new Set(['signIn', 'resetPassword', 'verifyEmail', 'passwordChange', 'twoFactor']);
/** Calls whose account limit counts per (IP, account) pair with growing delays instead of a window. */
const PER_ADDRESS: ReadonlySet<LimitName> = new Set(['signIn']);

const MIN = 60_000;
/** The delays of sign-in failures past the free ones: 1 s, 2 s, 4 s, … at most 15 minutes. */
export const SIGN_IN_BACKOFF = { firstMs: 1000, maxMs: 15 * MIN } as const;

/**
 * Sign-in, reset, verification, password change and two-factor codes count failed attempts only (a success gives
 * its attempt back); register and forgot-password count every call, since each one sends a mail.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signIn: { ip: { max: 30, windowMs: 5 * MIN }, ipSlowdown: { stepMs: 2000, maxWaitMs: 20_000 }, account: { max: 5, windowMs: 60 * MIN } },
  register: { ip: { max: 20, windowMs: 60 * MIN }, account: { max: 5, windowMs: 60 * MIN } },
  forgotPassword: { ip: { max: 20, windowMs: 15 * MIN }, account: { max: 5, windowMs: 60 * MIN } },
  resetPassword: { ip: { max: 20, windowMs: 15 * MIN }, account: { max: 5, windowMs: 15 * MIN } },
  verifyEmail: { ip: { max: 20, windowMs: 15 * MIN }, account: { max: 5, windowMs: 15 * MIN } },
  passwordChange: { ip: { max: 20, windowMs: 15 * MIN }, account: { max: 10, windowMs: 15 * MIN } },
  // Two-factor codes, keyed by the person (not the challenge, which a new sign-in replaces): five
  // wrong codes in 15 minutes (each guess hits one of the three codes the ±1 step drift accepts: 3 in a million).
  twoFactor: { ip: { max: 20, windowMs: 15 * MIN }, account: { max: 5, windowMs: 15 * MIN } },
};

/** Failures of one (IP, account) pair: no attempt before `waitUntil` (the record expires `windowMs` after it). */
interface Slowdown {
  failures: number;
  waitUntil: number;
}

export interface RateLimiter {
  /**
   * A preHandler counting the call against the IP and the account key (when `accountOf` finds
   * one); throws 429 with Retry-After once either is over its limit.
   */
  guard(name: LimitName, accountOf: (request: FastifyRequest) => unknown): preHandlerAsyncHookHandler;
  /** Gives back the attempts a request counted (called for successful answers of FAILURES_ONLY calls). */
  refund(request: FastifyRequest): Promise<void>;
  /** Clears the sign-in slowdown of one address for one account (its owner proved who they are). */
  forgive(name: LimitName, ip: string, account: string): Promise<void>;
  /** Forgets every counter (tests). */
  reset(): Promise<void>;
}

type Counted = { kind: 'window'; key: string; resetAt: number } | { kind: 'slowdown'; key: string };
const counted = new WeakMap<FastifyRequest, Counted[]>();

const accountKey = (raw: unknown): string | null =>
  typeof raw === 'string' && raw.trim() ? raw.trim().toLowerCase().slice(0, 320) : null;
const pairKey = (name: LimitName, ip: string, account: string) => `limit|${name}|pair|${ip}|${account}`;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The counters live in `store` (shared-state/): this process's memory, or the database every
 * process of the server shares, so a limit counts the attempts sent to any of them.
 */
export function createRateLimiter(settings: RateLimitSettings, clock: Clock, store: SharedStore = new MemoryStore()): RateLimiter {
  /**
   * The real milliseconds an attempt from a slowed address waits for its turn, or null when the
   * queue is full. Turns are real time (the wait is real), kept until the last one has passed.
   */
  function queueTurn(key: string, slowdown: IpSlowdown): Promise<number | null> {
    const now = Date.now();
    return store.change<number, number | null>(key, now, (last) => {
      const turn = Math.max(now, last ?? 0) + slowdown.stepMs;
      if (turn - now > slowdown.maxWaitMs) return { next: 'keep', result: null };
      return { next: { value: turn, expiresAt: turn }, result: turn - now };
    });
  }

  /** Counts one hit; returns its window's end and the seconds to wait when over the limit, else 0. */
  async function hit(key: string, limit: Limit, now: number): Promise<{ resetAt: number; wait: number }> {
    const { count, resetAt } = await store.hit(key, limit.windowMs, now);
    return { resetAt, wait: count > limit.max ? seconds(resetAt - now) : 0 };
  }

  /**
   * The seconds a pair must still wait, or 0 after counting this attempt as a failure up front
   * (so parallel guesses cannot slip through; a success clears the pair). From the `max`-th
   * failure on, the next attempt waits SIGN_IN_BACKOFF.firstMs, doubling per failure; the pair is
   * forgotten `windowMs` after its last wait ends.
   */
  function slowDown(key: string, limit: Limit, now: number): Promise<number> {
    return store.change<Slowdown, number>(key, now, (s) => {
      if (s && s.waitUntil > now) return { next: 'keep', result: seconds(s.waitUntil - now) };
      const failures = (s?.failures ?? 0) + 1;
      const past = failures - limit.max;
      const delay = past < 0 ? 0 : Math.min(SIGN_IN_BACKOFF.maxMs, SIGN_IN_BACKOFF.firstMs * 2 ** Math.min(past, 30));
      const waitUntil = now + delay;
      return { next: { value: { failures, waitUntil }, expiresAt: waitUntil + limit.windowMs }, result: 0 };
    });
  }

  return {
    guard(name, accountOf) {
      return async (request) => {
        const limits = settings[name];
        const now = clock().getTime();
        const account = accountKey(accountOf(request));
        const ipKey = `limit|${name}|ip|${request.ip}`;
        const ip = await hit(ipKey, limits.ip, now);
        const hits: Counted[] = [{ kind: 'window', key: ipKey, resetAt: ip.resetAt }];
        let wait = ip.wait;
        let queued = 0;
        if (wait && limits.ipSlowdown) {
          // Past the address's cap: wait for a turn instead of being refused (see IpSlowdown).
          const turn = await queueTurn(`limit|${name}|queue|${request.ip}`, limits.ipSlowdown);
          if (turn === null) wait = seconds(limits.ipSlowdown.maxWaitMs);
          else [wait, queued] = [0, turn];
        }
        if (account && PER_ADDRESS.has(name)) {
          // Over the address's own cap nothing else is looked at, so the pair is not charged for it.
          if (!wait) {
            const key = pairKey(name, request.ip, account);
            wait = await slowDown(key, limits.account, now);
            if (!wait) hits.push({ kind: 'slowdown', key });
          }
        } else if (account) {
          const key = `limit|${name}|acct|${account}`;
          const result = await hit(key, limits.account, now);
          wait = Math.max(wait, result.wait);
          hits.push({ kind: 'window', key, resetAt: result.resetAt });
        }
        // Counted up front (so parallel attempts cannot slip through), given back on success.
        if (FAILURES_ONLY.has(name)) counted.set(request, hits);
        if (wait > 0) {
          throw new HttpError(429, MESSAGES.generic.tooManyRequests, { headers: { 'retry-after': String(wait) } });
        }
        if (queued) await sleep(queued);
      };
    },
    async refund(request) {
      const entries = counted.get(request) ?? [];
      counted.delete(request);
      for (const entry of entries) {
        if (entry.kind === 'slowdown') await store.remove(entry.key);
        // Only while the same window is current; a new window started from zero anyway.
        else await store.giveBack(entry.key, entry.resetAt);
      }
    },
    async forgive(name, ip, account) {
      const key = accountKey(account);
      if (key) await store.remove(pairKey(name, ip, key));
    },
    reset: () => store.clear(),
  };
}

async function rateLimitPlugin(app: FastifyInstance, options: { limits: RateLimitSettings }): Promise<void> {
  const limiter = createRateLimiter(options.limits, app.clock, app.shared.store);
  app.decorate('limiter', limiter);
  // Before the answer goes out, so the caller's next attempt (to any process) finds it given back.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400) await limiter.refund(request);
    return payload;
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['shared-state'] });
