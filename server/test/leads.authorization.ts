/**
 * Rows of authorization.table.ts for the leads and workflow calls: reading (tabs, list, a lead,
 * export) needs lead-read; store, import and its sample lead-create; edits lead-edit; deletes
 * lead-delete (the demo agent lacks it: 403). The agent holding only property-* gets 403 on every
 * one; the one holding only lead-read reads and changes nothing. The super admin has no company
 * (403). Harbor's admin gets 404 for Skyline's leads and statuses; bulk calls skip other
 * companies' ids.
 */
import { LEAD_IMPORT_HEADERS } from '../../src/contract';
import type { AuthorizationCase, TableFixtures } from './authorization.table';
import { companyIdOf, insertTestLead, statusIds } from './helpers/leads';
import { multipartBody } from './helpers/multipart';
import type { TablePersona } from './helpers/tablePersonas';

type Expect = Record<TablePersona, number>;
/** The property-only agent never gets past lead-read; the lead reader only reads. */
const expectOf = (skylineAdmin: number, skylineAgent: number, harborAdmin: number, leadReader = 403): Expect => ({
  anonymous: 401,
  superAdmin: 403,
  skylineAdmin,
  skylineAgent,
  harborAdmin,
  propertyAgent: 403,
  leadReader,
});

/** Skyline's company id and status ids, looked up once. */
async function skyline(f: TableFixtures): Promise<{ companyId: number; statuses: Record<string, number> }> {
  const companyId = (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!;
  return { companyId, statuses: await statusIds(f.ctx.app.db, companyId) };
}
/** The id of an import Skyline's admin ran (its progress stays readable for a while), started once per table. */
const adminImports = new WeakMap<TableFixtures, Promise<string>>();
function skylineAdminImport(f: TableFixtures): Promise<string> {
  let id = adminImports.get(f);
  if (!id) {
    id = (async () => {
      const importId = `table-${Date.now()}`;
      const line = ['Table', 'Progress', f.uniqueEmail('import-progress'), `8${String(Date.now()).slice(-9)}`, '', '', '', '', '', 'Other', '1', '', '1'];
      const body = multipartBody([{ name: 'file', filename: 'one.csv', type: 'text/csv', data: `${LEAD_IMPORT_HEADERS.join(',')}\n${line.join(',')}\n` }]);
      const res = await f.ctx.inject('skylineAdmin', { method: 'POST', url: `/api/v1/leads/import?import_id=${importId}`, payload: body.payload, headers: body.headers });
      if (res.statusCode !== 200) throw new Error(`import for the progress row failed: ${res.body}`);
      return importId;
    })();
    adminImports.set(f, id);
  }
  return id;
}
/** A throwaway Skyline lead. */
const skylineLead = async (f: TableFixtures) => insertTestLead(f.ctx.app.db, (await skyline(f)).companyId);
/** The caller's own Open status (Skyline's for personas without a company). */
async function ownOpen(f: TableFixtures, persona: TablePersona): Promise<number> {
  const companyId = (await f.companyOf(persona)) ?? (await skyline(f)).companyId;
  return (await statusIds(f.ctx.app.db, companyId)).Open!;
}

export const LEAD_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  {
    route: 'GET /api/v1/workflow/list',
    title: 'workflow statuses',
    request: () => ({ method: 'GET', url: '/api/v1/workflow/list' }),
    expect: expectOf(200, 200, 200, 200),
  },
  {
    route: 'GET /api/v1/leads/list/workflow/:id',
    title: "Skyline's All Contacts tab",
    request: async (f) => ({ method: 'GET', url: `/api/v1/leads/list/workflow/${(await skyline(f)).statuses['All Contacts']}` }),
    expect: expectOf(200, 200, 404, 200),
  },
  {
    route: 'GET /api/v1/leads/export/workflow/:id',
    title: "export of Skyline's Open tab",
    request: async (f) => ({ method: 'GET', url: `/api/v1/leads/export/workflow/${(await skyline(f)).statuses.Open}` }),
    expect: expectOf(200, 200, 404, 200),
  },
  {
    route: 'GET /api/v1/leads/:id',
    title: 'a Skyline lead',
    request: async (f) => ({ method: 'GET', url: `/api/v1/leads/${await skylineLead(f)}` }),
    expect: expectOf(200, 200, 404, 200),
  },
  {
    route: 'POST /api/v1/leads/store',
    title: "add a lead in the caller's Open status",
    request: async (f, persona) => ({
      method: 'POST',
      url: '/api/v1/leads/store',
      payload: {
        first_name: 'Table',
        last_name: 'Lead',
        email: f.uniqueEmail(`lead-${persona}`),
        phone: '+91 98450 00000',
        lead_source: 'Website',
        property_type: 1,
        workflow_id: await ownOpen(f, persona),
        activities: 2,
      },
    }),
    expect: expectOf(201, 201, 201),
  },
  {
    route: 'PUT /api/v1/leads/:id',
    title: 'edit a Skyline lead',
    request: async (f) => ({ method: 'PUT', url: `/api/v1/leads/${await skylineLead(f)}`, payload: { city: 'Tablepur', version: 1 } }),
    expect: expectOf(200, 200, 404),
  },
  {
    route: 'DELETE /api/v1/leads/:id',
    title: 'delete a Skyline lead (the agent lacks lead-delete)',
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/leads/${await skylineLead(f)}` }),
    expect: expectOf(200, 403, 404),
  },
  ...(
    [
      ['source', { lead_source: 'Referral' }],
      ['activity', { activities: 3 }],
      ['property', { property_type: 2 }],
    ] as const
  ).map(
    ([kind, payload]): AuthorizationCase => ({
      route: `PUT /api/v1/leads/${kind}/:id`,
      title: `inline ${kind} change of a Skyline lead`,
      request: async (f) => ({ method: 'PUT', url: `/api/v1/leads/${kind}/${await skylineLead(f)}`, payload }),
      expect: expectOf(200, 200, 404),
    }),
  ),
  {
    route: 'POST /api/v1/leads/workflow/:id',
    title: 'status change of a Skyline lead to Won',
    request: async (f) => ({ method: 'POST', url: `/api/v1/leads/workflow/${await skylineLead(f)}`, payload: { workflowId: (await skyline(f)).statuses.Won } }),
    expect: expectOf(200, 200, 404),
  },
  {
    route: 'POST /api/v1/leads/bulk/delete',
    title: 'bulk delete of a Skyline lead (other companies: nothing deleted)',
    request: async (f) => ({ method: 'POST', url: '/api/v1/leads/bulk/delete', payload: { ids: [await skylineLead(f)] } }),
    expect: expectOf(200, 403, 200),
  },
  {
    route: 'POST /api/v1/leads/bulk/workflow',
    title: "bulk status change of a Skyline lead to the caller's Open",
    request: async (f, persona) => ({
      method: 'POST',
      url: '/api/v1/leads/bulk/workflow',
      payload: { ids: [await skylineLead(f)], workflowId: await ownOpen(f, persona) },
    }),
    expect: expectOf(200, 200, 200),
  },
  {
    route: 'POST /api/v1/leads/import',
    title: 'import one row',
    request: (f, persona) => {
      const line = ['Table', 'Import', f.uniqueEmail(`import-${persona}`), `9${String(Date.now()).slice(-9)}`, '', '', '', '', '', 'Other', '1', '', '1'];
      const body = multipartBody([{ name: 'file', filename: 'one.csv', type: 'text/csv', data: `${LEAD_IMPORT_HEADERS.join(',')}\n${line.join(',')}\n` }]);
      return { method: 'POST', url: '/api/v1/leads/import', payload: body.payload, headers: body.headers };
    },
    expect: expectOf(200, 200, 200),
  },
  {
    route: 'GET /api/v1/leads/import/progress/:id',
    title: "the progress of Skyline's admin's import: only the session that ran it finds it",
    request: async (f) => ({ method: 'GET', url: `/api/v1/leads/import/progress/${await skylineAdminImport(f)}` }),
    expect: { ...expectOf(200, 404, 404), superAdmin: 404, propertyAgent: 404, leadReader: 404 },
  },
  {
    route: 'GET /api/v1/leads/import/sample',
    title: 'import sample (the import screen: lead-create)',
    request: () => ({ method: 'GET', url: '/api/v1/leads/import/sample' }),
    expect: expectOf(200, 200, 200),
  },
];
