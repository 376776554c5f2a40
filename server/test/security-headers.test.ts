/**
 * The pages' Content-Security-Policy (a fresh nonce per answer, matching the nonce on the page's
 * script and style elements), framing as FRAME_ANCESTORS says with an X-Frame-Options that agrees,
 * and HSTS on every answer only when the public URL is https.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { parseFrameAncestors } from '../src/lib/csp';
import { appOptions, createTestClock } from './helpers/testApp';
import { createTestDatabase, type TestDatabase } from './helpers/testDb';

// Headers need no accounts: apps on one migrated database without demo data.
const ctx = {
  database: undefined as unknown as TestDatabase,
  apps: [] as FastifyInstance[],
  async extraApp(options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
    const built = buildApp(appOptions(ctx.database, createTestClock(), { demo: false, ...options }));
    await built.ready();
    ctx.apps.push(built);
    return built;
  },
};
let dirs: { app: string; examples: string; embed: string };
let app: FastifyInstance;

const APP_PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head>
<body><div id="root"></div><script type="module" src="./app.js"></script></body></html>`;
const CRM_PAGE = `<!doctype html><html><head>
<script>window.EstateDesk=window.EstateDesk||function(){}</script>
<script async src="/embed/loader.js" data-api-base=""></script></head><body></body></html>`;

/** The policy's directives by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

function nonceOf(policy: string | undefined): string {
  const nonce = /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
  if (!nonce) throw new Error(`no nonce in ${policy}`);
  return nonce;
}

beforeAll(async () => {
  ctx.database = await createTestDatabase();
  const root = path.join(ctx.database.dir, 'csp-static');
  dirs = { app: path.join(root, 'app'), examples: path.join(root, 'examples'), embed: path.join(root, 'embed') };
  for (const dir of [dirs.app, path.join(dirs.examples, 'crm'), dirs.embed]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dirs.app, 'index.html'), APP_PAGE);
  writeFileSync(path.join(dirs.app, 'app.js'), 'export {}');
  writeFileSync(path.join(dirs.examples, 'index.html'), '<html><head><style>li{margin:0}</style></head><body></body></html>');
  writeFileSync(path.join(dirs.examples, 'crm', 'index.html'), CRM_PAGE);
  writeFileSync(path.join(dirs.examples, 'crm', 'crm.css'), 'body{}');
  app = await ctx.extraApp({ staticDirs: dirs });
});

afterAll(async () => {
  for (const built of ctx.apps) await built.close();
  await ctx.database?.drop();
});

describe('the app page', () => {
  it('has a strict policy whose nonce is on every script and style element of the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const policy = res.headers['content-security-policy'] as string;
    const nonce = nonceOf(policy);
    const d = directives(policy);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(d.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);

    const tags = res.body.match(/<(script|style)\b[^>]*>/g) ?? [];
    expect(tags).toHaveLength(2);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.body).toContain(`<meta name="csp-nonce" nonce="${nonce}">`);
    // Rewritten per answer, so never revalidated against a copy holding another nonce.
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gets a new nonce on every answer', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ method: 'GET', url: '/' });
      const nonce = nonceOf(res.headers['content-security-policy'] as string);
      expect(res.body).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(5);
  });

  it('is the same page, with a nonce, at /index.html; its script files carry no page policy', async () => {
    const page = await app.inject({ method: 'GET', url: '/index.html' });
    expect(page.body).toContain(`nonce="${nonceOf(page.headers['content-security-policy'] as string)}"`);
    const script = await app.inject({ method: 'GET', url: '/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-security-policy']).toBeUndefined();
  });

  it('has the policy before the app is built too', async () => {
    const bare = await ctx.extraApp({ staticDirs: { ...dirs, app: path.join(ctx.database.dir, 'csp-not-built') } });
    const res = await bare.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('not built yet');
    const nonce = nonceOf(res.headers['content-security-policy'] as string);
    expect(res.body).toContain(`<style nonce="${nonce}">`);
    expect(res.body).not.toContain('style="');
  });
});

describe('the examples', () => {
  for (const url of ['/examples/', '/examples/index.html', '/examples/crm/']) {
    it(`${url} carries the policy and its nonce`, async () => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const nonce = nonceOf(res.headers['content-security-policy'] as string);
      const tags = res.body.match(/<(script|style)\b[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    });
  }

  it('still redirects a folder without its slash, and serves other files as they are', async () => {
    const folder = await app.inject({ method: 'GET', url: '/examples/crm' });
    expect(folder.statusCode).toBe(301);
    const css = await app.inject({ method: 'GET', url: '/examples/crm/crm.css' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe('body{}');
  });

  it('never reads a page outside the folder', async () => {
    for (const url of ['/examples/..%2fapp%2findex.html', '/examples/%2e%2e/app/index.html', '/examples/crm/%00.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('id="root"');
    }
  });
});

describe('framing', () => {
  it('takes frame-ancestors from the settings and drops X-Frame-Options when others may frame', async () => {
    const framed = await ctx.extraApp({ staticDirs: dirs, config: { frameAncestors: ["'self'", 'https://crm.agency.example'] } });
    const res = await framed.inject({ method: 'GET', url: '/' });
    expect(directives(res.headers['content-security-policy'] as string).get('frame-ancestors')).toEqual([
      "'self'",
      'https://crm.agency.example',
    ]);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const examples = await framed.inject({ method: 'GET', url: '/examples/crm/' });
    expect(examples.headers['content-security-policy']).toContain("frame-ancestors 'self' https://crm.agency.example");
  });

  it("says DENY beside frame-ancestors 'none'", async () => {
    const closed = await ctx.extraApp({ staticDirs: dirs, config: { frameAncestors: ["'none'"] } });
    const res = await closed.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('reads FRAME_ANCESTORS, refusing what is not a source', () => {
    expect(loadConfig({ DATA_DIR: ctx.database.dir }).frameAncestors).toEqual(["'self'"]);
    expect(parseFrameAncestors("self, https://crm.agency.example https://*.agency.example/")).toEqual([
      "'self'",
      'https://crm.agency.example',
      'https://*.agency.example',
    ]);
    expect(parseFrameAncestors("'none'")).toEqual(["'none'"]);
    expect(() => parseFrameAncestors("https://a.example; script-src 'unsafe-inline'")).toThrow(/FRAME_ANCESTORS/);
    expect(() => parseFrameAncestors('*')).toThrow(/FRAME_ANCESTORS/);
    expect(() => parseFrameAncestors('none https://a.example')).toThrow(/none/);
  });
});

describe('image and API origins', () => {
  it('allows images from an image prefix on another origin', async () => {
    const bucket = await ctx.extraApp({ staticDirs: dirs, config: { imagePrefix: 'https://bucket.example/estatedesk/' } });
    const res = await bucket.inject({ method: 'GET', url: '/' });
    expect(directives(res.headers['content-security-policy'] as string).get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://bucket.example',
    ]);
  });

  it('keeps the sandbox policy on uploaded files', async () => {
    mkdirSync(path.join(ctx.database.dir, 'uploads'), { recursive: true });
    writeFileSync(path.join(ctx.database.dir, 'uploads', 'page.html'), '<script>alert(1)</script>');
    const res = await app.inject({ method: 'GET', url: '/uploads/page.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-security-policy']).not.toContain('nonce');
    expect(res.body).not.toContain('nonce');
  });
});

describe('Strict-Transport-Security', () => {
  const urls = ['/', '/examples/', '/api/v1/health', '/api/v1/no-such-call', '/uploads/page.html'];

  it('is on every answer when the public URL is https', async () => {
    const tls = await ctx.extraApp({ staticDirs: dirs, config: { publicUrl: 'https://estatedesk.agency.example' } });
    for (const url of urls) {
      const res = await tls.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is absent over plain http', async () => {
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
