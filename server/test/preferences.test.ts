import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, MESSAGES, PREFERENCE_MESSAGES, PreferencesAnswer } from '../../src/contract';
import { companyIdOf, statusIds } from './helpers/leads';
import { type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp();

const get = (persona: Persona) => ctx.inject(persona, { method: 'GET', url: '/api/v1/users/preferences' });
const put = (persona: Persona, payload: unknown) =>
  ctx.inject(persona, { method: 'PUT', url: '/api/v1/users/preferences', payload: payload as object });
const preferencesOf = async (persona: Persona) => {
  const res = await get(persona);
  expect(res.statusCode, res.body).toBe(200);
  return PreferencesAnswer.parse(res.json()).data;
};

describe('GET /api/v1/users/preferences', () => {
  it('answers the defaults to someone who never saved any', async () => {
    expect(await preferencesOf('skylineAdmin')).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toEqual({ theme: 'system', density: 'comfortable', leads_default_tab: null, leads_page_size: 10, date_format: 'dd/mm/yyyy' });
  });
});

describe('PUT /api/v1/users/preferences', () => {
  it('stores them per person, on the server, and the object GET answered goes back as it came', async () => {
    const skyline = (await companyIdOf(ctx.app.db, 'skylineAgent'))!;
    const { Won } = await statusIds(ctx.app.db, skyline);
    const saved = await put('skylineAgent', { theme: 'dark', density: 'compact', leads_default_tab: Won, leads_page_size: 25, date_format: 'yyyy-mm-dd' });
    expect(saved.statusCode, saved.body).toBe(200);
    const want = { theme: 'dark', density: 'compact', leads_default_tab: Won, leads_page_size: 25, date_format: 'yyyy-mm-dd' };
    expect(saved.json()).toEqual({ status: 'Success', message: PREFERENCE_MESSAGES.saved, data: want });
    // Another device of the same person: a new sign-in reads the same.
    const elsewhere = await ctx.freshToken('skylineAgent');
    const read = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/preferences', headers: { authorization: `Bearer ${elsewhere}` } });
    expect(read.json().data).toEqual(want);
    // Someone else still has the defaults.
    expect(await preferencesOf('skylineAdmin')).toEqual(DEFAULT_PREFERENCES);
    // GET's object sent back whole changes nothing.
    const again = await put('skylineAgent', read.json().data);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(want);
  });

  it('keeps what a partial save leaves out; page size as text and an empty tab are taken', async () => {
    await put('harborAdmin', { theme: 'light', leads_page_size: 50 });
    const res = await put('harborAdmin', { density: 'compact', leads_page_size: '100', leads_default_tab: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await preferencesOf('harborAdmin')).toEqual({ ...DEFAULT_PREFERENCES, theme: 'light', density: 'compact', leads_page_size: 100, leads_default_tab: null });
  });

  it.each([
    [{ theme: 'blue' }, 'theme', PREFERENCE_MESSAGES.theme],
    [{ density: 'roomy' }, 'density', PREFERENCE_MESSAGES.density],
    [{ leads_page_size: 7 }, 'leads_page_size', PREFERENCE_MESSAGES.pageSize],
    [{ leads_page_size: 'ten' }, 'leads_page_size', PREFERENCE_MESSAGES.pageSize],
    [{ date_format: 'dd.mm.yy' }, 'date_format', PREFERENCE_MESSAGES.dateFormat],
    [{ leads_default_tab: 'Won' }, 'leads_default_tab', PREFERENCE_MESSAGES.defaultTab],
    [{ leads_default_tab: -3 }, 'leads_default_tab', PREFERENCE_MESSAGES.defaultTab],
  ])('refuses %j with 422 and says why, changing nothing', async (payload, field, message) => {
    const before = await preferencesOf('skylineAdmin');
    const res = await put('skylineAdmin', { theme: 'dark', ...payload });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 'Error', message, errors: { [field]: [message] } });
    expect(await preferencesOf('skylineAdmin')).toEqual(before);
  });

  it('refuses unknown fields and a body that is not an object', async () => {
    const res = await put('skylineAdmin', { theme: 'dark', font: 'Comic Sans' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ font: [MESSAGES.generic.unknownField] });
    expect((await put('skylineAdmin', ['dark'])).statusCode).toBe(422);
  });

  it("refuses another company's workflow status as the default tab; the super admin (no company) may only pick All Contacts", async () => {
    const harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
    const { Open } = await statusIds(ctx.app.db, harbor);
    const res = await put('skylineAdmin', { leads_default_tab: Open });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ leads_default_tab: [PREFERENCE_MESSAGES.defaultTab] });
    expect((await put('superAdmin', { leads_default_tab: Open })).statusCode).toBe(422);
    const ok = await put('superAdmin', { leads_default_tab: null, theme: 'dark' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ leads_default_tab: null, theme: 'dark' });
  });

  it('a default tab whose status was deleted since reads as All Contacts', async () => {
    const harbor = (await companyIdOf(ctx.app.db, 'harborAdmin'))!;
    const stamp = ctx.clock.now().toISOString();
    const added = await ctx.app.db
      .insertInto('workflow_statuses')
      .values({ company_id: harbor, name: 'Site visit', default_style: null, active_style: null, position: 9, created_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await put('harborAdmin', { leads_default_tab: added.id })).json().data.leads_default_tab).toBe(added.id);
    await ctx.app.db.deleteFrom('workflow_statuses').where('id', '=', added.id).execute();
    expect((await preferencesOf('harborAdmin')).leads_default_tab).toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await get('anonymous')).statusCode).toBe(401);
    expect((await put('anonymous', { theme: 'dark' })).statusCode).toBe(401);
  });
});
