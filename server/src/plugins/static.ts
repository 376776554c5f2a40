/**
 * Files: the built full-admin page at `/` (dist-app; a hint page when it is not built yet), the
 * examples at /examples/, the script-tag loader at /embed/ (dist-loader), and uploads under the
 * image prefix (DATA_DIR/uploads). Folders are found from the repository root, which is located
 * from this file, so the server works whatever the working directory.
 *
 * With media in a bucket (lib/media-store) the bucket serves the uploads; links to /uploads/ made
 * before the move (`npm run media:copy`) are sent there. The app's media store closes with it.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EMBED_ACCESS_PATH } from '@contract';
import { success } from '../lib/answers';
import { closeMediaStoreOf, uploadsFolder } from '../lib/media-store';
import { EMBED_PREFIX } from './cors';
import { pagesHook, sendPage } from './pages';

export interface StaticDirs {
  app: string;
  examples: string;
  embed: string;
}

/** The repository root: the nearest folder above this file whose package.json is "estatedesk". */
export function findRepoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'estatedesk') return dir;
      } catch {
        // Unreadable manifest: keep climbing.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export function defaultStaticDirs(root = findRepoRoot()): StaticDirs {
  return {
    app: path.join(root, 'dist-app'),
    examples: path.join(root, 'examples'),
    embed: path.join(root, 'dist-loader'),
  };
}

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>EstateDesk</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:3rem auto}</style></head>
<body>
<h1>EstateDesk</h1>
<p>The admin app is not built yet: run <code>npm run build</code> in the repository, then reload.</p>
<p>The API is up at <code>/api/v1</code>; demo mails are at <a href="/mailbox">/mailbox</a>.</p>
</body></html>`;

/** Where the data folder's uploads are served by default, and where older links point. */
const LOCAL_PREFIX = '/uploads/';

/** A year: what browsers and shared caches keep a file whose name changes with its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How long a built file may be kept: content-hashed chunks (every file under a `chunks/` folder)
 * and versioned files (`loader-0.1.0.js`) never change under their name; entry points that keep
 * their name (`app.js`, `loader.js`, `runtime.js`) are asked again each time and answered 304
 * while their ETag stands. `file` may be the `.br`/`.gz` copy being sent.
 *
 * @example cacheControlFor('/srv/dist-loader/chunks/core-B79omho5.js.br') // IMMUTABLE
 */
export function cacheControlFor(file: string): string {
  const name = file.replace(/\.(?:br|gz)$/, '');
  return /[\\/]chunks[\\/][^\\/]+$/.test(name) || /-\d+\.\d+\.\d+(?:-[\w.]+)?\.js$/.test(name) ? IMMUTABLE : 'no-cache';
}

/**
 * Built files go out as their brotli or gzip copy (scripts/precompress.mjs) with the caching above
 * (send's own `public, max-age=0` off, else it would replace ours); an answer that depends on
 * Accept-Encoding says so, for any cache in between.
 */
/**
 * The CORS plugin's `Vary: Origin` is a reply header, which Node writes over the one `setHeaders`
 * put on the raw response: the two are joined here.
 */
const joinVary = async (_request: unknown, reply: FastifyReply, payload: unknown) => {
  const built = reply.raw.getHeader('vary');
  const own = reply.getHeader('vary');
  if (built && own && !String(own).toLowerCase().includes('accept-encoding')) reply.header('vary', `${own}, Accept-Encoding`);
  return payload;
};

const BUILT: Partial<FastifyStaticOptions> = {
  preCompressed: true,
  cacheControl: false,
  setHeaders: (res, file) => {
    res.setHeader('cache-control', cacheControlFor(file));
    res.setHeader('vary', 'accept-encoding');
  },
};

/** Uploaded files are someone's content: never let the browser run them as a page. */
const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

export default async function staticPlugin(app: FastifyInstance, options: { dirs?: Partial<StaticDirs> }): Promise<void> {
  const dirs = { ...defaultStaticDirs(), ...options.dirs };
  const inBucket = app.config.mediaStorage.kind === 's3';
  const uploads = uploadsFolder(app.config.dataDir);
  if (!inBucket) mkdirSync(uploads, { recursive: true });
  const access = { access: { kind: 'public' as const } };
  app.addHook('onClose', () => closeMediaStoreOf(app.config));

  // A folder that is not built yet is fine (its files 404 until it is): no warning for it. The
  // wrapper gives @fastify/static (which logs through its parent) a quieter logger.
  // @fastify/static warns through its parent's logger, so the scope gets a quieter one.
  const quiet = (scope: FastifyInstance, dir: string) => {
    if (!existsSync(dir)) scope.log = scope.log.child({}, { level: 'error' });
  };
  const serve = (opts: FastifyStaticOptions) =>
    app.register(async (scope) => {
      quiet(scope, String(opts.root));
      scope.addHook('onSend', joinVary);
      await scope.register(fastifyStatic, opts);
    });

  await app.register(async (scope) => {
    quiet(scope, dirs.app);
    scope.addHook('onSend', joinVary);
    scope.addHook('preHandler', pagesHook(app, dirs.app, '/', false));
    await scope.register(fastifyStatic, { ...BUILT, root: dirs.app, prefix: '/', index: false, wildcard: true });
    // The page is under the 1 KB at which answers are compressed (plugins/compression.ts), but it is
    // the first thing every visit asks for, and asks again each time: it goes out compressed too.
    scope.get('/', { config: access, compress: { threshold: 0 } }, async (_request, reply) => {
      const html = await readFile(path.join(dirs.app, 'index.html'), 'utf8').catch(() => NOT_BUILT_PAGE);
      return sendPage(app, reply, html);
    });
  });
  await app.register(async (scope) => {
    quiet(scope, dirs.examples);
    scope.addHook('onSend', joinVary);
    scope.addHook('preHandler', pagesHook(app, dirs.examples, '/examples/', true));
    await scope.register(fastifyStatic, { ...BUILT, root: dirs.examples, prefix: '/examples/', decorateReply: false, index: ['index.html'], redirect: true });
  });
  await serve({ ...BUILT, root: dirs.embed, prefix: EMBED_PREFIX, decorateReply: false, index: false });
  app.get(EMBED_ACCESS_PATH, { config: access }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return success({ data: { origin: request.headers.origin ?? null, allowed: app.originAllowed(request) } });
  });
  if (inBucket) {
    app.get(`${LOCAL_PREFIX}*`, { config: access }, async (request, reply) => {
      const rest = request.url.slice(LOCAL_PREFIX.length).split('?', 1)[0] ?? '';
      return reply.header('cache-control', 'no-cache').redirect(`${app.config.imagePrefix}${rest}`, 302);
    });
    return;
  }
  // An image prefix on another origin (a bucket) is served there; a route cannot be a URL.
  if (!app.config.imagePrefix.startsWith('/')) return;
  await serve({
    root: uploads,
    prefix: app.config.imagePrefix,
    decorateReply: false,
    index: false,
    setHeaders: (res) => {
      res.setHeader('content-security-policy', UPLOAD_CSP);
    },
  });
}
