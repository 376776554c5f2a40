/**
 * What the server answers outside the API: every static request gets an answer at once (no open
 * connection left behind), typed URLs of the full app land in the app, and the script files load
 * from any origin while the API stays limited to ALLOWED_ORIGINS.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
let app: FastifyInstance;
let port: number;

/** One raw HTTP/1.1 request with the path sent exactly as given; resolves with the status line and head. */
function rawRequest(target: string, headers: Record<string, string> = {}, timeoutMs = 2000): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms for ${target}`));
    }, timeoutMs);
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const end = data.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = /content-length: (\d+)/i.exec(data.slice(0, end))?.[1];
      if (length !== undefined && data.length < end + 4 + Number(length)) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(data.slice(9, 12)), head: data.slice(0, end), body: data.slice(end + 4) });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    const lines = [`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

beforeAll(async () => {
  const root = path.join(ctx.database.dir, 'static-wire');
  const dirs = { app: path.join(root, 'app'), examples: path.join(root, 'examples'), embed: path.join(root, 'embed') };
  for (const dir of [path.join(dirs.app, 'chunks', 'sub'), path.join(dirs.examples, 'sub'), path.join(dirs.embed, 'sub')]) {
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(path.join(dirs.app, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(dirs.app, 'chunks', 'a.js'), 'export {}');
  writeFileSync(path.join(dirs.examples, 'index.html'), '<title>examples</title>');
  writeFileSync(path.join(dirs.examples, 'page.html'), '<title>page</title>');
  writeFileSync(path.join(dirs.examples, 'page.css'), 'body{}');
  writeFileSync(path.join(dirs.embed, 'loader.js'), '/* loader */');
  mkdirSync(path.join(ctx.database.dir, 'uploads', 'sub'), { recursive: true });
  writeFileSync(path.join(ctx.database.dir, 'uploads', 'sub', 'a.png'), 'png');
  app = await ctx.extraApp({ staticDirs: dirs, config: { allowedOrigins: ['https://crm.agency.example'] } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

describe('every static request is answered at once', () => {
  const files = [
    ['/', '/chunks/a.js'],
    // Pages are rewritten per answer (a fresh CSP nonce) and always sent whole: a file stands here.
    ['/examples/', '/examples/page.css'],
    ['/embed/', '/embed/loader.js'],
    ['/uploads/', '/uploads/sub/a.png'],
  ] as const;

  for (const [prefix, file] of files) {
    it(`under ${prefix}`, async () => {
      const cases: Array<[string, Record<string, string>, number[]]> = [
        [`${prefix}../x`, {}, [403, 404]],
        [`${prefix}../../jwt-secret`, {}, [403, 404]],
        [`${prefix}%00`, {}, [400, 403, 404]],
        [`${prefix}sub/%00.png`, {}, [400, 403, 404]],
        [`${prefix === '/' ? '/chunks/' : prefix}sub/`, {}, [403, 404]],
        [`${prefix === '/' ? '/chunks/' : prefix}sub`, {}, [301, 403, 404]],
        [file, { Range: 'bytes=999999-1000000' }, [416]],
        [file, { 'If-Match': '"not-the-etag"' }, [412]],
        [file, {}, [200]],
      ];
      for (const [target, headers, statuses] of cases) {
        const res = await rawRequest(target, headers);
        expect(statuses, `${target} ${JSON.stringify(headers)} answered ${res.status}`).toContain(res.status);
        if (res.status >= 400) expect(res.body, target).toMatch(/"status":"Error"/);
      }
    });
  }
});

describe('typed URLs of the full app', () => {
  it('send the product routes and old bookmarks to the app, query kept', async () => {
    for (const [typed, hash] of [
      ['/login', '/#/login'],
      ['/leads-management', '/#/leads-management'],
      ['/leads-management/?tab=2&q=kochi', '/#/leads-management?tab=2&q=kochi'],
      ['/property/42', '/#/property/42'],
      ['/management/company/companylist', '/#/management/company/companylist'],
    ]) {
      const res = await app.inject({ method: 'GET', url: typed, headers: { accept: 'text/html' } });
      expect(res.statusCode, typed).toBe(302);
      expect(res.headers.location, typed).toBe(hash);
    }
  });

  it('keep JSON 404s for the API, files and other methods', async () => {
    for (const url of ['/api/v1/nope', '/api/v1/leads/list/nope/more', '/favicon.ico', '/chunks/missing.js', '/embed/missing.js']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ status: 'Error' });
    }
    expect((await app.inject({ method: 'POST', url: '/login', payload: {} })).statusCode).toBe(404);
  });
});

describe('script files across origins', () => {
  it('load from any origin without credentials', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/embed/loader.js`, { headers: { origin: 'https://not-yet-allowed.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('leave the API guarded, and tell a page whether its origin is allowed', async () => {
    const api = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { headers: { origin: 'https://not-yet-allowed.example' } });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();

    const check = async (origin: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/embed/access`, { headers: { origin } });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      return (await res.json()) as { data: { origin: string; allowed: boolean } };
    };
    expect((await check('https://not-yet-allowed.example')).data).toEqual({ origin: 'https://not-yet-allowed.example', allowed: false });
    expect((await check('https://crm.agency.example')).data).toEqual({ origin: 'https://crm.agency.example', allowed: true });
  });
});
