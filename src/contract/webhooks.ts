/**
 * Webhooks (docs/webhooks.md): a company admin registers https addresses, and each event of the
 * company's activity log whose kind a webhook asks for is POSTed to it as JSON, signed with the
 * webhook's secret (`EstateDesk-Signature`), retried with growing waits for 24 hours, and listed in
 * the webhook's delivery log. Sign-ins (`session.*`) are the audit log's alone and never sent.
 */
import * as z from 'zod/mini';
import { ACTIVITY_ACTIONS, type ActivityAction, FieldChange } from './activity';
import { Id, IntLike } from './common';
import { TEXT_MAX } from './constants';
import { format, MESSAGES } from './messages';

const M = MESSAGES.webhooks;

export const WEBHOOK_PATHS = {
  /** GET the company's webhooks; POST `WebhookRequest` (answers the secret, once). */
  list: '/webhooks',
  /** PUT `WebhookUpdateRequest` (what the GET answered is accepted), DELETE. */
  one: (id: Id) => `/webhooks/${id}`,
  /** POST: a new signing secret (answered once; the old one stops working at once). */
  secret: (id: Id) => `/webhooks/${id}/secret`,
  /** GET `DeliveryQuery`: the webhook's delivery log, newest first. */
  deliveries: (id: Id) => `/webhooks/${id}/deliveries`,
  /** POST: send a delivery again now (a new attempt). */
  resend: (deliveryId: Id) => `/webhooks/deliveries/${deliveryId}/resend`,
} as const;

/** The kinds a webhook may ask for: every action of the log but the sign-ins. */
export const WEBHOOK_KINDS = ACTIVITY_ACTIONS.filter((action) => !action.startsWith('session.') && !action.startsWith('webhook.')) as Exclude<ActivityAction, `session.${string}` | `webhook.${string}`>[];
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
/** `['*']`: every kind, those added later included. */
export const ALL_KINDS = '*';

export const WEBHOOK_LIMITS = {
  /** Webhooks one company may have. */
  perCompany: 20,
  /** One attempt's time, connecting to the end of the answer's headers. */
  timeoutMs: 10_000,
  /** Attempts stop this long after the first one: the delivery has given up. */
  retryForMs: 24 * 60 * 60 * 1000,
  /** How far apart a receiver should accept the signature's time from its own (docs/webhooks.md). */
  toleranceS: 300,
} as const;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'gave_up'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The headers of a delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'EstateDesk-Signature',
  event: 'EstateDesk-Event',
  delivery: 'EstateDesk-Delivery',
} as const;

/** Whether `url` is an http(s) URL without a user name or password (the server checks its host further). */
export function webhookUrlShape(url: string, allowHttp = false): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password || !parsed.hostname) return false;
  return parsed.protocol === 'https:' || (allowHttp && parsed.protocol === 'http:');
}

const WebhookUrl = z.string({ error: M.urlRequired }).check(
  z.trim(),
  z.minLength(1, { error: M.urlRequired, abort: true }),
  z.maxLength(TEXT_MAX.url, { error: M.urlInvalid, abort: true }),
  // http passes here for the development setting; the server refuses it otherwise.
  z.refine((url) => webhookUrlShape(url, true), M.urlInvalid),
);

const KindList = z.array(z.string()).check(
  z.minLength(1, M.kindsRequired),
  z.maxLength(WEBHOOK_KINDS.length + 1, M.kindsRequired),
  z.superRefine((kinds, ctx) => {
    const unknown = kinds.find((kind) => kind !== ALL_KINDS && !(WEBHOOK_KINDS as readonly string[]).includes(kind));
    if (unknown !== undefined) ctx.issues.push({ code: 'custom', message: format(M.kindUnknown, { kind: unknown.slice(0, 60) }), input: kinds });
  }),
);

export const WebhookRequest = z.object({
  url: WebhookUrl,
  /** Actions of the activity log (`lead.created`, …), or `['*']` for every one. */
  kinds: KindList,
  active: z.optional(z.boolean()),
});
export type WebhookRequest = z.infer<typeof WebhookRequest>;

/** A PUT: any of the fields; a left-out one stays. */
export const WebhookUpdateRequest = z.object({
  url: z.optional(WebhookUrl),
  kinds: z.optional(KindList),
  active: z.optional(z.boolean()),
});
export type WebhookUpdateRequest = z.infer<typeof WebhookUpdateRequest>;

/** The fields a webhook's GET answers and no call sets (a PUT takes and ignores them). */
export const WEBHOOK_SERVER_FIELDS = ['id', 'created_at', 'updated_at', 'last_delivery'] as const;

/** The newest delivery's outcome, for the list. */
export const DeliverySummary = z.looseObject({
  id: z.number(),
  status: z.enum(DELIVERY_STATUSES),
  response_status: z.nullable(z.number()),
  /** When its last attempt was made (null while none was). */
  delivered_at: z.nullable(z.string()),
});

export const Webhook = z.looseObject({
  id: z.number(),
  url: z.string(),
  kinds: z.array(z.string()),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_delivery: z.nullable(DeliverySummary),
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhooksAnswer = z.looseObject({ data: z.array(Webhook) });
export const WebhookAnswer = z.looseObject({ message: z.optional(z.string()), data: Webhook });
/** Creating a webhook or rotating its secret: the secret, shown this once (only a sealed copy is kept). */
export const WebhookSecretAnswer = z.looseObject({
  message: z.optional(z.string()),
  data: z.looseObject({ ...Webhook.shape, secret: z.string() }),
});

export const Delivery = z.looseObject({
  id: z.number(),
  webhook_id: z.number(),
  /** The activity log's event. */
  event_id: z.number(),
  action: z.string(),
  /** Attempts made so far. */
  attempt: z.number(),
  status: z.enum(DELIVERY_STATUSES),
  /** The receiver's HTTP status of the last attempt; null when it answered none (timeout, refused). */
  response_status: z.nullable(z.number()),
  duration_ms: z.nullable(z.number()),
  /** When the next attempt is due; null once it succeeded or gave up. */
  next_attempt_at: z.nullable(z.string()),
  /** When the last attempt was made. */
  delivered_at: z.nullable(z.string()),
  error: z.nullable(z.string()),
  created_at: z.string(),
});
export type Delivery = z.infer<typeof Delivery>;

/** The delivery log's paging: `before`, the `next` of the page before (newest first). */
export const DeliveryQuery = z.object({ before: z.optional(IntLike), pageSize: z.optional(IntLike) });
export const DeliveriesAnswer = z.looseObject({
  data: z.looseObject({ data: z.array(Delivery), next: z.nullable(z.number()) }),
});
export const DeliveryAnswer = z.looseObject({ message: z.optional(z.string()), data: Delivery });

/** The JSON body of a delivery: one event of the activity log. */
export const WebhookPayload = z.looseObject({
  /** The event's id: the same event sent twice (a retry, a resend) carries the same id. */
  id: z.number(),
  action: z.string(),
  created_at: z.string(),
  company_id: z.number(),
  record: z.looseObject({ type: z.string(), id: z.nullable(z.number()), label: z.nullable(z.string()) }),
  actor: z.looseObject({ id: z.nullable(z.number()), name: z.nullable(z.string()) }),
  changes: z.nullable(z.record(z.string(), FieldChange)),
  data: z.nullable(z.record(z.string(), z.unknown())),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;
