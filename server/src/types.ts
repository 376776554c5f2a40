/**
 * What the plugins add to Fastify's instance, request and route config.
 */
import type { Resolve } from './modules/webhooks/addresses';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Permission } from '@contract';
import type { AppConfig } from './config';
import type { DialectName } from './db/dialect';
import type { Database, UserRow } from './db/schema';
import type { Clock } from './lib/clock';
import type { CostLimiter } from './plugins/cost-limits';
import type { Mailer } from './plugins/mail';
import type { RateLimiter } from './plugins/rate-limit';

/**
 * Who may call a route. Every /api route has one, from its row in route-access.ts; the auth plugin
 * refuses to start otherwise, so a new route cannot be public by accident.
 * - `public`: anyone.
 * - `signedIn`: any signed-in user. `company` (default false): the route works on the caller's
 *   company, so a user without one (the super admin) is refused with 403 "Company ID not found.".
 * - `permission`: agents need the permission and every one in `also` (403 naming the first
 *   missing); other user types hold them all (src/core/can.ts). `company` (default true): as for `signedIn`.
 * - `anyPermission`: as `permission`, but one of the list is enough.
 * - `payload`: the body decides which permission is needed (create or edit): the plugin checks
 *   the caller (and `company`, default false), the handler calls `ensureAccess` with one of
 *   `permissions`; `rule` says when which, for the reader of the table.
 * - `superAdmin`: only the super admin (company management).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn'; company?: boolean }
  | { kind: 'permission'; permission: Permission; also?: readonly Permission[]; company?: boolean }
  | { kind: 'anyPermission'; permissions: readonly Permission[]; company?: boolean }
  | { kind: 'payload'; permissions: readonly Permission[]; company?: boolean; rule: string }
  | { kind: 'superAdmin' };

/** The signed-in caller, resolved once per request. */
export interface AuthContext {
  user: Omit<UserRow, 'password_hash'> & { role_name: string | null };
  sessionId: string;
  /** The caller's permission names (docs/product/roles.md: agents get their role's, everyone else all). */
  permissions(): Promise<ReadonlySet<string>>;
}

/**
 * What services use of the app: the database, the clock, the settings and the mailer. The app
 * itself is one; a test or a script may pass any object with these.
 */
export type Deps = Pick<FastifyInstance, 'db' | 'clock' | 'config' | 'mailer'>;

export interface RouteSummary {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    /**
     * For reads that need not see the caller's own uncommitted writes (every read outside a
     * transaction): on SQLite a connection of its own, so reads never wait behind a long write
     * transaction such as an import; elsewhere the same as `db`.
     */
    readDb: Kysely<Database>;
    dialect: DialectName;
    clock: Clock;
    mailer: Mailer;
    limiter: RateLimiter;
    costs: CostLimiter;
    /** Whether the request's Origin may call the API (ALLOWED_ORIGINS, the public URL, same origin). */
    originAllowed: (request: FastifyRequest) => boolean;
    /** Every route registered, for the authorization-table coverage test. */
    routeList: RouteSummary[];
    /** Monotonic start time (ms) for the health answer. */
    startedAt: number;
    /** How webhook hosts are resolved before anything is sent (modules/webhooks/addresses.ts). */
    resolveHost: Resolve;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The query and body schemas a route() declared (lib/route.ts), for the tests. */
    schemas?: { query?: unknown; body?: unknown };
  }
}
