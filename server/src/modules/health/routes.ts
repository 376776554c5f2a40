/** GET /api/v1/health: liveness and database reachability (operations; beyond the original description). */
import type { FastifyInstance } from 'fastify';
import { HEALTH_PATH, MESSAGES } from '@contract';
import { success } from '../../lib/answers';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { checkDatabase } from './service';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: HEALTH_PATH,
    logLevel: 'warn',
    handler: async ({ request, reply }) => {
      try {
        // The read connection: a long write (an import) must not make the server look down.
        await checkDatabase(app.readDb);
      } catch (error) {
        request.log.error({ err: error }, 'health: database unreachable');
        throw new HttpError(503, MESSAGES.generic.serverError);
      }
      reply.header('cache-control', 'no-store');
      return success({
        data: { database: app.dialect, uptime_s: Math.floor((performance.now() - app.startedAt) / 1000) },
      });
    },
  });
}
