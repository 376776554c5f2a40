/**
 * HTML pages (the admin app, the examples) are answered here rather than by @fastify/static: each
 * answer carries a fresh nonce in its Content-Security-Policy and on its script and style
 * elements, so the file is rewritten per answer and never revalidated (no ETag, no Last-Modified:
 * a 304 would pair the cached page's old nonce with the new policy's).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createNonce, pagePolicy, withNonce } from '../lib/csp';

export function sendPage(app: FastifyInstance, reply: FastifyReply, html: string): FastifyReply {
  const nonce = createNonce();
  const policy = pagePolicy({ nonce, frameAncestors: app.config.frameAncestors, imagePrefix: app.config.imagePrefix });
  return reply
    .header('content-security-policy', policy)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(withNonce(html, nonce));
}

/**
 * The HTML file a request under `prefix` names inside `root`, or null when it names none (then
 * @fastify/static answers as before, with its own checks). With `index`, a folder's URL names its
 * index.html. Dot segments (`..`, hidden files) and NUL never name a page.
 */
export function pageFileFor(root: string, prefix: string, url: string, index: boolean): string | null {
  const pathname = url.split('?', 1)[0] ?? '';
  if (!pathname.startsWith(prefix)) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
  if (rel.includes('\0') || rel.includes('\\')) return null;
  if (rel === '' || rel.endsWith('/')) {
    if (!index) return null;
    rel += 'index.html';
  }
  if (!rel.endsWith('.html') || rel.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = path.resolve(root, rel);
  return file.startsWith(root + path.sep) ? file : null;
}

/** A preHandler for a static scope: answers its HTML pages with a nonce, leaves the rest alone. */
export function pagesHook(app: FastifyInstance, root: string, prefix: string, index: boolean) {
  const base = path.resolve(root);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const file = pageFileFor(base, prefix, request.url, index);
    if (!file) return;
    let html: string;
    try {
      html = await readFile(file, 'utf8');
    } catch {
      return; // Missing or a folder: @fastify/static answers (404, or a redirect to the folder's slash).
    }
    return sendPage(app, reply, html);
  };
}
