/** GET /api/v1/health: liveness and database reachability. Beyond the original description; operations need it. */
import * as z from 'zod/mini';

export const HEALTH_PATH = '/health';
export const HealthAnswer = z.looseObject({
  status: z.string(),
  data: z.looseObject({ database: z.string(), uptime_s: z.number() }),
});
