/**
 * Authentication and authorization for every route, present and future. Every /api route takes
 * its rule (`Access`) from its row in route-access.ts, set here as the route registers; a route
 * without a row, or declaring a rule of its own that differs, makes the app refuse to start.
 * Pages and files outside /api declare their own (public) rule. The company always comes from
 * the signed-in user (docs/architecture.md, tenancy), never from the request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX, MESSAGES } from '@contract';
import { companyIdOf } from '../lib/company';
import { forbidden, HttpError, unauthenticated } from '../lib/http-error';
import type { TokenService } from '../lib/jwt';
import { permissionsOfUser } from '../modules/roles/repository';
import { findSessionUser } from '../modules/sessions/repository';
import { ACCESS_STAMP_HEADER, accessStamp } from '../modules/sessions/stamp';
import { ROUTE_ACCESS, type RouteAccessTable } from '../route-access';
import type { Access, AuthContext } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

/** Where sessions are read (the read connection) and their last-seen stamp written. */
export const sessionsOf = (app: FastifyInstance) => ({
  reader: app.readDb,
  writer: app.db,
  onError: (error: unknown) => app.log.warn({ err: error }, 'noting a session as seen failed'),
});

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The signed-in caller of a request that carries a valid token of a live session, else null.
 * Everything is read again on every request (the user, its status, role and permissions), so a
 * change made by an admin takes effect on the caller's next request, with no sign-out.
 */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<(AuthContext & { stamp: string }) | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await app.tokens.verify(token);
  if (!claims) return null;
  const user = await findSessionUser(sessionsOf(app), claims.sessionId, claims.userId, app.clock().toISOString());
  // A disabled user's sessions die at once; a deleted user has no row to join.
  if (!user || user.status !== 'active') return null;
  let cached: Promise<ReadonlySet<string>> | undefined;
  return {
    user,
    stamp: accessStamp(user),
    sessionId: claims.sessionId,
    permissions() {
      cached ??= permissionsOfUser(app.readDb, user).then((names) => new Set(names));
      return cached;
    },
  };
}

async function authorize(access: Access, auth: AuthContext): Promise<void> {
  const { user } = auth;
  switch (access.kind) {
    case 'signedIn':
    case 'payload':
      if (access.company) companyIdOf(user);
      return;
    case 'superAdmin':
      if (user.user_type !== 'super_admin') throw forbidden('super_admin');
      return;
    case 'permission': {
      const held = await auth.permissions();
      const missing = [access.permission, ...(access.also ?? [])].find((p) => !held.has(p));
      if (missing) throw forbidden(missing);
      if (access.company !== false) companyIdOf(user);
      return;
    }
    case 'anyPermission': {
      const held = await auth.permissions();
      if (!access.permissions.some((p) => held.has(p))) throw forbidden(access.permissions[0]!);
      if (access.company !== false) companyIdOf(user);
      return;
    }
    default:
      throw new HttpError(500, MESSAGES.generic.serverError);
  }
}

const sameRule = (a: Access, b: Access) => JSON.stringify(a) === JSON.stringify(b);

/** The rule of an /api route from the table, for the onRoute hook; throws (the app does not start) without one. */
function ruleOf(table: RouteAccessTable, method: string, url: string, declared: Access | undefined): Access {
  // Fastify adds a HEAD route beside each GET: it answers as the GET does.
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  const rule = table[key];
  if (!rule) throw new Error(`Route ${key} has no row in server/src/route-access.ts (ROUTE_ACCESS): add one saying who may call it`);
  if (declared && !sameRule(declared, rule)) {
    throw new Error(`Route ${key} declares an access rule that differs from its row in server/src/route-access.ts: the table is the one source`);
  }
  return rule;
}

async function authPlugin(app: FastifyInstance, options: { tokens: TokenService; table?: RouteAccessTable }): Promise<void> {
  const table = options.table ?? ROUTE_ACCESS;
  app.decorate('tokens', options.tokens);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    const declared = (route.config as { access?: Access } | undefined)?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rules = methods.map((method) => ruleOf(table, String(method), route.url, declared));
    if (rules.some((rule) => !sameRule(rule, rules[0]!))) throw new Error(`Route ${methods.join('|')} ${route.url} has methods with different rules: register them apart`);
    route.config = { ...route.config, access: rules[0]! };
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    const auth = await authenticate(app, request);
    if (!auth) throw unauthenticated();
    // Set before the permission check, so a 403 tells the client its permissions changed too.
    reply.header(ACCESS_STAMP_HEADER, auth.stamp);
    request.auth = auth;
    await authorize(access, auth);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

/**
 * Checks, inside a handler, the permission a route's payload decides (POST /acl/role: create or
 * edit; PUT /users/{id}: profile or managed user). The permission must be one its table row names,
 * so the table stays the whole story of who may call the route.
 */
export async function ensureAccess(request: FastifyRequest, access: Extract<Access, { kind: 'permission' }>): Promise<AuthContext> {
  const auth = caller(request);
  const rule = request.routeOptions.config.access;
  if (rule?.kind !== 'payload' || !rule.permissions.includes(access.permission)) {
    throw new Error(`${request.routeOptions.method} ${request.routeOptions.url}: ${access.permission} is not named by its row in route-access.ts`);
  }
  await authorize(access, auth);
  return auth;
}

/** The signed-in caller of a route whose access is not public. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
