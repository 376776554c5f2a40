/**
 * The leads calls of SPEC §7 and issue 4: list per workflow (with search), get, update (with the
 * version guard), store, delete, the inline source / activity / property type / status changes,
 * bulk delete and bulk status, and the CSV export. Import and its sample live in
 * import.routes.ts. Everything works on the caller's company only: another company's lead or
 * status answers 404 and stays unchanged. Access rules: access.ts.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
} from '../../../../src/contract';
import { success, successJson } from '../../lib/answers';
import { invalid, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { parse, SERVER_OWNED_FIELDS } from '../../lib/validate';
import { caller } from '../../plugins/auth';
import { findCompanyWorkflow, isAllContacts } from '../workflows/repository';
import { companyOf, CREATE, DELETE, EDIT, READ } from './access';
import { editChanges } from './changes';
import { CSV_BOM, CSV_TYPE, csvLine, EXPORT_HEADERS, exportFileName, exportLine } from './csv';
import importRoutes from './import.routes';
import { leadPageJson } from './list.repository';
import { toLead } from './mapper';
import {
  deleteLead,
  deleteLeads,
  findLead,
  insertLead,
  type LeadChanges,
  type LeadFilter,
  leadBatches,
  moveLeads,
  newLead,
  updateLead,
} from './repository';
import { cleanSearch } from './search';

const JSON_TYPE = 'application/json; charset=utf-8';

const idParam = (request: FastifyRequest): number => parseId((request.params as { id: string }).id);

export default async function leadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(importRoutes);
  const now = () => app.clock().toISOString();

  /** The filter of a tab: its workflow (All Contacts: every lead), 404 for another company's. */
  async function tabFilter(request: FastifyRequest, search: string | undefined): Promise<LeadFilter & { tabName: string }> {
    const companyId = companyOf(request);
    const workflow = await findCompanyWorkflow(app.db, companyId, idParam(request));
    if (!workflow) throw notFound();
    return { companyId, workflowId: isAllContacts(workflow) ? null : workflow.id, search: cleanSearch(search), tabName: workflow.name };
  }

  /** A status a lead may take: one of the company's, never All Contacts (SPEC §3, §4); else 422. */
  async function leadStatus(companyId: number, workflowId: number, field: string): Promise<number> {
    const workflow = await findCompanyWorkflow(app.db, companyId, workflowId);
    if (!workflow || isAllContacts(workflow)) throw invalid({ [field]: [MESSAGES.leads.invalidWorkflow] }, MESSAGES.leads.invalidWorkflow);
    return workflow.id;
  }

  /** The company's lead named by the path, or 404 — checked before the body, so tenancy wins. */
  async function ownLead(request: FastifyRequest) {
    const companyId = companyOf(request);
    const lead = await findLead(app.db, companyId, idParam(request));
    if (!lead) throw notFound();
    return { companyId, lead };
  }

  app.get(LEAD_PATHS.list(':id'), { config: READ }, async (request, reply) => {
    const query = parse(PageQuery, request.query ?? {});
    const filter = await tabFilter(request, query.search);
    const { json, total } = await leadPageJson(app.db, filter, pageOf(query, LEAD_PAGE_SIZE));
    // The leads arrive as JSON text: success({ data: { data: leads, total } }) without a second serialisation.
    return reply.type(JSON_TYPE).send(successJson(`{"data":${json},"total":${total}}`));
  });

  app.get(LEAD_PATHS.export(':id'), { config: READ }, async (request, reply) => {
    const query = parse(LeadExportQuery, request.query ?? {});
    const filter = await tabFilter(request, query.search);
    async function* csv() {
      yield CSV_BOM + csvLine(EXPORT_HEADERS);
      for await (const batch of leadBatches(app.db, filter)) yield batch.map(exportLine).join('');
    }
    reply
      .type(CSV_TYPE)
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${exportFileName(filter.tabName, app.clock())}"`);
    return reply.send(Readable.from(csv()));
  });

  app.get(LEAD_PATHS.one(':id'), { config: READ }, async (request) => {
    const { lead } = await ownLead(request);
    return success({ data: { data: { data: toLead(lead) } } });
  });

  app.post(LEAD_PATHS.store, { config: CREATE }, async (request, reply) => {
    const companyId = companyOf(request);
    const input = parse(LeadCreateRequest, request.body);
    const workflowId = await leadStatus(companyId, input.workflow_id, 'workflow_id');
    const stamp = now();
    const id = await insertLead(app.db, newLead(input, { companyId, workflowId, userId: caller(request).user.id, nowIso: stamp }));
    const lead = await findLead(app.db, companyId, id);
    if (!lead) throw notFound();
    reply.code(201);
    return success({ message: MESSAGES.leads.added, data: toLead(lead) });
  });

  app.put(LEAD_PATHS.one(':id'), { config: EDIT }, async (request, reply) => {
    const { companyId, lead } = await ownLead(request);
    const input = parse(LeadUpdateRequest, request.body, { allowExtra: SERVER_OWNED_FIELDS });
    const body = request.body as Record<string, unknown>;
    const changes: LeadChanges = { ...editChanges(input, new Set(Object.keys(body))), updated_at: now() };
    if (input.workflow_id != null) changes.workflow_id = await leadStatus(companyId, input.workflow_id, 'workflow_id');
    // With a version (the widget sends it), a save over someone else's newer change is refused.
    const saved = await updateLead(app.db, companyId, lead.id, changes, input.version);
    const fresh = await findLead(app.db, companyId, lead.id);
    if (!fresh) throw notFound();
    if (!saved) {
      reply.code(409);
      return { status: ERROR, message: MESSAGES.leads.conflict, data: toLead(fresh) };
    }
    return success({ message: MESSAGES.leads.updated, data: toLead(fresh) });
  });

  app.delete(LEAD_PATHS.one(':id'), { config: DELETE }, async (request) => {
    if (!(await deleteLead(app.db, companyOf(request), idParam(request)))) throw notFound();
    return success({ message: MESSAGES.leads.deleted });
  });

  /** PUT /leads/source|activity|property/{id}: one field, saved at once (SPEC §4). */
  const inline = (changesOf: (body: unknown) => LeadChanges, message: string) => async (request: FastifyRequest) => {
    const companyId = companyOf(request);
    const id = idParam(request);
    const changes = changesOf(request.body);
    if (!(await updateLead(app.db, companyId, id, { ...changes, updated_at: now() }))) throw notFound();
    return success({ message });
  };
  app.put(
    LEAD_PATHS.source(':id'),
    { config: EDIT },
    inline((body) => ({ lead_source: parse(LeadSourceRequest, body).lead_source }), MESSAGES.leads.sourceUpdated),
  );
  app.put(
    LEAD_PATHS.activity(':id'),
    { config: EDIT },
    inline((body) => ({ activities: parse(LeadActivityRequest, body).activities }), MESSAGES.leads.activityUpdated),
  );
  app.put(
    LEAD_PATHS.propertyType(':id'),
    { config: EDIT },
    inline((body) => ({ property_type: parse(LeadPropertyTypeRequest, body).property_type }), MESSAGES.leads.propertyTypeUpdated),
  );

  app.post(LEAD_PATHS.workflow(':id'), { config: EDIT }, async (request) => {
    const { companyId, lead } = await ownLead(request);
    const { workflowId } = parse(LeadWorkflowRequest, request.body);
    const status = await leadStatus(companyId, workflowId, 'workflowId');
    if (!(await updateLead(app.db, companyId, lead.id, { workflow_id: status, updated_at: now() }))) throw notFound();
    return success({ message: MESSAGES.leads.statusUpdated });
  });

  app.post(LEAD_PATHS.bulkDelete, { config: DELETE }, async (request) => {
    const companyId = companyOf(request);
    const { ids } = parse(BulkDeleteRequest, request.body);
    const deleted = await deleteLeads(app.db, companyId, [...new Set(ids)]);
    return success({ message: MESSAGES.leads.deleted, data: { deleted } });
  });

  app.post(LEAD_PATHS.bulkWorkflow, { config: EDIT }, async (request) => {
    const companyId = companyOf(request);
    const { ids, workflowId } = parse(BulkWorkflowRequest, request.body);
    const status = await leadStatus(companyId, workflowId, 'workflowId');
    const updated = await moveLeads(app.db, companyId, [...new Set(ids)], status, now());
    return success({ message: MESSAGES.leads.statusUpdated, data: { updated } });
  });
}
