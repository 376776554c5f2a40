/**
 * The calendar's calls (src/contract/appointments.ts): the appointments of a range, one
 * appointment (get, add, edit with the version guard, delete), its .ics, the clash check, a
 * lead's and a property's appointments, and the private calendar feed. Every call works on the
 * caller's company; an agent sees only the appointments they run, were invited to or made.
 * Who may call: src/route-access.ts; steps: service.ts. Starts the reminder sweep.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  APPOINTMENT_PATHS,
  AppointmentListQuery,
  AppointmentRequest,
  AppointmentUpdateRequest,
  ClashQuery,
  ERROR,
  MESSAGES,
  NextAppointmentsQuery,
  UpcomingQuery,
} from '@contract';
import { JSON_TYPE, success } from '../../lib/answers';
import { parseId } from '../../lib/ids';
import { route } from '../../lib/route';
import { answerEncoding, varyOnEncoding } from '../../plugins/compression';
import type { AuthContext } from '../../types';
import { createFeed, feedText, revokeFeed } from './feed.service';
import { calendarText, ICS_TYPE } from './ics';
import { APPOINTMENT_SERVER_OWNED } from './mapper';
import { nextAppointments, recordAppointments } from './next.service';
import { domainOf } from './notify.service';
import { SWEEP_EVERY_MS, sendDueReminders } from './reminders.service';
import { createAppointment, editAppointment, removeAppointment } from './save.service';
import { rangeAnswer } from './rangeAnswers';
import { type Caller, clashesOf, getAppointment } from './service';

const ID = { id: parseId };
const M = MESSAGES.appointments;

const callerOf = (company: number, user: AuthContext['user'], request?: FastifyRequest): Caller => ({ companyId: company, user, requestId: request?.id ?? null });
const isUpcoming = (flag: string | undefined) => flag === '1' || flag === 'true';

export default async function appointmentRoutes(app: FastifyInstance): Promise<void> {
  // Every process sweeps; each reminder is claimed by one (reminders.repository.ts).
  const sweep = () => void sendDueReminders(app).catch((error: unknown) => app.log.warn({ err: error }, 'sending appointment reminders failed'));
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  route(app, {
    method: 'GET',
    url: APPOINTMENT_PATHS.list,
    query: AppointmentListQuery,
    // Kept finished per process while the company's appointments stay unchanged (rangeAnswers.ts).
    handler: async ({ query, company, user, request, reply }) => {
      const answer = await rangeAnswer({ db: app.readDb }, callerOf(company, user), query);
      reply.type(JSON_TYPE);
      const encoding = answerEncoding(app, request, answer.json.length);
      if (!encoding) return answer.json;
      // Compressed ahead: the compression plugin leaves an answer with a Content-Encoding alone.
      const body = await answer.encoded(encoding);
      varyOnEncoding(reply);
      reply.header('content-encoding', encoding);
      return body;
    },
  });

  route(app, {
    method: 'GET',
    url: APPOINTMENT_PATHS.clashes,
    query: ClashQuery,
    handler: async ({ query, company, user }) => success({ data: await clashesOf({ db: app.readDb }, callerOf(company, user), query) }),
  });

  // The leads board's rows: each lead's next appointment in one call (next.service.ts).
  route(app, {
    method: 'GET',
    url: APPOINTMENT_PATHS.next,
    query: NextAppointmentsQuery,
    handler: async ({ query, company, user }) => success(await nextAppointments({ db: app.readDb, clock: app.clock }, callerOf(company, user), query)),
  });

  route(app, {
    method: 'GET',
    url: APPOINTMENT_PATHS.one(':id'),
    params: ID,
    handler: async ({ params, company, user }) => success({ data: await getAppointment(app, callerOf(company, user), params.id) }),
  });

  route(app, {
    method: 'GET',
    url: APPOINTMENT_PATHS.ics(':id'),
    params: ID,
    handler: async ({ params, company, user, reply }) => {
      const appointment = await getAppointment(app, callerOf(company, user), params.id);
      reply
        .type(ICS_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="appointment-${appointment.id}.ics"`);
      return calendarText([appointment], domainOf(app.config.publicUrl));
    },
  });

  route(app, {
    method: 'POST',
    url: APPOINTMENT_PATHS.list,
    body: AppointmentRequest,
    handler: async ({ body, company, user, request, reply }) => {
      const appointment = await createAppointment(app, callerOf(company, user, request), body);
      reply.code(201);
      return success({ message: M.created, data: appointment });
    },
  });

  route(app, {
    method: 'PUT',
    url: APPOINTMENT_PATHS.one(':id'),
    params: ID,
    body: AppointmentUpdateRequest,
    // The object GET answered is accepted as it is (docs/architecture.md, "What a server accepts").
    ignore: APPOINTMENT_SERVER_OWNED,
    handler: async ({ params, body, company, user, request, reply }) => {
      const sent = new Set(Object.keys(request.body as Record<string, unknown>));
      const { saved, appointment } = await editAppointment(app, callerOf(company, user, request), params.id, body, sent);
      if (!saved) {
        reply.code(409);
        return { status: ERROR, message: M.conflict, data: appointment };
      }
      return success({ message: M.updated, data: appointment });
    },
  });

  route(app, {
    method: 'DELETE',
    url: APPOINTMENT_PATHS.one(':id'),
    params: ID,
    handler: async ({ params, company, user, request }) => {
      await removeAppointment(app, callerOf(company, user, request), params.id);
      return success({ message: M.deleted });
    },
  });

  route(app, {
    method: 'GET',
    url: APPOINTMENT_PATHS.ofLead(':id'),
    params: ID,
    query: UpcomingQuery,
    handler: async ({ params, query, company, user }) => success(await recordAppointments(app, callerOf(company, user), { leadId: params.id }, isUpcoming(query.upcoming))),
  });

  route(app, {
    method: 'GET',
    url: APPOINTMENT_PATHS.ofProperty(':id'),
    params: ID,
    query: UpcomingQuery,
    handler: async ({ params, query, company, user }) => success(await recordAppointments(app, callerOf(company, user), { propertyId: params.id }, isUpcoming(query.upcoming))),
  });

  route(app, {
    method: 'POST',
    url: APPOINTMENT_PATHS.feed,
    handler: async ({ user }) => success({ message: M.feedCreated, data: await createFeed(app, user.id) }),
  });

  route(app, {
    method: 'DELETE',
    url: APPOINTMENT_PATHS.feed,
    handler: async ({ user }) => {
      await revokeFeed(app, user.id);
      return success({ message: M.feedRevoked });
    },
  });

  route(app, {
    method: 'GET',
    url: APPOINTMENT_PATHS.feedFile(':token'),
    params: { token: (text: string) => text },
    // Calendar apps poll this; their requests are not worth a log line each.
    logLevel: 'warn',
    handler: async ({ params, reply }) => {
      const text = await feedText(app, params.token);
      reply.type(ICS_TYPE).header('cache-control', 'private, no-store');
      return text;
    },
  });
}
