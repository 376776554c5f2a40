import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { appOptions, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

describe('access rules', () => {
  it('an /api route without config.access stops the app from starting', async () => {
    const app = buildApp(appOptions(ctx.database, ctx.clock, { demo: false }));
    app.register(async (api) => {
      api.get('/api/v1/forgotten', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(/declares no access rule/);
    await app.close().catch(() => undefined);
  });

  it('superAdmin and permission rules answer 401/403 as DESIGN says', async () => {
    const app = buildApp(appOptions(ctx.database, ctx.clock, { demo: false }));
    app.register(async (api) => {
      api.get('/api/v1/probe/companies', { config: { access: { kind: 'superAdmin' } } }, async () => ({ status: 'Success' }));
      api.get('/api/v1/probe/leads', { config: { access: { kind: 'permission', permission: 'lead-delete' } } }, async () => ({
        status: 'Success',
      }));
      api.get('/api/v1/probe/any', { config: { access: { kind: 'permission', permission: 'lead-create', company: false } } }, async () => ({
        status: 'Success',
      }));
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
