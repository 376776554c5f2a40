/**
 * Built files as a browser gets them: the brotli or gzip copy the build wrote
 * (scripts/precompress.mjs) when the browser accepts it, the file itself otherwise; content-hashed
 * chunks and versioned files kept for a year, entry points asked again and answered 304 while
 * their ETag stands; and no API answer kept by any cache.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, IMMUTABLE } from '../src/plugins/static';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
let app: FastifyInstance;
/** Text that compresses, over the 1 KB below which the build leaves a file alone. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, n) => `{ id: ${n}, name: "lead ${n}" }`).join(', ')}];\n`;

beforeAll(async () => {
  const root = path.join(ctx.database.dir, 'built');
  const dirs = { app: path.join(root, 'app'), examples: path.join(root, 'examples'), embed: path.join(root, 'embed') };
  for (const dir of [path.join(dirs.app, 'chunks'), dirs.examples, path.join(dirs.embed, 'chunks')]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dirs.app, 'app.js'), SCRIPT);
  writeFileSync(path.join(dirs.app, 'chunks', 'Dashboard-ABCD1234.js'), SCRIPT);
  writeFileSync(path.join(dirs.embed, 'loader.js'), SCRIPT);
  writeFileSync(path.join(dirs.embed, 'loader-1.2.3.js'), SCRIPT);
  writeFileSync(path.join(dirs.embed, 'runtime.js'), SCRIPT);
  writeFileSync(path.join(dirs.embed, 'chunks', 'core-Xy_9aBcD.js'), SCRIPT);
  writeFileSync(path.join(dirs.embed, 'tiny.js'), 'export {}\n');
  const script = path.resolve(__dirname, '../../scripts/precompress.mjs');
  execFileSync(process.execPath, [script, dirs.app, dirs.embed], { encoding: 'utf8' });
  app = await ctx.extraApp({ staticDirs: dirs });
});

/** A request with the headers given, the body as bytes (fetch would decode it). */
async function get(url: string, headers: Record<string, string> = {}) {
  const answer = await app.inject({ method: 'GET', url, headers });
  return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
}

describe('built files', () => {
  it('go out as the brotli copy when the browser takes it, gzip when only that, the file itself otherwise', async () => {
    const br = await get('/embed/runtime.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');

    const gz = await get('/embed/runtime.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get('/embed/runtime.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');

    // A file under 1 KB has no copies: it is compressed as it goes out (plugins/compression.ts).
    const tiny = await get('/embed/tiny.js', { 'accept-encoding': 'br' });
    expect(tiny.status).toBe(200);
    expect(brotliDecompressSync(tiny.body).toString()).toBe('export {}\n');
    expect((await get('/embed/tiny.js')).body.toString()).toBe('export {}\n');
  });

  it('keep content-hashed chunks and versioned files for a year, and ask again for entry points', async () => {
    for (const url of ['/embed/chunks/core-Xy_9aBcD.js', '/embed/loader-1.2.3.js', '/chunks/Dashboard-ABCD1234.js']) {
      expect((await get(url, { 'accept-encoding': 'br' })).headers['cache-control'], url).toBe(IMMUTABLE);
    }
    for (const url of ['/embed/loader.js', '/embed/runtime.js', '/app.js']) {
      expect((await get(url, { 'accept-encoding': 'br' })).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answer an entry point asked again with 304 and no body while it has not changed', async () => {
    const first = await get('/embed/loader.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag ?? '');
    expect(etag).not.toBe('');
    const again = await get('/embed/loader.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keep the original bytes in the copies the build wrote', () => {
    const dir = path.join(ctx.database.dir, 'built', 'embed');
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'loader.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(path.join(dir, 'loader.js.gz'))).toString()).toBe(SCRIPT);
  });
});

describe('the API', () => {
  it('tells every cache not to keep its answers, signed in or not', async () => {
    expect((await get('/api/v1/health')).headers['cache-control']).toBe('no-store');
    expect((await get('/api/v1/workflow/list')).headers['cache-control']).toBe('no-store');
    const signedIn = await app.inject({ method: 'GET', url: '/api/v1/workflow/list', headers: { authorization: `Bearer ${ctx.tokens.skylineAdmin}` } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });
});

describe('cacheControlFor', () => {
  it('reads the name, not the copy being sent', () => {
    expect(cacheControlFor('/srv/dist-loader/chunks/core-B79omho5.js.br')).toBe(IMMUTABLE);
    expect(cacheControlFor('/srv/dist-loader/loader-0.1.0.js.gz')).toBe(IMMUTABLE);
    expect(cacheControlFor('/srv/dist-loader/runtime.js.br')).toBe('no-cache');
    expect(cacheControlFor('/srv/dist-app/index.html')).toBe('no-cache');
  });
});
