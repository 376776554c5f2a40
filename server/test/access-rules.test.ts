import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { route } from '../src/lib/route';
import { ROUTE_ACCESS } from '../src/route-access';
import type { Access } from '../src/types';
import { appOptions, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

/** An app whose table has these rows beside the real ones. */
const appWith = (rows: Record<string, Access>) => buildApp(appOptions(ctx.database, ctx.clock, { demo: false, routeAccess: { ...ROUTE_ACCESS, ...rows } }));

describe('access rules', () => {
  it('an /api route without a row in the table stops the app from starting', async () => {
    const app = buildApp(appOptions(ctx.database, ctx.clock, { demo: false }));
    app.register(async (api) => {
      api.get('/api/v1/forgotten', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v1\/forgotten has no row in server\/src\/route-access\.ts/);
    await app.close().catch(() => undefined);
  });

  it('a route stating a rule other than its row stops the app from starting; the same rule is accepted', async () => {
    const differs = appWith({ 'GET /api/v1/probe': { kind: 'signedIn' } });
    differs.register(async (api) => {
      route(api, { method: 'GET', url: '/api/v1/probe', access: { kind: 'public' }, handler: () => ({ status: 'Success' }) });
    });
    await expect(differs.ready()).rejects.toThrow(/differs from its row/);
    await differs.close().catch(() => undefined);

    const same = appWith({ 'GET /api/v1/probe': { kind: 'public' } });
    same.register(async (api) => {
      route(api, { method: 'GET', url: '/api/v1/probe', access: { kind: 'public' }, handler: () => ({ status: 'Success' }) });
    });
    await same.ready();
    expect((await same.inject({ method: 'GET', url: '/api/v1/probe' })).statusCode).toBe(200);
    await same.close();
  });

  it('every row of the table is a rule the auth plugin knows', () => {
    const kinds = new Set(['public', 'signedIn', 'permission', 'anyPermission', 'payload', 'superAdmin']);
    expect(Object.entries(ROUTE_ACCESS).filter(([, rule]) => !kinds.has(rule.kind))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !/^(GET|POST|PUT|PATCH|DELETE) \/api\/v1\/\S*$/.test(key))).toEqual([]);
  });

  it('superAdmin and permission rules answer 401/403 as docs/architecture.md says', async () => {
    const app = appWith({
      'GET /api/v1/probe/companies': { kind: 'superAdmin' },
      'GET /api/v1/probe/leads': { kind: 'permission', permission: 'lead-delete' },
      'GET /api/v1/probe/any': { kind: 'permission', permission: 'lead-create', company: false },
    });
    app.register(async (api) => {
      api.get('/api/v1/probe/companies', async () => ({ status: 'Success' }));
      api.get('/api/v1/probe/leads', async () => ({ status: 'Success' }));
      api.get('/api/v1/probe/any', async () => ({ status: 'Success' }));
    });
    await app.ready();
    const call = async (url: string, persona: keyof typeof ctx.tokens) => {
      const token = ctx.tokens[persona];
      const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return res.statusCode;
    };
    const statuses = async (url: string) => ({
      anonymous: await call(url, 'anonymous'),
      superAdmin: await call(url, 'superAdmin'),
      skylineAdmin: await call(url, 'skylineAdmin'),
      skylineAgent: await call(url, 'skylineAgent'),
    });
    expect(await statuses('/api/v1/probe/companies')).toEqual({ anonymous: 401, superAdmin: 200, skylineAdmin: 403, skylineAgent: 403 });
    // Agents lack lead-delete; the super admin has every permission but no company.
    expect(await statuses('/api/v1/probe/leads')).toEqual({ anonymous: 401, superAdmin: 403, skylineAdmin: 200, skylineAgent: 403 });
    expect(await statuses('/api/v1/probe/any')).toEqual({ anonymous: 401, superAdmin: 200, skylineAdmin: 200, skylineAgent: 200 });
    const denied = await app.inject({ method: 'GET', url: '/api/v1/probe/leads', headers: { authorization: `Bearer ${ctx.tokens.skylineAgent}` } });
    expect(denied.json()).toEqual({ status: 'Error', message: "You don't have permission for this action: lead-delete" });
    await app.close();
  });
});
