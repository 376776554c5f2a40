/** Helpers of the companies tests: a complete Add Company form, its multipart body, and reading a company back. */
import type { Part } from './helpers/multipart';
import { multipartBody } from './helpers/multipart';
import { photo } from './helpers/properties';
import type { Persona, TestContext } from './helpers/testApp';

export const COMPANY_API = '/api/v1/company';

/** Every text field of the Add Company form (docs/product/rules.md), valid, lists as JSON text (as the product's client sends them). */
export function companyFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    display_name: 'Lakeview Estates',
    tagline: 'Homes by the water',
    founding_year: '2012',
    primary_color_code: '#16a34a',
    secondary_color_code: '#1f2937',
    short_description: 'Lakeside apartments and villas.',
    long_description: 'Lakeview Estates sells and lets homes around the lakes of Udaipur and Bhopal.',
    office_address: '12 Lake Palace Road',
    city: 'Udaipur',
    state: 'Rajasthan',
    postal_code: '313001',
    country: 'India',
    operating_states: JSON.stringify(['Rajasthan', 'Madhya Pradesh']),
    operating_cities: JSON.stringify(['Udaipur', 'Bhopal']),
    inventory_categories: JSON.stringify(['Apartment', 'Villa']),
    hours_of_operation: 'Mon-Fri: 9AM-5PM',
    firm_type: 'Apartment',
    inventory_type: 'both',
    website: 'https://lakeview.example',
    lead_communication: JSON.stringify(['Email', 'Phone']),
    instagram: 'https://www.instagram.com/lakeview.example',
    facebook: '',
    linkedin: '',
    ...overrides,
  };
}

/** The three image parts, real images of each accepted kind. */
export async function mediaParts(): Promise<Part[]> {
  return [
    { name: 'icon', filename: 'icon.png', type: 'image/png', data: await photo('png', 128, 128, { r: 22, g: 163, b: 74 }) },
    { name: 'logo', filename: 'logo.webp', type: 'image/webp', data: await photo('webp', 400, 200) },
    { name: 'cover_photo', filename: 'cover.jpg', type: 'image/jpeg', data: await photo('jpeg', 1600, 500) },
  ];
}

/** A multipart Add Company body: the text fields (a value given as a list becomes repeated parts), then `files`. */
export function companyForm(fields: Record<string, string | string[]>, files: Part[]) {
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) parts.push({ name, data: item });
    else parts.push({ name, data: value });
  }
  return multipartBody([...parts, ...files]);
}

export async function postCompany(ctx: TestContext, fields: Record<string, string | string[]>, files: Part[], persona: Persona = 'superAdmin') {
  const form = companyForm(fields, files);
  return ctx.inject(persona, { method: 'POST', url: COMPANY_API, payload: form.payload, headers: form.headers });
}

/** Creates a complete company as the super admin and returns its answer. */
export async function newCompany(ctx: TestContext, overrides: Record<string, string> = {}) {
  const res = await postCompany(ctx, companyFields(overrides), await mediaParts());
  if (res.statusCode !== 201) throw new Error(`company create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown> & { id: number };
}

/** A company's row as stored. */
export const companyRow = (ctx: TestContext, id: number) => ctx.app.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();

export const skylineCompanyId = async (ctx: TestContext): Promise<number> =>
  (await ctx.app.db.selectFrom('users').select('company_id').where('id', '=', ctx.ids.skylineAdmin).executeTakeFirstOrThrow()).company_id!;
