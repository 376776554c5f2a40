/**
 * The company calls on a real database (both engines): create with its images, list, get, update
 * (JSON, only the fields sent, the GET answer accepted back), links only http(s), list fields in
 * every accepted form and always answered as lists, and tenancy (another company's admin: 404,
 * an agent: 403, the company unchanged).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CompaniesAnswer, CompanyAnswer, MESSAGES, TEXT_MAX } from '../../src/contract';
import { COMPANY_MEDIA_MESSAGES } from '../src/modules/companies/media';
import { COMPANY_API, companyFields, companyRow, mediaParts, newCompany, postCompany, skylineCompanyId } from './companies.helpers';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
const uploads = () => path.join(ctx.database.dir, 'uploads');
const get = (persona: Parameters<typeof ctx.inject>[0], id: number) => ctx.inject(persona, { method: 'GET', url: `${COMPANY_API}/${id}` });
const put = (persona: Parameters<typeof ctx.inject>[0], id: number, payload: unknown) =>
  ctx.inject(persona, { method: 'PUT', url: `${COMPANY_API}/${id}`, payload: payload as Record<string, unknown> });

describe('create', () => {
  it('stores a company with its three images, their renditions and every field, lists as lists', async () => {
    const res = await postCompany(ctx, companyFields(), await mediaParts());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'Success', message: MESSAGES.companies.created });
    const company = body.data;
    expect(company).toMatchObject({
      display_name: 'Lakeview Estates',
      founding_year: 2012,
      operating_states: ['Rajasthan', 'Madhya Pradesh'],
      operating_cities: ['Udaipur', 'Bhopal'],
      inventory_categories: ['Apartment', 'Villa'],
      lead_communication: ['Email', 'Phone'],
      inventory_type: 'both',
      website: 'https://lakeview.example',
      instagram: 'https://www.instagram.com/lakeview.example',
      facebook: null,
      linkedin: null,
      withheld_links: [],
    });
    // Generated names in the company's folder, of the kind the content says, never the client's.
    expect(company.icon).toMatch(new RegExp(`^companies/${company.id}/icon-[0-9a-f]{24}\\.png$`));
    expect(company.logo).toMatch(new RegExp(`^companies/${company.id}/logo-[0-9a-f]{24}\\.webp$`));
    expect(company.cover_photo).toMatch(new RegExp(`^companies/${company.id}/cover-photo-[0-9a-f]{24}\\.jpg$`));
    for (const field of ['icon', 'logo', 'cover_photo']) {
      for (const stored of [company[field], company[`${field}_small`], company[`${field}_medium`]]) {
        expect(existsSync(path.join(uploads(), stored)), stored).toBe(true);
      }
      const small = await sharp(path.join(uploads(), company[`${field}_small`])).metadata();
      expect(small.format).toBe('webp');
      expect(small.width).toBeLessThanOrEqual(320);
    }
    // Served under the image prefix.
    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${company.cover_photo_medium}` });
    expect(served.statusCode).toBe(200);
    // Every company starts with the default workflow statuses and roles.
    const workflows = await ctx.app.db.selectFrom('workflow_statuses').select('name').where('company_id', '=', company.id).execute();
    expect(workflows.length).toBeGreaterThan(0);
    const roles = await ctx.app.db.selectFrom('roles').select('name').where('company_id', '=', company.id).execute();
    expect(roles.length).toBeGreaterThan(0);
  });

  it('takes list fields as JSON text, comma text or repeated parts, trimmed', async () => {
    const fields: Record<string, string | string[]> = {
      ...companyFields({ display_name: 'List Forms Realty' }),
      operating_states: ' Goa , Kerala ,',
      operating_cities: '["Panaji", " Kochi "]',
      lead_communication: ['Email', ' SMS '],
    };
    delete fields.inventory_categories;
    fields['inventory_categories[]'] = ['Plot', 'Villa'];
    const res = await postCompany(ctx, fields, await mediaParts());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      operating_states: ['Goa', 'Kerala'],
      operating_cities: ['Panaji', 'Kochi'],
      lead_communication: ['Email', 'SMS'],
      inventory_categories: ['Plot', 'Villa'],
    });
  });

  it('refuses missing required fields and missing images in one answer, storing nothing', async () => {
    const before = await ctx.app.db.selectFrom('companies').select('id').execute();
    const fields = companyFields();
    delete fields.tagline;
    const res = await postCompany(ctx, { ...fields, operating_cities: '' }, (await mediaParts()).filter((part) => part.name !== 'logo'));
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['logo', 'operating_cities', 'tagline']);
    expect(res.json().errors.logo).toEqual([COMPANY_MEDIA_MESSAGES.required]);
    expect(await ctx.app.db.selectFrom('companies').select('id').execute()).toEqual(before);
  });

  it('answers an empty form with a clear message for every required field and image (docs/product/rules.md)', async () => {
    const res = await postCompany(ctx, {}, []);
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(
      [
        'display_name', 'tagline', 'founding_year', 'icon', 'logo', 'cover_photo', 'primary_color_code', 'secondary_color_code',
        'short_description', 'long_description', 'office_address', 'city', 'state', 'operating_states', 'operating_cities',
        'inventory_categories', 'postal_code', 'country', 'hours_of_operation', 'firm_type', 'inventory_type', 'website', 'lead_communication',
      ].sort(),
    );
    expect(errors.founding_year).toEqual(['Founding year is required']);
    expect(errors.website).toEqual(['Website is required']);
    expect(errors.icon).toEqual([COMPANY_MEDIA_MESSAGES.required]);
    for (const list of Object.values(errors)) expect(list.join(' ')).not.toMatch(/Invalid input/);
  });

  it('refuses links that are not http(s) URLs', async () => {
    for (const [field, value] of [
      ['website', 'javascript:alert(document.cookie)'],
      ['instagram', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
      ['facebook', 'ftp://files.example/page'],
      ['linkedin', '//linkedin.com/company/x'],
      ['website', 'JAVASCRIPT://example.com/%0aalert(1)'],
    ] as const) {
      const res = await postCompany(ctx, companyFields({ [field]: value }), await mediaParts());
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });

  it('refuses oversized lists, unknown fields and a JSON body', async () => {
    const many = JSON.stringify(Array.from({ length: TEXT_MAX.listItems + 1 }, (_, i) => `City ${i}`));
    const tooMany = await postCompany(ctx, companyFields({ operating_cities: many }), await mediaParts());
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toEqual(['operating_cities']);
    const longItem = await postCompany(ctx, companyFields({ inventory_categories: JSON.stringify(['x'.repeat(TEXT_MAX.listItem + 1)]) }), await mediaParts());
    expect(longItem.statusCode).toBe(422);
    const unknown = await postCompany(ctx, companyFields({ owner_id: '7' }), await mediaParts());
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ owner_id: [MESSAGES.generic.unknownField] });
    const json = await ctx.inject('superAdmin', { method: 'POST', url: COMPANY_API, payload: companyFields() });
    expect(json.statusCode).toBe(422);
  });

  it('is the super admin’s only', async () => {
    for (const persona of ['skylineAdmin', 'skylineAgent', 'harborAdmin'] as const) {
      const res = await postCompany(ctx, companyFields({ display_name: `By ${persona}` }), await mediaParts(), persona);
      expect(res.statusCode).toBe(403);
    }
    const names = await ctx.app.db.selectFrom('companies').select('display_name').where('display_name', 'like', 'By %').execute();
    expect(names).toEqual([]);
  });
});

describe('list and get', () => {
  it('lists every company for the super admin, lists answered as lists', async () => {
    const res = await ctx.inject('superAdmin', { method: 'GET', url: COMPANY_API });
    expect(res.statusCode).toBe(200);
    const companies = res.json().data as Array<Record<string, unknown>>;
    // What the widgets parse the answer with (the contract) takes it as it is.
    expect(CompaniesAnswer.parse(res.json()).data).toHaveLength(companies.length);
    expect(companies.map((c) => c.display_name)).toEqual(expect.arrayContaining(['Skyline Realty', 'Harbor Homes']));
    for (const company of companies) {
      for (const field of ['operating_states', 'operating_cities', 'inventory_categories', 'lead_communication']) {
        expect(Array.isArray(company[field]), `${String(company.display_name)}.${field}`).toBe(true);
      }
    }
    for (const persona of ['skylineAdmin', 'skylineAgent', 'harborAdmin'] as const) {
      expect((await ctx.inject(persona, { method: 'GET', url: COMPANY_API })).statusCode).toBe(403);
    }
  });

  it('answers a company to the super admin and its own people, 404 to others', async () => {
    const skyline = await skylineCompanyId(ctx);
    for (const persona of ['superAdmin', 'skylineAdmin', 'skylineAgent'] as const) {
      const res = await get(persona, skyline);
      expect(res.statusCode, persona).toBe(200);
      expect(res.json().data).toMatchObject({ id: skyline, display_name: 'Skyline Realty', primary_color_code: '#f97316' });
      expect(CompanyAnswer.parse(res.json()).data.operating_cities).toEqual(res.json().data.operating_cities);
    }
    expect((await get('harborAdmin', skyline)).statusCode).toBe(404);
    expect((await get('superAdmin', 999_999)).statusCode).toBe(404);
    expect((await get('superAdmin', 0)).statusCode).toBe(404);
  });

  it('draws the demo companies’ images in their brand colours on first read', async () => {
    const company = (await get('skylineAdmin', await skylineCompanyId(ctx))).json().data;
    expect(company.icon).toBe('companies/demo/skyline-icon.png');
    for (const field of ['icon', 'logo', 'cover_photo']) {
      for (const stored of [company[field], company[`${field}_small`], company[`${field}_medium`]]) {
        expect(existsSync(path.join(uploads(), stored)), stored).toBe(true);
      }
    }
    // The icon's corner-free middle edge carries the primary colour (#f97316).
    const { data, info } = await sharp(path.join(uploads(), company.icon)).raw().toBuffer({ resolveWithObject: true });
    const at = (10 * info.width + Math.floor(info.width / 2)) * info.channels;
    expect([data[at], data[at + 1], data[at + 2]]).toEqual([0xf9, 0x73, 0x16]);
  });

  it('withholds a link an older row holds as javascript: or data:', async () => {
    const made = await newCompany(ctx, { display_name: 'Older Row Homes' });
    await ctx.app.db
      .updateTable('companies')
      .set({ website: 'javascript:alert(1)', facebook: 'data:text/html,<script>alert(1)</script>', operating_cities: 'Pune, Nashik' })
      .where('id', '=', made.id)
      .execute();
    const company = (await get('superAdmin', made.id)).json().data;
    expect(company).toMatchObject({ website: null, facebook: null, withheld_links: ['facebook', 'website'].sort() });
    expect(company.withheld_links.sort()).toEqual(['facebook', 'website']);
    expect(company.operating_cities).toEqual(['Pune', 'Nashik']);
    const listed = (await ctx.inject('superAdmin', { method: 'GET', url: COMPANY_API })).json().data.find((c: { id: number }) => c.id === made.id);
    expect(listed.website).toBeNull();
    expect(JSON.stringify(listed)).not.toMatch(/javascript:|data:text/);
  });
});

describe('update', () => {
  it('changes only the fields sent and answers the company', async () => {
    const made = await newCompany(ctx, { display_name: 'Partial Edit Realty' });
    const res = await put('superAdmin', made.id, {
      display_name: 'Partial Edit Realty LLP',
      founding_year: '2015',
      firm_type: 'Villa',
      office_address: '1 New Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      country: 'India',
      postal_code: '302001',
      operating_cities: 'Jaipur, Ajmer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Success', message: MESSAGES.companies.updated });
    expect(res.json().data).toMatchObject({
      display_name: 'Partial Edit Realty LLP',
      founding_year: 2015,
      operating_cities: ['Jaipur', 'Ajmer'],
      // Not sent: kept.
      tagline: 'Homes by the water',
      operating_states: ['Rajasthan', 'Madhya Pradesh'],
      website: 'https://lakeview.example',
      icon: made.icon,
    });
  });

  it('accepts the object GET answered (server-owned fields ignored) and refuses unknown fields', async () => {
    const made = await newCompany(ctx, { display_name: 'Round Trip Realty' });
    const fetched = (await get('superAdmin', made.id)).json().data;
    const back = await put('superAdmin', made.id, { ...fetched, tagline: 'Edited tagline', icon: 'companies/1/hijack.png', created_at: '2000-01-01T00:00:00Z' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ ...fetched, tagline: 'Edited tagline', updated_at: expect.any(String) });
    expect(back.json().data.icon).toBe(made.icon);
    expect(back.json().data.created_at).toBe(made.created_at);
    const unknown = await put('superAdmin', made.id, { ...fetched, owner: 'someone' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ owner: [MESSAGES.generic.unknownField] });
  });

  it('refuses javascript:, data: and other schemes on update, leaving the link as it was', async () => {
    const made = await newCompany(ctx, { display_name: 'Safe Links Realty' });
    const fetched = (await get('superAdmin', made.id)).json().data;
    for (const [field, value] of [
      ['website', 'javascript:alert(1)'],
      ['instagram', 'data:image/svg+xml,<svg onload=alert(1)>'],
      ['linkedin', 'vbscript:msgbox(1)'],
    ] as const) {
      const res = await put('superAdmin', made.id, { ...fetched, [field]: value });
      expect(res.statusCode, value).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await companyRow(ctx, made.id))!.website).toBe('https://lakeview.example');
  });

  it('refuses bad colour codes, years and oversized lists', async () => {
    const made = await newCompany(ctx, { display_name: 'Checked Fields Realty' });
    const fetched = (await get('superAdmin', made.id)).json().data;
    for (const change of [
      { primary_color_code: 'red; background:url(x)' },
      { founding_year: 3000 },
      { operating_states: Array.from({ length: TEXT_MAX.listItems + 1 }, (_, i) => `State ${i}`) },
      { display_name: '' },
    ]) {
      const res = await put('superAdmin', made.id, { ...fetched, ...change });
      expect(res.statusCode, JSON.stringify(change).slice(0, 60)).toBe(422);
    }
    expect((await get('superAdmin', made.id)).json().data).toEqual(fetched);
  });

  it('lets a company admin edit their own company; its agent gets 403 and another admin 404, unchanged', async () => {
    const skyline = await skylineCompanyId(ctx);
    const fetched = (await get('skylineAdmin', skyline)).json().data;
    const before = await companyRow(ctx, skyline);
    const agent = await put('skylineAgent', skyline, { ...fetched, tagline: 'Agent was here' });
    expect(agent.statusCode).toBe(403);
    const harbor = await put('harborAdmin', skyline, { ...fetched, tagline: 'Harbor was here' });
    expect(harbor.statusCode).toBe(404);
    expect(await companyRow(ctx, skyline)).toEqual(before);
    const own = await put('skylineAdmin', skyline, { ...fetched, secondary_color_code: '#0f172a' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.secondary_color_code).toBe('#0f172a');
    // And back, for the other tests of this file.
    expect((await put('skylineAdmin', skyline, fetched)).statusCode).toBe(200);
  });

  it('answers 404 for a company that does not exist', async () => {
    const res = await put('superAdmin', 999_999, { display_name: 'Ghost', founding_year: 2000, firm_type: 'Plot', office_address: 'x', city: 'x', state: 'x', country: 'x', postal_code: '1' });
    expect(res.statusCode).toBe(404);
  });
});

describe('delete (tenancy; the cascade is in companies-delete.test.ts)', () => {
  it('is the super admin’s only: company admins get 403 for their own and others, unchanged', async () => {
    const skyline = await skylineCompanyId(ctx);
    const made = await newCompany(ctx, { display_name: 'Not Yours Realty' });
    for (const persona of ['skylineAdmin', 'skylineAgent', 'harborAdmin'] as const) {
      for (const id of [skyline, made.id]) {
        const res = await ctx.inject(persona, { method: 'DELETE', url: `${COMPANY_API}/${id}` });
        expect(res.statusCode, `${persona} ${id}`).toBe(403);
      }
    }
    expect(await companyRow(ctx, skyline)).toBeDefined();
    expect(await companyRow(ctx, made.id)).toBeDefined();
    const gone = await ctx.inject('superAdmin', { method: 'DELETE', url: `${COMPANY_API}/${made.id}` });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ status: 'Success', message: MESSAGES.companies.deleted });
    expect((await ctx.inject('superAdmin', { method: 'DELETE', url: `${COMPANY_API}/${made.id}` })).statusCode).toBe(404);
  });
});
