/**
 * Hostile characters in names and other texts, on both engines: a control or direction-override
 * character is refused (422 naming the field), zero-width characters are dropped, descriptions
 * keep their line breaks; the lead import reports such a row; the CSV export writes no control
 * character, even for a row stored before the rule.
 */
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_CONTACTS, forbiddenCharacters, LEAD_IMPORT_HEADERS } from '../../src/contract';
import { COMPANY_API } from './companies.helpers';
import { companyIdOf, importFile, insertTestLead, statusIds } from './helpers/leads';
import { propertyForm } from './helpers/properties';
import { useTestApp } from './helpers/testApp';

const ctx = useTestApp();
let skyline: number;
let statuses: Record<string, number>;
let leadId: number;

const RLO = '\u202E';
const ISOLATE = '\u2066';
const ESC = '\u001B';
const BEL = '\u0007';
const CSI = '\u009B';
const ZWSP = '\u200B';
const ZWJ = '\u200D';

beforeAll(async () => {
  skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  statuses = await statusIds(ctx.app.db, skyline);
  leadId = await insertTestLead(ctx.app.db, skyline);
});

/** A character no export may carry (line ends between records are taken out before). */
const stray = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  const control = (code < 0x20 && char !== '\n' && char !== '\t') || (code >= 0x7f && code <= 0x9f);
  const direction = (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
  return control || direction || char === ZWSP;
};

type Answer = { statusCode: number; body: string; json(): unknown };

/** A 422 whose only complaint about `field` is the forbidden-characters message with `label`. */
function expectRefused(res: Answer, field: string, label: string) {
  expect(res.statusCode, res.body).toBe(422);
  expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toEqual([forbiddenCharacters(label)]);
}

let serial = 0;
const leadBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Meera',
  last_name: 'Pillai',
  email: `names.${++serial}.${Math.random().toString(36).slice(2, 8)}@names.test`,
  phone: `+91 98765 ${String(serial).padStart(5, '0')}`,
  city: 'Kochi',
  lead_source: 'Referral',
  property_type: 3,
  workflow_id: statuses.Open,
  activities: 2,
  ...overrides,
});

