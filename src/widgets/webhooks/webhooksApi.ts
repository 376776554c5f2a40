/**
 * The only file of the webhooks screen that calls the API (docs/architecture.md, house rule 3).
 * Every answer is parsed with a contract schema here, so the screen never sees raw JSON.
 */
import { useMemo } from 'react';
import {
  DeliveriesAnswer,
  DeliveryAnswer,
  WEBHOOK_PATHS,
  WebhookAnswer,
  WebhooksAnswer,
  WebhookSecretAnswer,
  type Delivery,
  type Id,
  type Webhook,
  type WebhookRequest,
} from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';
import { DELIVERY_PAGE_SIZE } from './webhooksModel';

/** A webhook with its signing secret: what creating one and rotating its secret answer, once. */
export type WebhookWithSecret = Webhook & { secret: string };

/** A page of the delivery log, newest first; `next` is the `before` of the page after it. */
export interface DeliveryPage {
  data: Delivery[];
  next: number | null;
}

/** The webhook calls of src/contract/webhooks.ts. */
export interface WebhooksApi {
  /** GET /webhooks → the company's webhooks, each with its newest delivery. */
  list(signal?: AbortSignal): Promise<Webhook[]>;
  /** POST /webhooks → the new webhook and its secret (answered this once). */
  create(request: WebhookRequest): Promise<WebhookWithSecret>;
  /** PUT /webhooks/{id}: url, kinds, active. */
  update(id: Id, request: WebhookRequest): Promise<Webhook>;
  /** DELETE /webhooks/{id}, with its delivery log. */
  remove(id: Id): Promise<void>;
  /** POST /webhooks/{id}/secret → a new secret, answered once; the old one stops working. */
  rotateSecret(id: Id): Promise<WebhookWithSecret>;
  /** GET /webhooks/{id}/deliveries (`before`, `pageSize`) → a page of the delivery log. */
  deliveries(id: Id, before: number | null, signal?: AbortSignal): Promise<DeliveryPage>;
  /** POST /webhooks/deliveries/{id}/resend → the delivery after the new attempt. */
  resend(deliveryId: Id): Promise<Delivery>;
}

/**
 * The webhook calls over an API client.
 *
 * @example
 * const webhooks = createWebhooksApi(runtime.api);
 * const { secret } = await webhooks.create({ url: 'https://crm.example/hook', kinds: ['lead.created'] });
 */
export function createWebhooksApi(api: ApiClient): WebhooksApi {
  return {
    async list(signal) {
      return (await api.get(WEBHOOK_PATHS.list, { schema: WebhooksAnswer, signal })).data;
    },
    async create(request) {
      return (await api.post(WEBHOOK_PATHS.list, { body: request, schema: WebhookSecretAnswer })).data;
    },
    async update(id, request) {
      return (await api.put(WEBHOOK_PATHS.one(id), { body: request, schema: WebhookAnswer })).data;
    },
    async remove(id) {
      await api.del(WEBHOOK_PATHS.one(id));
    },
    async rotateSecret(id) {
      return (await api.post(WEBHOOK_PATHS.secret(id), { schema: WebhookSecretAnswer })).data;
    },
    async deliveries(id, before, signal) {
      const query: Record<string, string> = { pageSize: String(DELIVERY_PAGE_SIZE) };
      if (before !== null) query.before = String(before);
      return (await api.get(WEBHOOK_PATHS.deliveries(id), { query, schema: DeliveriesAnswer, signal })).data;
    },
    async resend(deliveryId) {
      return (await api.post(WEBHOOK_PATHS.resend(deliveryId), { schema: DeliveryAnswer })).data;
    },
  };
}

/** The webhook calls of the runtime in context. */
export function useWebhooksApi(): WebhooksApi {
  const api = useApi();
  return useMemo(() => createWebhooksApi(api), [api]);
}
