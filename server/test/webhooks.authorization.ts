/**
 * Rows of authorization.table.ts for the webhook calls: a company admin's alone. The super admin
 * (no company) and every agent, whatever their role, get 403; Harbor's admin gets 404 for Skyline's
 * webhook and its deliveries, and lists and adds Harbor's own. The webhooks made here are inactive
 * and point at a documentation address, so nothing is ever sent from the table.
 */
import type { AuthorizationCase, TableFixtures } from './authorization.table';
import { companyIdOf } from './helpers/leads';
import type { TablePersona } from './helpers/tablePersonas';

type Expect = Record<TablePersona, number>;
const adminsOnly = (skylineAdmin: number, harborAdmin: number): Expect => ({
  anonymous: 401,
  superAdmin: 403,
  skylineAdmin,
  skylineAgent: 403,
  harborAdmin,
  propertyAgent: 403,
  leadReader: 403,
});

/** An inactive Skyline webhook (its secret unreadable on purpose: nothing is sent). */
async function skylineWebhook(f: TableFixtures): Promise<number> {
  const now = f.ctx.app.clock().toISOString();
  const { id } = await f.ctx.app.db
    .insertInto('webhooks')
    .values({ company_id: (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!, url: 'https://192.0.2.10/hook', kinds: '["*"]', secret: 'v1.table', active: 0, start_event_id: 0, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A delivery of a Skyline webhook, for an event the log does not hold (a resend gives up at once, sending nothing). */
async function skylineDelivery(f: TableFixtures): Promise<number> {
  const webhookId = await skylineWebhook(f);
  const now = f.ctx.app.clock().toISOString();
  const { id } = await f.ctx.app.db
    .insertInto('webhook_deliveries')
    .values({ webhook_id: webhookId, company_id: (await companyIdOf(f.ctx.app.db, 'skylineAdmin'))!, event_id: 2_000_000_000, action: 'lead.created', attempt: 0, status: 'pending', response_status: null, duration_ms: null, next_attempt_at: null, first_attempt_at: null, delivered_at: null, error: null, claimed_until: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const WEBHOOK_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  { route: 'GET /api/v1/webhooks', title: "the company's webhooks", request: () => ({ method: 'GET', url: '/api/v1/webhooks' }), expect: adminsOnly(200, 200) },
  {
    route: 'POST /api/v1/webhooks',
    title: 'a new (inactive) webhook',
    request: () => ({ method: 'POST', url: '/api/v1/webhooks', payload: { url: 'https://93.184.215.14/hook', kinds: ['lead.created'], active: false } }),
    expect: adminsOnly(201, 201),
  },
  {
    route: 'PUT /api/v1/webhooks/:id',
    title: "a Skyline webhook's kinds",
    request: async (f) => ({ method: 'PUT', url: `/api/v1/webhooks/${await skylineWebhook(f)}`, payload: { kinds: ['lead.deleted'] } }),
    expect: adminsOnly(200, 404),
  },
  {
    route: 'DELETE /api/v1/webhooks/:id',
    title: 'a Skyline webhook, deleted',
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/webhooks/${await skylineWebhook(f)}` }),
    expect: adminsOnly(200, 404),
  },
  {
    route: 'POST /api/v1/webhooks/:id/secret',
    title: "a Skyline webhook's new secret",
    request: async (f) => ({ method: 'POST', url: `/api/v1/webhooks/${await skylineWebhook(f)}/secret` }),
    expect: adminsOnly(200, 404),
  },
  {
    route: 'GET /api/v1/webhooks/:id/deliveries',
    title: "a Skyline webhook's delivery log",
    request: async (f) => ({ method: 'GET', url: `/api/v1/webhooks/${await skylineWebhook(f)}/deliveries` }),
    expect: adminsOnly(200, 404),
  },
  {
    route: 'POST /api/v1/webhooks/deliveries/:id/resend',
    title: 'a Skyline delivery, sent again',
    request: async (f) => ({ method: 'POST', url: `/api/v1/webhooks/deliveries/${await skylineDelivery(f)}/resend` }),
    expect: adminsOnly(200, 404),
  },
];
