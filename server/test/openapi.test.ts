/**
 * The API description (modules/reference, built from src/contract/operations.ts): a valid
 * OpenAPI 3.1 document by a maintained validator, naming exactly the routes the app registers,
 * served with an ETag, and shown at /api/docs under its own Content-Security-Policy.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '@contract';
import * as z from 'zod/mini';
import { ANSWER_EXAMPLES, findOperation, OPERATIONS, operationKey } from '@contract/openapi';
import { ROUTE_ACCESS } from '../src/route-access';
import { DOCS_PATH } from '../src/modules/reference/routes';
import { firstDifference } from './helpers/contractCheck';
import { buildApp } from '../src/app';
import { appOptions, createTestClock, useTestApp } from './helpers/testApp';
import { createTestDatabase } from './helpers/testDb';

const ctx = useTestApp();

type Document = { paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>> };

const documentOf = async (): Promise<Document> => (await ctx.inject('anonymous', { method: 'GET', url: `${API_PREFIX}/openapi.json` })).json();

describe('the API description', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await documentOf();
    const validator = new Validator();
    const result = await validator.validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names every API route the app registers, and no other', async () => {
    const registered = new Set(
      ctx.app.routeList
        .filter((r) => r.url.startsWith(`${API_PREFIX}/`))
        .map((r) => `${r.method} ${r.url}`),
    );
    const described = new Set(OPERATIONS.map(operationKey));
    expect([...registered].filter((key) => !described.has(key)), 'registered but missing from the document').toEqual([]);
    expect([...described].filter((key) => !registered.has(key)), 'in the document but not registered').toEqual([]);
    // The served document holds each of them once.
    const document = await documentOf();
    const served = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${API_PREFIX}${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(new Set(served)).toEqual(described);
    expect(served).toHaveLength(described.size);
  });

  it('marks exactly the public calls `security: []`, and gives the others 401 and 403', async () => {
    const document = await documentOf();
    for (const op of OPERATIONS) {
      const described = document.paths[op.path.replace(/:(\w+)/g, '{$1}')]![op.method.toLowerCase()]!;
      const isPublic = ROUTE_ACCESS[operationKey(op)]?.kind === 'public' && !op.checksToken;
      expect(described.security, operationKey(op)).toEqual(isPublic ? [] : undefined);
      expect('401' in described.responses, operationKey(op)).toBe(!isPublic);
    }
  });

  it('names the very schema objects each route validates its query and body with', async () => {
    const database = await createTestDatabase();
    const app = buildApp(appOptions(database, createTestClock(), { demo: false }));
    const declared: Array<{ key: string; query?: unknown; body?: unknown }> = [];
    app.addHook('onRoute', (route) => {
      const schemas = route.config?.schemas;
      if (!schemas) return;
      for (const method of [route.method].flat()) if (method !== 'HEAD') declared.push({ key: `${method} ${route.url}`, ...schemas });
    });
    try {
      await app.ready();
    } finally {
      await app.close();
      await database.drop();
    }
    expect(declared.length).toBeGreaterThan(40);
    const differing = declared.flatMap(({ key, query, body }) => {
      const op = OPERATIONS.find((o) => operationKey(o) === key);
      const out: string[] = [];
      if (query && op?.query !== query) out.push(`${key}: query`);
      if (body && op?.body !== body) out.push(`${key}: body`);
      return out;
    });
    expect(differing, 'the catalogue names another schema than the route validates with').toEqual([]);
  });

  it('has examples its own schemas accept', () => {
    for (const [key, example] of Object.entries(ANSWER_EXAMPLES)) {
      const [method, url] = key.split(' ') as [string, string];
      const op = findOperation(method, url);
      expect(op?.answer, key).toBeDefined();
      expect(firstDifference(op!.answer!, example), key).toBeNull();
    }
    for (const op of OPERATIONS.filter((o) => o.example !== undefined && o.body)) {
      const parsed = z.safeParse(op.body!, op.example);
      expect(parsed.success ? null : parsed.error.issues, operationKey(op)).toBeNull();
    }
  });

  it('is served with an ETag, and 304 for a copy the client holds', async () => {
    const first = await ctx.inject('anonymous', { method: 'GET', url: `${API_PREFIX}/openapi.json` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await ctx.inject('anonymous', { method: 'GET', url: `${API_PREFIX}/openapi.json`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe('the reference page', () => {
  it('loads Swagger UI from this server only, under its own policy', async () => {
    const page = await ctx.inject('anonymous', { method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
      const asset = await ctx.inject('anonymous', { method: 'GET', url: `${DOCS_PATH}/${file}` });
      expect(asset.statusCode, file).toBe(200);
    }
    expect((await ctx.inject('anonymous', { method: 'GET', url: `${DOCS_PATH}/package.json` })).statusCode).toBe(404);
  });
});
