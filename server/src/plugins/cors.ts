/**
 * CORS: only origins in ALLOWED_ORIGINS, the public URL's own origin and same-origin requests get
 * CORS headers for the API; the script files under /embed/ are open to every origin. Tokens travel in the Authorization header (no cookies), so no credentials mode.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_STAMP_HEADER } from '../modules/sessions/stamp';

export const EMBED_PREFIX = '/embed/';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

async function corsPlugin(app: FastifyInstance): Promise<void> {
  const allowed = new Set(app.config.allowedOrigins.map(originOf).filter((o): o is string => o !== null));
  const own = originOf(app.config.publicUrl);
  if (own) allowed.add(own);

  const isAllowed = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    if (!origin) return false;
    return allowed.has(origin) || origin === `${request.protocol}://${request.host}`;
  };
  app.decorate('originAllowed', isAllowed);

  await app.register(cors, {
    delegator: (request: FastifyRequest, callback: (error: Error | null, options: Record<string, unknown>) => void) => {
      // The script files are public code like any CDN's: every page may load them (a page not yet
      // allowed must still load the widget, which then says what to add to ALLOWED_ORIGINS).
      if (request.url.startsWith(EMBED_PREFIX)) {
        callback(null, { origin: '*', methods: ['GET', 'HEAD'], credentials: false, maxAge: 600 });
        return;
      }
      callback(null, {
        origin: isAllowed(request),
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Company-ID', 'Accept'],
        // The access stamp tells a signed-in widget its permissions changed (modules/sessions/stamp.ts).
        exposedHeaders: ['Retry-After', ACCESS_STAMP_HEADER],
        credentials: false,
        maxAge: 600,
      });
    },
  } as Parameters<typeof cors>[1]);
}

export default fp(corsPlugin, { name: 'cors' });
