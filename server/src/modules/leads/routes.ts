/**
 * The leads calls of SPEC §7 and issue 4: list per workflow (with search), get, update (with the
 * version guard), store, delete, the inline source / activity / property type / status changes,
 * bulk delete and bulk status, and the CSV export. Import and its sample live in
 * import/routes.ts. Everything works on the caller's company only: another company's lead or
 * status answers 404 and stays unchanged. Access rules: access.ts; steps: service.ts.
 *
 * The list is the app's hottest call: its route only validates, finds the tab and hands the page's
 * JSON text (list.repository.ts) to the reply as it is.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  BulkDeleteRequest,
  BulkWorkflowRequest,
  ERROR,
  LEAD_PAGE_SIZE,
  LEAD_PATHS,
  LeadActivityRequest,
  LeadCreateRequest,
  LeadExportQuery,
  LeadPropertyTypeRequest,
  LeadSourceRequest,
  LeadUpdateRequest,
  LeadWorkflowRequest,
  MESSAGES,
  PageQuery,
} from '@contract';
import { success, successJson } from '../../lib/answers';
import { notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/route';
import { SERVER_OWNED_FIELDS } from '../../lib/validate';
import { LEAD_ACCESS } from './access';
import { CSV_BOM, CSV_TYPE, csvLine, EXPORT_HEADERS, exportFileName, exportLine } from './csv';
import importRoutes from './import/routes';
import { leadPageJson } from './list.repository';
import { toLead } from './mapper';
import { deleteLead, deleteLeads, leadBatches } from './repository';
import { changeLead, createLead, editLead, moveCompanyLeads, moveLead, ownLead, tabFilter } from './service';

const JSON_TYPE = 'application/json; charset=utf-8';
const ID = { id: parseId };

export default async function leadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(importRoutes);

  route(app, {
    method: 'GET',
    url: LEAD_PATHS.list(':id'),
    access: LEAD_ACCESS.read,
    params: ID,
    query: PageQuery,
    handler: async ({ params, query, company, reply }) => {
      const filter = await tabFilter(app, company, params.id, query.search);
      const { json, total } = await leadPageJson(app.db, filter, pageOf(query, LEAD_PAGE_SIZE));
      // The leads arrive as JSON text: success({ data: { data: leads, total } }) without a second serialisation.
      return reply.type(JSON_TYPE).send(successJson(`{"data":${json},"total":${total}}`));
    },
  });

  route(app, {
    method: 'GET',
    url: LEAD_PATHS.export(':id'),
    access: LEAD_ACCESS.read,
    params: ID,
    query: LeadExportQuery,
    handler: async ({ params, query, company, reply }) => {
      const filter = await tabFilter(app, company, params.id, query.search);
      async function* csv() {
        yield CSV_BOM + csvLine(EXPORT_HEADERS);
        for await (const batch of leadBatches(app.db, filter)) yield batch.map(exportLine).join('');
      }
      reply
        .type(CSV_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${exportFileName(filter.tabName, app.clock())}"`);
      return reply.send(Readable.from(csv()));
    },
  });

  route(app, {
    method: 'GET',
    url: LEAD_PATHS.one(':id'),
    access: LEAD_ACCESS.read,
    params: ID,
    handler: async ({ params, company }) => success({ data: { data: { data: toLead(await ownLead(app, company, params.id)) } } }),
  });

  route(app, {
    method: 'POST',
    url: LEAD_PATHS.store,
    access: LEAD_ACCESS.create,
    body: LeadCreateRequest,
    handler: async ({ body, company, user, reply }) => {
      const lead = await createLead(app, { companyId: company, userId: user.id }, body);
      reply.code(201);
      return success({ message: MESSAGES.leads.added, data: toLead(lead) });
    },
  });

  route(app, {
    method: 'PUT',
    url: LEAD_PATHS.one(':id'),
    access: LEAD_ACCESS.edit,
    params: ID,
    body: LeadUpdateRequest,
    // The object GET answered is accepted as it is (DESIGN: what a server accepts).
    ignore: SERVER_OWNED_FIELDS,
    handler: async ({ params, body, company, request, reply }) => {
      // Which fields were sent decides what changes: a left-out field stays (changes.ts).
      const sent = new Set(Object.keys(request.body as Record<string, unknown>));
      const { saved, lead } = await editLead(app, company, params.id, body, sent);
      if (!saved) {
        reply.code(409);
        return { status: ERROR, message: MESSAGES.leads.conflict, data: toLead(lead) };
      }
      return success({ message: MESSAGES.leads.updated, data: toLead(lead) });
    },
  });

  route(app, {
    method: 'DELETE',
    url: LEAD_PATHS.one(':id'),
    access: LEAD_ACCESS.delete,
    params: ID,
    handler: async ({ params, company }) => {
      if (!(await deleteLead(app.db, company, params.id))) throw notFound();
      return success({ message: MESSAGES.leads.deleted });
    },
  });

  // PUT /leads/source|activity|property/{id}: one field, saved at once (SPEC §4).
  route(app, {
    method: 'PUT',
    url: LEAD_PATHS.source(':id'),
    access: LEAD_ACCESS.edit,
    params: ID,
    body: LeadSourceRequest,
    handler: async ({ params, body, company }) => {
      await changeLead(app, company, params.id, { lead_source: body.lead_source });
      return success({ message: MESSAGES.leads.sourceUpdated });
    },
  });
  route(app, {
    method: 'PUT',
    url: LEAD_PATHS.activity(':id'),
    access: LEAD_ACCESS.edit,
    params: ID,
    body: LeadActivityRequest,
    handler: async ({ params, body, company }) => {
      await changeLead(app, company, params.id, { activities: body.activities });
      return success({ message: MESSAGES.leads.activityUpdated });
    },
  });
  route(app, {
    method: 'PUT',
    url: LEAD_PATHS.propertyType(':id'),
    access: LEAD_ACCESS.edit,
    params: ID,
    body: LeadPropertyTypeRequest,
    handler: async ({ params, body, company }) => {
      await changeLead(app, company, params.id, { property_type: body.property_type });
      return success({ message: MESSAGES.leads.propertyTypeUpdated });
    },
  });

  route(app, {
    method: 'POST',
    url: LEAD_PATHS.workflow(':id'),
    access: LEAD_ACCESS.edit,
    params: ID,
    body: LeadWorkflowRequest,
    handler: async ({ params, body, company }) => {
      await moveLead(app, company, params.id, body.workflowId);
      return success({ message: MESSAGES.leads.statusUpdated });
    },
  });

  route(app, {
    method: 'POST',
    url: LEAD_PATHS.bulkDelete,
    access: LEAD_ACCESS.delete,
    body: BulkDeleteRequest,
    handler: async ({ body, company }) => {
      const deleted = await deleteLeads(app.db, company, [...new Set(body.ids)]);
      return success({ message: MESSAGES.leads.deleted, data: { deleted } });
    },
  });

  route(app, {
    method: 'POST',
    url: LEAD_PATHS.bulkWorkflow,
    access: LEAD_ACCESS.edit,
    body: BulkWorkflowRequest,
    handler: async ({ body, company }) => {
      const updated = await moveCompanyLeads(app, company, body.ids, body.workflowId);
      return success({ message: MESSAGES.leads.statusUpdated, data: { updated } });
    },
  });
}
