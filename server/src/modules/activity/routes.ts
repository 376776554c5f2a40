/**
 * The activity calls (docs/activity.md): the audit log and its CSV export (company admins; the
 * super admin across companies), a lead's timeline (lead-read) and its notes (lead-edit; a note's
 * own changes only by its author, within 15 minutes). The live-update stream is stream.ts.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ACTIVITY_PATHS, ActivityQuery, MESSAGES, NoteRequest, PERMISSIONS, TimelineQuery } from '@contract';
import { success } from '../../lib/answers';
import { forbidden } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { route } from '../../lib/route';
import type { AuthContext } from '../../types';
import { csvLine, CSV_BOM, CSV_TYPE } from '../leads/csv';
import { actorOf } from '../events/record';
import { addNote, auditEvents, auditFilter, auditPage, editNote, leadTimeline, removeNote, sweepOldEvents } from './service';

/** The most events one export holds: a company's year, about. */
const EXPORT_MAX = 100_000;
const EXPORT_HEADERS = ['id', 'created_at', 'actor', 'action', 'record_type', 'record_id', 'record', 'changes', 'details', 'request_id'] as const;

/**
 * Who reads the audit log: a company's admins their company's, the super admin any company's (or
 * all); agents none. Answers the company filter: null for the super admin.
 */
function auditCompany(user: AuthContext['user']): number | null {
  if (user.user_type === 'super_admin') return null;
  if (user.user_type !== 'admin' || user.company_id == null) throw forbidden('audit-log');
  return user.company_id;
}

/** How often each process removes events past the retention (any process may; a delete of nothing is cheap). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export default async function activityRoutes(app: FastifyInstance): Promise<void> {
  const sweep = () =>
    void sweepOldEvents(app).catch((error: unknown) => app.log.warn({ err: error }, 'removing old activity events failed'));
  const sweeping = setInterval(sweep, SWEEP_EVERY_MS);
  sweeping.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => clearInterval(sweeping));

  route(app, {
    method: 'GET',
    url: ACTIVITY_PATHS.list,
    query: ActivityQuery,
    handler: async ({ query, user }) => success({ data: await auditPage({ db: app.readDb }, auditFilter(query, auditCompany(user)), query) }),
  });

  route(app, {
    method: 'GET',
    url: ACTIVITY_PATHS.export,
    query: ActivityQuery,
    handler: async ({ query, user, reply }) => {
      const filter = auditFilter(query, auditCompany(user));
      async function* lines() {
        yield CSV_BOM + csvLine(EXPORT_HEADERS);
        for await (const event of auditEvents({ db: app.readDb }, filter, EXPORT_MAX)) {
          yield csvLine([event.id, event.created_at, event.actor_name, event.action, event.record_type, event.record_id, event.record_label,
            event.changes ? JSON.stringify(event.changes) : '', event.data ? JSON.stringify(event.data) : '', event.request_id]);
        }
      }
      const day = app.clock().toISOString().slice(0, 10);
      reply.type(CSV_TYPE).header('cache-control', 'no-store').header('content-disposition', `attachment; filename="audit-log-${day}.csv"`);
      return reply.send(Readable.from(lines()));
    },
  });

  route(app, {
    method: 'GET',
    url: ACTIVITY_PATHS.timeline(':id'),
    params: { id: parseId },
    query: TimelineQuery,
    handler: async ({ params, query, company, auth }) => {
      const withAppointments = (await auth.permissions()).has(PERMISSIONS.eventRead);
      return success({ data: await leadTimeline({ db: app.readDb }, company, params.id, query, withAppointments) });
    },
  });

  route(app, {
    method: 'POST',
    url: ACTIVITY_PATHS.notes(':id'),
    params: { id: parseId },
    body: NoteRequest,
    handler: async (ctx) => {
      const note = await addNote(app, { ...actorOf(ctx), companyId: ctx.company }, ctx.params.id, ctx.body);
      ctx.reply.code(201);
      return success({ message: MESSAGES.activity.noteAdded, data: note });
    },
  });

  route(app, {
    method: 'PUT',
    url: ACTIVITY_PATHS.note(':id', ':noteId'),
    params: { id: parseId, noteId: parseId },
    body: NoteRequest,
    handler: async (ctx) => {
      const note = await editNote(app, { ...actorOf(ctx), companyId: ctx.company }, ctx.params.id, ctx.params.noteId, ctx.body);
      return success({ message: MESSAGES.activity.noteUpdated, data: note });
    },
  });

  route(app, {
    method: 'DELETE',
    url: ACTIVITY_PATHS.note(':id', ':noteId'),
    params: { id: parseId, noteId: parseId },
    handler: async (ctx) => {
      await removeNote(app, { ...actorOf(ctx), companyId: ctx.company }, ctx.params.id, ctx.params.noteId);
      return success({ message: MESSAGES.activity.noteDeleted });
    },
  });
}
