/**
 * The leads calls (docs/server-resources.md, "Leads"): list per workflow (with search), get, update (with
 * the version guard), store, delete, the inline source / activity / property type / status changes,
 * bulk delete and bulk status, and the CSV export. Import and its sample live in
 * import/routes.ts. Everything works on the caller's company only: another company's lead or
 * status answers 404 and stays unchanged. Who may call: src/route-access.ts; steps: service.ts.
 *
 * The list is the app's hottest call: its route only validates, finds the tab and hands the page's
 * JSON text (list.repository.ts) to the reply as it is.
 */
import type { FastifyInstance } from 'fastify';
import {
  BulkDeleteRequest,
  BulkWorkflowRequest,
  ERROR,
  LEAD_PAGE_SIZE,
  LEAD_PAGE_SIZES,
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
import { JSON_TYPE, success, successJson } from '../../lib/answers';
import { notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/route';
import { SERVER_OWNED_FIELDS } from '../../lib/validate';
import { actorOf } from '../events/record';
import { CSV_TYPE, exportFileName } from './csv';
import { exportCsv } from './export';
import { RECOVER_EVERY_MS, recoverImports } from './import/importer';
import importRoutes from './import/routes';
import { toLead } from './mapper';
import { cleanSearch } from './search';
import { changeLead, createLead, editLead, moveCompanyLeads, moveLead, ownLead, removeLead, removeLeads, tabFilter, tabPage } from './service';

const ID = { id: parseId };

/** Larger pages than the board's page sizes are the search's 1,000 rows or a script's. */
const BOARD_PAGE_MAX = Math.max(...LEAD_PAGE_SIZES);

/** A list call counted against the person's search limit: search text, or a page larger than the board shows. */
const costlyPage = (search: string | undefined, size: number): boolean => cleanSearch(search) !== null || size > BOARD_PAGE_MAX;

export default async function leadRoutes(app: FastifyInstance): Promise<void> {
  // Before the first request, and on PostgreSQL (other processes may die importing) every
  // RECOVER_EVERY_MS after: what an import of a dead process left goes (import/importer.ts).
  const recover = async () => {
    const removed = await recoverImports(app.db);
    if (removed > 0) app.log.warn({ removed }, 'leads of imports that never finished were removed');
  };
  await recover();
  if (app.dialect === 'postgres') {
    const timer = setInterval(() => void recover().catch((error: unknown) => app.log.warn({ err: error }, 'looking for unfinished imports failed')), RECOVER_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  await app.register(importRoutes);

  route(app, {
    method: 'GET',
    url: LEAD_PATHS.list(':id'),
    params: ID,
    query: PageQuery,
    handler: async ({ params, query, company, user, reply }) => {
      const page = pageOf(query, LEAD_PAGE_SIZE);
      // On the read connection: a page never waits behind another person's import.
      const read = () => tabPage({ db: app.readDb }, company, params.id, query.search, page);
      let answer: Awaited<ReturnType<typeof read>>;
      if (costlyPage(query.search, page.size)) {
        await app.costs.countSearch(user.id);
        answer = await app.costs.inTurn(user.id, read);
      } else {
        answer = await read();
      }
      // The leads arrive as JSON text: success({ data: { data: leads, total } }) without a second serialisation.
      return reply.type(JSON_TYPE).send(successJson(`{"data":${answer.json},"total":${answer.total}}`));
    },
  });

  route(app, {
    method: 'GET',
    url: LEAD_PATHS.export(':id'),
    params: ID,
    query: LeadExportQuery,
    handler: async ({ params, query, company, user, reply }) => {
      const release = await app.costs.startExport(user.id);
      let filter: Awaited<ReturnType<typeof tabFilter>>;
      try {
        filter = await tabFilter({ db: app.readDb }, company, params.id, query.search);
      } catch (error) {
        await release();
        throw error;
      }
      // Whichever comes first: the stream's end (done or failed) or the connection's close.
      reply.raw.once('close', release);
      reply
        .type(CSV_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${exportFileName(filter.tabName, app.clock())}"`);
      return reply.send(exportCsv(app.readDb, filter, release));
    },
  });

  route(app, {
    method: 'GET',
    url: LEAD_PATHS.one(':id'),
    params: ID,
    handler: async ({ params, company }) => success({ data: { data: { data: toLead(await ownLead(app, company, params.id)) } } }),
  });

  route(app, {
    method: 'POST',
    url: LEAD_PATHS.store,
    body: LeadCreateRequest,
    handler: async (ctx) => {
      const { body, company, user, reply } = ctx;
      const lead = await createLead(app, { ...actorOf(ctx), companyId: company, userId: user.id }, body);
      reply.code(201);
      return success({ message: MESSAGES.leads.added, data: toLead(lead) });
    },
  });

  route(app, {
    method: 'PUT',
    url: LEAD_PATHS.one(':id'),
    params: ID,
    body: LeadUpdateRequest,
    // The object GET answered is accepted as it is (docs/architecture.md, "What a server accepts");
    // the follow-up comes from the lead's notes.
    ignore: [...SERVER_OWNED_FIELDS, 'follow_up_at'],
    handler: async (ctx) => {
      const { params, body, company, request, reply } = ctx;
      // Which fields were sent decides what changes: a left-out field stays (changes.ts).
      const sent = new Set(Object.keys(request.body as Record<string, unknown>));
      const { saved, lead } = await editLead(app, actorOf(ctx), company, params.id, body, sent);
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
    params: ID,
    handler: async (ctx) => {
      if (!(await removeLead(app, actorOf(ctx), ctx.company, ctx.params.id))) throw notFound();
      return success({ message: MESSAGES.leads.deleted });
    },
  });

  // PUT /leads/source|activity|property/{id}: one field, saved at once (the board's inline selects).
  route(app, {
    method: 'PUT',
    url: LEAD_PATHS.source(':id'),
    params: ID,
    body: LeadSourceRequest,
    handler: async (ctx) => {
      await changeLead(app, actorOf(ctx), ctx.company, ctx.params.id, { lead_source: ctx.body.lead_source });
      return success({ message: MESSAGES.leads.sourceUpdated });
    },
  });
  route(app, {
    method: 'PUT',
    url: LEAD_PATHS.activity(':id'),
    params: ID,
    body: LeadActivityRequest,
    handler: async (ctx) => {
      await changeLead(app, actorOf(ctx), ctx.company, ctx.params.id, { activities: ctx.body.activities });
      return success({ message: MESSAGES.leads.activityUpdated });
    },
  });
  route(app, {
    method: 'PUT',
    url: LEAD_PATHS.propertyType(':id'),
    params: ID,
    body: LeadPropertyTypeRequest,
    handler: async (ctx) => {
      await changeLead(app, actorOf(ctx), ctx.company, ctx.params.id, { property_type: ctx.body.property_type });
      return success({ message: MESSAGES.leads.propertyTypeUpdated });
    },
  });

  route(app, {
    method: 'POST',
    url: LEAD_PATHS.workflow(':id'),
    params: ID,
    body: LeadWorkflowRequest,
    handler: async (ctx) => {
      await moveLead(app, actorOf(ctx), ctx.company, ctx.params.id, ctx.body.workflowId);
      return success({ message: MESSAGES.leads.statusUpdated });
    },
  });

  route(app, {
    method: 'POST',
    url: LEAD_PATHS.bulkDelete,
    body: BulkDeleteRequest,
    handler: async (ctx) => {
      const deleted = await removeLeads(app, actorOf(ctx), ctx.company, [...new Set(ctx.body.ids)]);
      return success({ message: MESSAGES.leads.deleted, data: { deleted } });
    },
  });

  route(app, {
    method: 'POST',
    url: LEAD_PATHS.bulkWorkflow,
    body: BulkWorkflowRequest,
    handler: async (ctx) => {
      const updated = await moveCompanyLeads(app, actorOf(ctx), ctx.company, ctx.body.ids, ctx.body.workflowId);
      return success({ message: MESSAGES.leads.statusUpdated, data: { updated } });
    },
  });
}
