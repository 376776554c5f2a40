/**
 * Authentication and authorization for every route, present and future. A route declares its
 * `config.access` (see `Access`); routes under /api without one make the app refuse to start.
 * The company always comes from the signed-in user (DESIGN: tenancy), never from the request.
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
import type { Access, AuthContext } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}

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
  const user = await findSessionUser(app.db, claims.sessionId, claims.userId, app.clock().toISOString());
  // A disabled user's sessions die at once; a deleted user has no row to join.
  if (!user || user.status !== 'active') return null;
  let cached: Promise<ReadonlySet<string>> | undefined;
  return {
    user,
    stamp: accessStamp(user),
    sessionId: claims.sessionId,
    permissions() {
      cached ??= permissionsOfUser(app.db, user).then((names) => new Set(names));
      return cached;
    },
  };
}

async function authorize(access: Access, auth: AuthContext): Promise<void> {
  const { user } = auth;
  switch (access.kind) {
    case 'signedIn':
      if (access.company) companyIdOf(user);
      return;
    case 'superAdmin':
      if (user.user_type !== 'super_admin') throw forbidden('super_admin');
      return;
    case 'permission':
      if (!(await auth.permissions()).has(access.permission)) throw forbidden(access.permission);
      if (access.company !== false) companyIdOf(user);
      return;
    default:
      throw new HttpError(500, MESSAGES.generic.serverError);
  }
}

async function authPlugin(app: FastifyInstance, options: { tokens: TokenService }): Promise<void> {
  app.decorate('tokens', options.tokens);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (route.url.startsWith(`${API_PREFIX}/`) && !access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
    }
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
 * Checks an access rule inside a handler, for a route whose rule depends on its payload
 * (PUT /users/{id}: profile or managed-user update).
 */
export async function ensureAccess(request: FastifyRequest, access: Access): Promise<AuthContext> {
  const auth = caller(request);
  await authorize(access, auth);
  return auth;
}

/** The signed-in caller of a route whose access is not public. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
