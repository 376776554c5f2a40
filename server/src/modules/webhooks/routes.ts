/**
 * The webhook calls (docs/webhooks.md): a company admin's alone — the route rows let any signed-in
 * person of a company through (the super admin, who has none, gets 403 there) and `adminCompany`
 * refuses everyone but a company admin, as the audit log does. Another company's webhook or
 * delivery is 404. The secret is answered by the create and rotate calls only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DeliveryQuery, MESSAGES, WEBHOOK_PATHS, WEBHOOK_SERVER_FIELDS, WebhookRequest, WebhookUpdateRequest } from '@contract';
import { success } from '../../lib/answers';
import { HttpError } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { route } from '../../lib/route';
import { createWebhook, deliveriesOf, editWebhook, listWebhooks, removeWebhook, resendDelivery, rotateSecret } from './service';
import { actorOf } from '../events/record';

const M = MESSAGES.webhooks;
const ID = { id: parseId };

/** Company admins only: 403 for anyone else, before the body is read (a refused caller learns nothing of its checks). */
const adminsOnly = async (request: FastifyRequest): Promise<void> => {
  if (request.auth?.user.user_type !== 'admin') throw new HttpError(403, M.adminsOnly);
};

export default async function webhookRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    preHandler: adminsOnly,
    url: WEBHOOK_PATHS.list,
    handler: async ({ company }) => success({ data: await listWebhooks({ db: app.readDb }, company) }),
  });

  route(app, {
    method: 'POST',
    preHandler: adminsOnly,
    url: WEBHOOK_PATHS.list,
    body: WebhookRequest,
    handler: async (ctx) => {
      const { user, company, body, reply } = ctx;
      const data = await createWebhook(app, actorOf(ctx), company, user.id, body);
      reply.code(201);
      return success({ message: M.created, data });
    },
  });

  route(app, {
    method: 'PUT',
    preHandler: adminsOnly,
    url: WEBHOOK_PATHS.one(':id'),
    params: ID,
    body: WebhookUpdateRequest,
    ignore: WEBHOOK_SERVER_FIELDS,
    handler: async (ctx) => success({ message: M.updated, data: await editWebhook(app, actorOf(ctx), ctx.company, ctx.params.id, ctx.body) }),
  });

  route(app, {
    method: 'DELETE',
    preHandler: adminsOnly,
    url: WEBHOOK_PATHS.one(':id'),
    params: ID,
    handler: async (ctx) => {
      await removeWebhook(app, actorOf(ctx), ctx.company, ctx.params.id);
      return success({ message: M.deleted });
    },
  });

  route(app, {
    method: 'POST',
    preHandler: adminsOnly,
    url: WEBHOOK_PATHS.secret(':id'),
    params: ID,
    handler: async (ctx) => success({ message: M.secretRotated, data: await rotateSecret(app, actorOf(ctx), ctx.company, ctx.params.id) }),
  });

  route(app, {
    method: 'GET',
    preHandler: adminsOnly,
    url: WEBHOOK_PATHS.deliveries(':id'),
    params: ID,
    query: DeliveryQuery,
    handler: async ({ company, params, query }) => success({ data: await deliveriesOf({ db: app.readDb }, company, params.id, query) }),
  });

  route(app, {
    method: 'POST',
    preHandler: adminsOnly,
    url: WEBHOOK_PATHS.resend(':id'),
    params: ID,
    handler: async ({ company, params }) => success({ message: M.resent, data: await resendDelivery(app, company, params.id) }),
  });
}
