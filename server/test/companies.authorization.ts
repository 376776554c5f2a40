/**
 * Rows of authorization.table.ts for the company calls: the list, create and delete are the super
 * admin's (company admins and agents 403); a company is read by the super admin and its own people
 * (Harbor's admin gets 404 for Skyline); it is changed (PUT, images) by the super admin and its own
 * admin (the agent 403, Harbor's admin 404). Deletes hit throwaway companies.
 */
import { DEMO_COMPANIES } from '../src/db/demo-companies';
import type { AuthorizationCase, TableFixtures } from './authorization.table';
import { companyIdOf } from './helpers/leads';
import { multipartBody, PNG_BYTES } from './helpers/multipart';
import type { TablePersona } from './helpers/tablePersonas';

/** Skyline's other agents are answered as its demo agent. */
type Expect = Record<TablePersona, number>;
const expectOf = (superAdmin: number, skylineAdmin: number, skylineAgent: number, harborAdmin: number): Expect => ({
  anonymous: 401,
  superAdmin,
  skylineAdmin,
  skylineAgent,
  harborAdmin,
  propertyAgent: skylineAgent,
  leadReader: skylineAgent,
});

const skyline = async (f: TableFixtures): Promise<number> => (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!;

/** A throwaway company with only a name (as registration makes them). */
async function throwawayCompany(f: TableFixtures): Promise<number> {
  const at = new Date().toISOString();
  const row = await f.ctx.app.db.insertInto('companies').values({ display_name: 'Table Co', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const image = (name: string) => ({ name, filename: `${name}.png`, type: 'image/png', data: PNG_BYTES });

/** Skyline's own values of the edit modal's required fields (docs/product/rules.md): the PUT changes nothing. */
const { fields: sky } = DEMO_COMPANIES.skyline;
const skylineEdit = {
  display_name: sky.display_name,
  founding_year: sky.founding_year,
  firm_type: sky.firm_type,
  office_address: sky.office_address,
  city: sky.city,
  state: sky.state,
  country: sky.country,
  postal_code: sky.postal_code,
};

export const COMPANY_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  {
    route: 'GET /api/v1/company',
    title: 'all companies',
    request: () => ({ method: 'GET', url: '/api/v1/company' }),
    expect: expectOf(200, 403, 403, 403),
  },
  {
    route: 'GET /api/v1/company/:id',
    title: 'the Skyline company',
    request: async (f) => ({ method: 'GET', url: `/api/v1/company/${await skyline(f)}` }),
    expect: expectOf(200, 200, 200, 404),
  },
  {
    route: 'POST /api/v1/company',
    title: 'add a company with its three images',
    request: () => {
      const body = multipartBody([
        ...Object.entries({
          display_name: 'Table Realty',
          tagline: 'Tabled',
          founding_year: '2010',
          primary_color_code: '#112233',
          secondary_color_code: '#445566',
          short_description: 'Short.',
          long_description: 'Long.',
          office_address: '1 Table Road',
          city: 'Pune',
          state: 'Maharashtra',
          postal_code: '411001',
          country: 'India',
          operating_states: '["Maharashtra"]',
          operating_cities: '["Pune"]',
          inventory_categories: '["Plot"]',
          hours_of_operation: 'Mon-Fri: 9AM-5PM',
          firm_type: 'Plot',
          inventory_type: 'own',
          website: 'https://table.example',
          lead_communication: '["Email"]',
        }).map(([name, data]) => ({ name, data })),
        image('icon'),
        image('logo'),
        image('cover_photo'),
      ]);
      return { method: 'POST', url: '/api/v1/company', payload: body.payload, headers: body.headers };
    },
    expect: expectOf(201, 403, 403, 403),
  },
  {
    route: 'PUT /api/v1/company/:id',
    title: 'edit the Skyline company (its own values)',
    request: async (f) => ({ method: 'PUT', url: `/api/v1/company/${await skyline(f)}`, payload: skylineEdit }),
    expect: expectOf(200, 200, 403, 404),
  },
  {
    route: 'POST /api/v1/company/:id/media',
    title: "replace the Skyline company's icon",
    request: async (f) => {
      const body = multipartBody([image('icon')]);
      return { method: 'POST', url: `/api/v1/company/${await skyline(f)}/media`, payload: body.payload, headers: body.headers };
    },
    expect: expectOf(200, 200, 403, 404),
  },
  {
    route: 'DELETE /api/v1/company/:id',
    title: 'delete a throwaway company',
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/company/${await throwawayCompany(f)}` }),
    expect: expectOf(200, 403, 403, 403),
  },
];
