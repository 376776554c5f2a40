/**
 * The EstateDesk reference API (every call of src/contract/) as a Fastify instance. Everything is a
 * plugin; options let tests and the benchmark inject the database, clock, limits, mail transport
 * and logging.
 *
 * @example
 * const app = buildApp({ config: { dataDir: '/tmp/ed' }, logger: false });
 * const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { API_PREFIX } from '@contract';
import { type ConfigInput, resolveConfig } from './config';
import type { DbHandle } from './db/connect';
import type { DemoHashes } from './db/seed';
import { type Clock, systemClock } from './lib/clock';
import { closeSilentConnections, connectionOptions } from './lib/connections';
import { createTokenService } from './lib/jwt';
import accountRoutes from './modules/account/routes';
import appointmentRoutes from './modules/appointments/routes';
import dueAppointmentRoutes from './modules/appointments/due.routes';
import authRoutes from './modules/auth/routes';
import companyRoutes from './modules/companies/routes';
import dashboardFreshness from './modules/dashboard/freshness';
import dashboardRoutes from './modules/dashboard/routes';
import healthRoutes from './modules/health/routes';
import leadRoutes from './modules/leads/routes';
import activityRoutes from './modules/activity/routes';
import activityStream from './modules/activity/stream';
import { mailboxEnabled } from './modules/mail/access';
import mailboxRoutes from './modules/mail/routes';
import propertyRoutes from './modules/properties/routes';
import referenceRoutes from './modules/reference/routes';
import roleRoutes from './modules/roles/routes';
import twoFactorRoutes from './modules/two-factor/routes';
import { dnsResolve, type Resolve } from './modules/webhooks/addresses';
import webhookRoutes from './modules/webhooks/routes';
import webhookWorker from './modules/webhooks/worker';
import avatarRoutes from './modules/users/avatar.routes';
import managedUserRoutes from './modules/users/managed.routes';
import userRoutes from './modules/users/routes';
import workflowRoutes from './modules/workflows/routes';
import authPlugin from './plugins/auth';
import bodyDrainPlugin from './plugins/body-drain';
import compressionPlugin from './plugins/compression';
import costLimitPlugin, { type CostLimitSettings, DEFAULT_COST_LIMITS } from './plugins/cost-limits';
import corsPlugin from './plugins/cors';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import mailPlugin, { type MailTransport } from './plugins/mail';
import rateLimitPlugin, { DEFAULT_RATE_LIMITS, type LimitName, type LimitPair, type RateLimitSettings } from './plugins/rate-limit';
import securityHeadersPlugin from './plugins/security-headers';
import sharedStatePlugin from './plugins/shared-state';
import staticPlugin, { type StaticDirs } from './plugins/static';
import type { RouteAccessTable } from './route-access';
import type { RouteSummary } from './types';
import './types';

export type { AppConfig } from './config';
export type { DbHandle } from './db/connect';
export { openPostgres, openSqlite } from './db/connect';
export { DEMO_ACCOUNTS, hashDemoPasswords } from './db/seed';
export type { MailTransport } from './plugins/mail';
export { DEFAULT_RATE_LIMITS } from './plugins/rate-limit';
export { DEFAULT_COST_LIMITS } from './plugins/cost-limits';

export interface BuildAppOptions {
  /** Settings; missing ones get their defaults (the environment is read by server.ts, not here). */
  config?: ConfigInput;
  /** An open database; otherwise DATABASE_URL or DATA_DIR/estatedesk.sqlite is opened. */
  db?: DbHandle;
  /** Leave an injected database open when the app closes. */
  keepDbOpen?: boolean;
  /** Run migrations at start (default true). */
  migrate?: boolean;
  /** Seed the demo data into a database without users (default: config.demoData); tests pass pre-made hashes. */
  demo?: boolean | { hashes?: DemoHashes };
  /** Time source (default: the system clock). */
  now?: Clock;
  /** Rate limits per call; unspecified ones keep DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<Record<LimitName, Partial<LimitPair>>>;
  /** Per-person search and export limits and the per-company invitation limit; unspecified ones keep DEFAULT_COST_LIMITS. */
  costLimits?: Partial<CostLimitSettings>;
  /** Mail transport (nodemailer-like); without it and without SMTP_URL mails stay in the outbox. */
  mailTransport?: MailTransport;
  /** Fastify logger options; `false` is silent. Default: JSON logs at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** Where the built app, examples and loader live (default: found from the repository root). */
  staticDirs?: Partial<StaticDirs>;
  /** Access token lifetime (default 12 hours). */
  tokenTtlMs?: number;
  /** Largest JSON body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Who may call each /api route (default: ROUTE_ACCESS, src/route-access.ts); tests add rows for probe routes. */
  routeAccess?: RouteAccessTable;
  /** How webhook hosts are resolved (default: the system's DNS); tests answer names of their own. */
  resolveHost?: Resolve;
}

const TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

function mergeLimits(overrides: BuildAppOptions['rateLimits'] = {}): RateLimitSettings {
  const out = { ...DEFAULT_RATE_LIMITS };
  for (const [name, pair] of Object.entries(overrides) as Array<[LimitName, Partial<LimitPair> | undefined]>) {
    if (pair) out[name] = { ...DEFAULT_RATE_LIMITS[name], ...pair };
  }
  return out;
}

/** Builds the app; `await app.ready()` (or the first `inject`) loads the plugins. */
export function buildApp(options: BuildAppOptions = {}): FastifyInstance {
  const config = resolveConfig(options.config);
  const clock = options.now ?? systemClock;
  const app = Fastify({
    logger:
      options.logger ??
      ({
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie'],
      } as FastifyServerOptions['logger']),
    trustProxy: config.trustProxy,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    ...connectionOptions(config.connections),
  });
  // Past the cap Node closes new connections at once: slow clients cannot take every socket.
  app.server.maxConnections = config.connections.maxConnections;
  closeSilentConnections(app.server, config.connections);

  const routeList: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });
  app.decorate('routeList', routeList);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('startedAt', performance.now());
  app.decorate('resolveHost', options.resolveHost ?? dnsResolve);

  app.register(errorsPlugin);
  app.register(securityHeadersPlugin);
  // Before any route: it reaches each route through an onRoute hook.
  app.register(compressionPlugin);
  app.register(bodyDrainPlugin);
  app.register(dbPlugin, { handle: options.db, keepOpen: options.keepDbOpen, migrate: options.migrate, demo: options.demo ?? config.demoData });
  app.register(sharedStatePlugin);
  app.register(rateLimitPlugin, { limits: mergeLimits(options.rateLimits) });
  app.register(costLimitPlugin, { limits: { ...DEFAULT_COST_LIMITS, ...options.costLimits } });
  app.register(mailPlugin, { transport: options.mailTransport });
  // CORS answers preflights before authentication looks for a token.
  app.register(corsPlugin);
  app.register(authPlugin, {
    tokens: createTokenService(config.jwtSecret, clock, options.tokenTtlMs ?? TOKEN_TTL_MS),
    ...(options.routeAccess ? { table: options.routeAccess } : {}),
  });
  // Before the routes: its hook must reach every one of them.
  app.register(dashboardFreshness);
  // Follows the activity log and sends webhook deliveries (modules/webhooks/worker.ts).
  app.register(webhookWorker);

  app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(accountRoutes);
      await api.register(twoFactorRoutes);
      await api.register(managedUserRoutes);
      await api.register(avatarRoutes);
      await api.register(leadRoutes);
      await api.register(workflowRoutes);
      await api.register(propertyRoutes);
      await api.register(companyRoutes);
      await api.register(roleRoutes);
      await api.register(dashboardRoutes);
      await api.register(appointmentRoutes);
      await api.register(dueAppointmentRoutes);
      await api.register(activityRoutes);
      await api.register(activityStream);
      await api.register(webhookRoutes);
    },
    { prefix: API_PREFIX },
  );
  // GET /api/v1/openapi.json and the reference page /api/docs (it registers its own prefixes).
  app.register(referenceRoutes);
  if (!options.mailTransport && !config.smtpUrl && mailboxEnabled(config)) app.register(mailboxRoutes);
  app.register(staticPlugin, { dirs: options.staticDirs });
  return app;
}
