/**
 * GET /api/v1/appointments/due: the top bar's bell (due.service.ts). Apart from routes.ts so the
 * calendar's calls and the bell's change independently; registered beside them in src/app.ts.
 */
import type { FastifyInstance } from 'fastify';
import { APPOINTMENT_PATHS } from '@contract';
import { success } from '../../lib/answers';
import { route } from '../../lib/route';
import { dueFor } from './due.service';

export default async function dueAppointmentRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: APPOINTMENT_PATHS.due,
    handler: async ({ company, user }) => success(await dueFor({ db: app.readDb, clock: app.clock }, { companyId: company, user })),
  });
}