describe('leads', () => {
  it.each([
    ['first_name', 'First name', `Meera${RLO}gnp.exe`],
    ['last_name', 'Last name', `Pil${ESC}[2Jlai`],
    ['city', 'City', `Ko${BEL}chi`],
    ['state', 'State', `Kerala${ISOLATE}`],
    ['country', 'Country', `India${CSI}`],
    ['name', 'Name', `Meera${RLO} Pillai`],
  ])('create refuses %s with a control or direction character', async (field, label, value) => {
    expectRefused(await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/leads/store', payload: leadBody({ [field]: value }) }), field, label);
  });

  it('create drops zero-width characters and keeps line breaks in the address', async () => {
    const res = await ctx.inject('skylineAdmin', {
      method: 'POST',
      url: '/api/v1/leads/store',
      payload: leadBody({ first_name: `${ZWSP}Me${ZWJ}era`, address: '4, Lake View Road\nKochi' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number((res.json() as { data: { id: number } }).data.id);
    const stored = await ctx.app.db.selectFrom('leads').select(['first_name', 'address']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: 'Meera', address: '4, Lake View Road\nKochi' });
  });

  it('edit refuses a direction override in a name and leaves the lead unchanged', async () => {
    const before = await ctx.app.db.selectFrom('leads').select('first_name').where('id', '=', leadId).executeTakeFirstOrThrow();
    const res = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/leads/${leadId}`, payload: { first_name: `Evil${RLO}` } });
    expectRefused(res, 'first_name', 'First name');
    expect(await ctx.app.db.selectFrom('leads').select('first_name').where('id', '=', leadId).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('people, roles, companies and properties', () => {
  const profile = (overrides: Record<string, unknown>) => ({
    first_name: 'Farhan',
    last_name: 'Qureshi',
    email: 'admin@harbor.test',
    city: 'Mumbai',
    ...overrides,
  });
  const putProfile = (payload: object) => ctx.inject('harborAdmin', { method: 'PUT', url: `/api/v1/users/${ctx.ids.harborAdmin}`, payload });

  it('a profile refuses control characters in names and places, and drops zero-width ones', async () => {
    expectRefused(await putProfile(profile({ first_name: `Far${ESC}]0;owned${BEL}han` })), 'first_name', 'First name');
    expectRefused(await putProfile(profile({ last_name: `Qureshi${RLO}` })), 'last_name', 'Last name');
    expectRefused(await putProfile(profile({ city: `Mum${CSI}bai` })), 'city', 'City');
    const ok = await putProfile(profile({ last_name: `Qure${ZWSP}shi` }));
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await ctx.app.db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', ctx.ids.harborAdmin).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Farhan', last_name: 'Qureshi' });
  });

  it('registration refuses a direction override in the display name', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: {
        display_name: `Realty${RLO}moc.evil`,
        first_name: 'Lata',
        last_name: 'Nair',
        email: 'lata@names.test',
        password: 'Secret@123',
        password_confirmation: 'Secret@123',
      },
    });
    expectRefused(res, 'display_name', 'Display name');
  });

  it('a role name refuses control characters', async () => {
    const res = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/acl/role', payload: { name: `Closer${ESC}[31m`, 'lead-read': 1 } });
    expectRefused(res, 'name', 'Role name');
  });

  it('a company refuses them in its display name and tagline, and keeps line breaks in its description', async () => {
    const company = (await ctx.inject('skylineAdmin', { method: 'GET', url: `${COMPANY_API}/${skyline}` })).json() as { data: Record<string, unknown> };
    const put = (changes: Record<string, unknown>) =>
      ctx.inject('skylineAdmin', { method: 'PUT', url: `${COMPANY_API}/${skyline}`, payload: { ...company.data, ...changes } });
    expectRefused(await put({ display_name: `Skyline${RLO}` }), 'display_name', 'Display name');
    expectRefused(await put({ tagline: `Homes${BEL}` }), 'tagline', 'Tagline');
    expectRefused(await put({ operating_cities: ['Pune', `Goa${ISOLATE}`] }), 'operating_cities', 'Operating cities');
    expectRefused(await put({ long_description: `Two\nlines${ESC}` }), 'long_description', 'Description');
    const ok = await put({ tagline: `Homes${ZWSP} that last`, long_description: 'Two\r\nlines\tand a tab' });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await ctx.app.db.selectFrom('companies').select(['tagline', 'long_description']).where('id', '=', skyline).executeTakeFirstOrThrow();
    expect(row).toEqual({ tagline: 'Homes that last', long_description: 'Two\nlines\tand a tab' });
  });

  it('a property title refuses them on create and on edit', async () => {
    const form = propertyForm({ title: `Villa${RLO}`, property_type: 'Villa' });
    const created = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/properties', payload: form.payload, headers: form.headers });
    expectRefused(created, 'title', 'Title');
    const made = propertyForm({ title: `Lake${ZWSP} Villa`, description: 'Sunny\nand quiet' });
    const ok = await ctx.inject('skylineAdmin', { method: 'POST', url: '/api/v1/properties', payload: made.payload, headers: made.headers });
    expect(ok.statusCode, ok.body).toBe(201);
    const property = (ok.json() as { data: { id: number; title: string; description: string } }).data;
    expect([property.title, property.description]).toEqual(['Lake Villa', 'Sunny\nand quiet']);
    const edited = await ctx.inject('skylineAdmin', { method: 'PUT', url: `/api/v1/properties/${property.id}`, payload: { title: `Lake${ESC}Villa` } });
    expectRefused(edited, 'title', 'Title');
  });
});

describe('lead import and export', () => {
  const HEADER = LEAD_IMPORT_HEADERS.join(',');
  const line = (first: string, last: string, n: number) =>
    LEAD_IMPORT_HEADERS.map(
      (h) =>
        ({
          first_name: first,
          last_name: last,
          email: `imported.${n}.${Math.random().toString(36).slice(2, 8)}@names.test`,
          phone: `81000 ${String(n).padStart(5, '0')}`,
          city: 'Pune',
          lead_source: 'Website',
          property_type: 'Villa',
          workflow: 'Open',
          activities: '2',
        })[h as string] ?? '',
    ).join(',');

  const reportOf = (res: Answer) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { data: { imported: number; rejected: Array<{ row: number; reasons: string[] }> } } }).data.data;
  };
  const firstNamesOf = async (lastName: string) =>
    (await ctx.app.db.selectFrom('leads').select('first_name').where('company_id', '=', skyline).where('last_name', '=', lastName).execute()).map((r) => r.first_name);

  it('reports a CSV row whose name holds a direction character, and imports a zero-width one cleaned', async () => {
    // A CSV holding control characters is refused whole as not text (import/file.ts); direction
    // and zero-width characters are ordinary text there, so the rows' rule decides.
    const file = `${[HEADER, line(`Asha${RLO}`, 'Verma', 1), line('Ravi', `Kumar${ISOLATE}`, 2), line(`Ka${ZWSP}vya`, 'Zerowidth', 3)].join('\r\n')}\r\n`;
    const report = reportOf(await importFile(ctx, 'skylineAdmin', 'names.csv', file));
    expect(report.imported).toBe(1);
    expect(report.rejected).toEqual([
      { row: 2, reasons: [forbiddenCharacters('First name')] },
      { row: 3, reasons: [forbiddenCharacters('Last name')] },
    ]);
    expect(await firstNamesOf('Zerowidth')).toEqual(['Kavya']);
  });

  it('reports a workbook row whose name holds a control character', async () => {
    const rows = [[...LEAD_IMPORT_HEADERS], line(`Old${ESC}[2J`, 'Sheet', 4).split(','), line(`Ne${ZWJ}ha`, 'Workbook', 5).split(',')];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Leads');
    const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const report = reportOf(await importFile(ctx, 'skylineAdmin', 'names.xlsx', bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    expect(report.imported).toBe(1);
    expect(report.rejected).toEqual([{ row: 2, reasons: [forbiddenCharacters('First name')] }]);
    expect(await firstNamesOf('Workbook')).toEqual(['Neha']);
  });

  it('writes no control or direction character for a row stored raw before the rule', async () => {
    await insertTestLead(ctx.app.db, skyline, { first_name: `Old${ESC}]0;pwned${BEL}`, last_name: `Row${RLO}cod.exe${CSI}`, city: `Pu${ZWSP}ne`, address: 'Line one\r\nLine two' });
    const res = await ctx.inject('skylineAdmin', { method: 'GET', url: `/api/v1/leads/export/workflow/${statuses[ALL_CONTACTS]}` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const body = res.body.replace(/\r\n/g, '');
    expect([...body].filter(stray).map((char) => char.codePointAt(0)!.toString(16))).toEqual([]);
    expect(res.body).toContain(`Old\uFFFD]0;pwned\uFFFD,Row\uFFFDcod.exe\uFFFD`);
    expect(res.body).toContain('"Line one\nLine two",Pune');
  });
});
