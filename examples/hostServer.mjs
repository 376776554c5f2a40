#!/usr/bin/env node
/**
 * A plain static server for trying the examples as an agency would: on another origin than the
 * EstateDesk API. It serves this folder under /examples/ (and, for the end-to-end tests, extra
 * folders such as their fixtures), rewriting each page's script tag to the API's address —
 * `src="/embed/…"` → `src="<api>/embed/…"`, `data-api-base=""` → `data-api-base="<api>"` — the one
 * edit an agency makes when it pastes the snippet.
 *
 *   ALLOWED_ORIGINS=http://localhost:5173 npm start                  # the API on 127.0.0.1:8080
 *   node examples/hostServer.mjs --api http://127.0.0.1:8080 --port 5173
 *   open http://localhost:5173/examples/crm-host/
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** Rewrites a page's EstateDesk script tag (and `{{API}}` placeholders) to the API at `api`. */
export function pointAt(html, api) {
  return html
    .replaceAll('src="/embed/', `src="${api}/embed/`)
    .replaceAll('data-api-base=""', `data-api-base="${api}"`)
    .replaceAll('{{API}}', api);
}

/**
 * Starts the server. `mounts` maps URL prefixes to folders; returns its URL (with `hostname`, e.g.
 * `localhost`, so that it is another origin than an API on 127.0.0.1) and `close()`.
 * @example const host = await startHostServer({ api: 'http://127.0.0.1:8080', port: 5173 });
 */
export async function startHostServer({ api, port = 0, hostname = 'localhost', listen = '127.0.0.1', mounts = {} }) {
  const roots = { '/examples/': new URL('.', import.meta.url).pathname, ...mounts };
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/') {
        res.writeHead(302, { location: '/examples/' }).end();
        return;
      }
      const prefix = Object.keys(roots).find((p) => url.pathname.startsWith(p));
      if (!prefix) return void res.writeHead(404).end('not found');
      const root = resolve(roots[prefix]);
      let path = normalize(join(root, decodeURIComponent(url.pathname.slice(prefix.length))));
      if (!path.startsWith(root)) return void res.writeHead(403).end('forbidden');
      if ((await stat(path).catch(() => null))?.isDirectory()) {
        if (!url.pathname.endsWith('/')) return void res.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
        path = join(path, 'index.html');
      }
      const body = await readFile(path).catch(() => null);
      if (!body) return void res.writeHead(404).end('not found');
      const type = TYPES[extname(path)] ?? 'application/octet-stream';
      const out = extname(path) === '.html' ? pointAt(body.toString('utf8'), api) : body;
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(out);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, listen, ok));
  const actual = server.address().port;
  return {
    url: `http://${hostname}:${actual}`,
    port: actual,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const api = arg('api', 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const host = await startHostServer({ api, port: Number(arg('port', '5173')) });
  console.log(`Examples on ${host.url}/examples/ calling the API at ${api}`);
  console.log(`Start the API with ALLOWED_ORIGINS=${host.url} so that it answers this origin.`);
}
