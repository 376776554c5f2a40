/**
 * Headers on every answer: no MIME sniffing, no referrer, framing as FRAME_ANCESTORS allows, and
 * HSTS when the public URL is https, and no caching of the API's answers (someone's data: no shared
 * cache may keep it, and the widgets ask again anyway) unless a route says otherwise. Pages set
 * their own Content-Security-Policy (plugins/pages.ts, the mailbox, uploads); the X-Frame-Options
 * here agrees with their frame-ancestors.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@contract';
import { frameOptionsFor } from '../lib/csp';

/** A year, subdomains included: browsers then never try plain http for this host again. */
export const HSTS = 'max-age=31536000; includeSubDomains';

async function securityHeadersPlugin(app: FastifyInstance): Promise<void> {
  const frameOptions = frameOptionsFor(app.config.frameAncestors);
  // Behind a TLS proxy the server itself speaks plain http, so the public URL, not the request,
  // says whether people reach the app over https (browsers ignore the header over http anyway).
  const hsts = app.config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    if (frameOptions && !reply.hasHeader('x-frame-options')) reply.header('x-frame-options', frameOptions);
    if (hsts) reply.header('strict-transport-security', HSTS);
    return payload;
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
