/**
 * Answers made per request — the API's JSON, CSV exports, HTML pages — go out as brotli or gzip
 * when the browser takes it and they reach 1 KB; smaller ones, request bodies and COMPRESS=off
 * are left alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, LEAD_PATHS } from '@contract';
import { COMPRESS_THRESHOLD } from '../src/plugins/compression';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
let app: FastifyInstance;
let plainApp: FastifyInstance;
let openTab = 0;

/** A page of the size of the built index.html, with the script tag the nonce goes on. */
const PAGE = `<!doctype html><html><head><title>EstateDesk</title><script type="module" src="/app.js"></script></head><body><div id="estatedesk-app"></div></body></html>`;

beforeAll(async () => {
  const dirs = { app: path.join(ctx.database.dir, 'built-app'), examples: path.join(ctx.database.dir, 'built-examples'), embed: path.join(ctx.database.dir, 'built-embed') };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dirs.app, 'index.html'), PAGE);
  app = await ctx.extraApp({ staticDirs: dirs });
  plainApp = await ctx.extraApp({ staticDirs: dirs, config: { compressAnswers: false } });
  const tabs = await ctx.inject('skylineAdmin', { method: 'GET', url: `${API_PREFIX}${LEAD_PATHS.workflows}` });
  openTab = tabs.json().data[0].id;
});

const asAdmin = (url: string, headers: Record<string, string> = {}, on = app) =>
  on.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.tokens.skylineAdmin}`, ...headers } });

describe('answers made per request', () => {
  it('send a leads page as brotli to a browser that takes it, gzip to one that takes only that', async () => {
    const url = `${API_PREFIX}${LEAD_PATHS.list(openTab)}?pageSize=50`;
    const plain = await asAdmin(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const br = await asAdmin(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await asAdmin(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leave an answer under 1 KB as it is', async () => {
    const health = await app.inject({ method: 'GET', url: `${API_PREFIX}/health`, headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('compress a CSV export', async () => {
    const csv = await asAdmin(`${API_PREFIX}${LEAD_PATHS.export(openTab)}`, { 'accept-encoding': 'br' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(csv.rawPayload).toString()).toMatch(/^\uFEFF?id,first_name,/);
  });

  it('compress the app page, small as it is, and keep its per-answer nonce', async () => {
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(Buffer.byteLength(PAGE)).toBeLessThan(COMPRESS_THRESHOLD);
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString();
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(page.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
  });

  it('never decompress a request body', async () => {
    const body = gzipSync(JSON.stringify({ name: 'Compressed lead', mobile: '9876500000' }));
    const sent = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}${LEAD_PATHS.store}`,
      headers: { authorization: `Bearer ${ctx.tokens.skylineAdmin}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(sent.statusCode).toBeGreaterThanOrEqual(400);
    expect(sent.statusCode).toBeLessThan(500);
  });

  it('stay plain with COMPRESS=off, for a proxy in front that compresses', async () => {
    const answer = await asAdmin(`${API_PREFIX}${LEAD_PATHS.list(openTab)}?pageSize=50`, { 'accept-encoding': 'br, gzip' }, plainApp);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});
