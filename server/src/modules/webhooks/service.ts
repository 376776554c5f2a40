/**
 * Webhooks (docs/webhooks.md): a company admin's addresses, their signing secrets (made here,
 * answered once, kept sealed), the delivery log, and one attempt at a delivery — used by the
 * worker (worker.ts) for due deliveries and by a resend by hand.
 */
import { randomBytes } from 'node:crypto';
import {
  ALL_KINDS,
  type Delivery,
  type DeliveryStatus,
  format,
  MESSAGES,
  type Webhook,
  WEBHOOK_KINDS,
  WEBHOOK_LIMITS,
  type WebhookRequest,
  type WebhookUpdateRequest,
} from '@contract';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { createSecretBox, type SecretBox } from '../../lib/secret-box';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../types';
import { type Actor, changesBetween, eventWriter, type LogEvent } from '../events/record';
import type { EventRow } from '../activity/repository';
import { checkWebhookAddress, type Resolve } from './addresses';
import { deliveryHeaders, nextAttemptAt, payloadOf, post } from './delivery';
import {
  claimOne,
  countWebhooks,
  deleteWebhook,
  type DeliveryRow,
  deliveryPage,
  eventsByIds,
  findDelivery,
  findWebhook,
  insertDeliveries,
  insertWebhook,
  lastDeliveries,
  newestEventId,
  recordAttempt,
  updateWebhook,
  webhooksOf,
  type WebhookRow,
} from './repository';

const M = MESSAGES.webhooks;
export const PAGE_SIZE = { default: 30, max: 200 } as const;
/** How long a process holds a delivery it sends: past the attempt's time limit, so it lapses only when that process died. */
export const CLAIM_MS = WEBHOOK_LIMITS.timeoutMs + 50_000;

type WebhookDeps = Pick<Deps, 'db' | 'clock' | 'config'> & { resolveHost?: Resolve };

const boxes = new WeakMap<Uint8Array, SecretBox>();
/** The sealing of webhook secrets under the app's secret (lib/secret-box.ts). */
function webhookBox(deps: Pick<Deps, 'config'>): SecretBox {
  const root = deps.config.jwtSecret;
  let box = boxes.get(root);
  if (!box) boxes.set(root, (box = createSecretBox(root, 'webhook secret')));
  return box;
}

/** A new signing secret: 32 random bytes. */
const newSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

const kindsOf = (row: Pick<WebhookRow, 'kinds'>): string[] => JSON.parse(row.kinds) as string[];
const SENDABLE: ReadonlySet<string> = new Set(WEBHOOK_KINDS);

/** `['*']` stays alone; other lists lose repeats and keep the order given. */
const cleanKinds = (kinds: readonly string[]): string[] => (kinds.includes(ALL_KINDS) ? [ALL_KINDS] : [...new Set(kinds)]);

export function toWebhook(row: WebhookRow, last: DeliveryRow | undefined): Webhook {
  return {
    id: row.id,
    url: row.url,
    kinds: kindsOf(row),
    active: row.active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_delivery: last ? { id: last.id, status: last.status as DeliveryStatus, response_status: last.response_status, delivered_at: last.delivered_at } : null,
  };
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    action: row.action,
    attempt: row.attempt,
    status: row.status as DeliveryStatus,
    response_status: row.response_status,
    duration_ms: row.duration_ms,
    next_attempt_at: row.next_attempt_at,
    delivered_at: row.delivered_at,
    error: row.error,
    created_at: row.created_at,
  };
}

/** 422 on `url` unless it may receive webhooks (https; its host public, unless the development setting allows private ones). */
async function checkedUrl(deps: WebhookDeps, url: string): Promise<string> {
  const check = await checkWebhookAddress(url, deps.config.webhooksAllowPrivate, deps.resolveHost);
  if (check.ok) return url;
  const message = check.reason === 'private' ? M.urlPrivate : check.reason === 'unresolved' ? M.urlUnresolved : M.urlInvalid;
  throw invalid({ url: [message] });
}

async function webhookOf(deps: Pick<Deps, 'db'>, companyId: number, id: number): Promise<WebhookRow> {
  const row = await findWebhook(deps.db, companyId, id);
  if (!row) throw notFound();
  return row;
}

async function answerOf(deps: Pick<Deps, 'db'>, row: WebhookRow): Promise<Webhook> {
  return toWebhook(row, (await lastDeliveries(deps.db, [row.id])).get(row.id));
}

export async function listWebhooks(deps: Pick<Deps, 'db'>, companyId: number): Promise<Webhook[]> {
  const rows = await webhooksOf(deps.db, companyId);
  const last = await lastDeliveries(deps.db, rows.map((row) => row.id));
  return rows.map((row) => toWebhook(row, last.get(row.id)));
}

/** Runs a webhook change and its audit event in one transaction (docs/activity.md); the secret is never logged. */
const logged = <T>(deps: WebhookDeps, actor: Actor, change: (db: Kysely<Database>, log: LogEvent) => Promise<T>): Promise<T> =>
  deps.db.transaction().execute((trx) => change(trx, eventWriter(deps, trx, actor)));
const webhookRecord = (id: number, url: string) => ({ type: 'webhook' as const, id, label: url });

export async function createWebhook(deps: WebhookDeps, actor: Actor, companyId: number, userId: number, input: WebhookRequest): Promise<Webhook & { secret: string }> {
  const url = await checkedUrl(deps, input.url);
  if ((await countWebhooks(deps.db, companyId)) >= WEBHOOK_LIMITS.perCompany) {
    throw new HttpError(409, format(M.tooMany, { max: WEBHOOK_LIMITS.perCompany }));
  }
  const secret = newSecret();
  const now = deps.clock().toISOString();
  const kinds = cleanKinds(input.kinds);
  const id = await logged(deps, actor, async (db, log) => {
    const id = await insertWebhook(db, {
      company_id: companyId,
      url,
      kinds: JSON.stringify(kinds),
      secret: webhookBox(deps).seal(secret),
      active: input.active === false ? 0 : 1,
      start_event_id: await newestEventId(db),
      created_by: userId,
      created_at: now,
      updated_at: now,
    });
    await log({ action: 'webhook.created', record: webhookRecord(id, url), data: { kinds, active: input.active !== false } });
    // It starts after its own creation's event too (the newest when it was made).
    await updateWebhook(db, companyId, id, { start_event_id: await newestEventId(db) });
    return id;
  });
  return { ...(await answerOf(deps, await webhookOf(deps, companyId, id))), secret };
}

export async function editWebhook(deps: WebhookDeps, actor: Actor, companyId: number, id: number, input: WebhookUpdateRequest): Promise<Webhook> {
  const before = await webhookOf(deps, companyId, id);
  const url = input.url !== undefined && input.url !== before.url ? await checkedUrl(deps, input.url) : before.url;
  const kinds = input.kinds !== undefined ? JSON.stringify(cleanKinds(input.kinds)) : before.kinds;
  const active = input.active === undefined ? before.active : input.active ? 1 : 0;
  // Asking for other kinds, or switching back on, starts from now: what happened before was
  // judged by the old settings, and a restarted worker must not judge it again by the new.
  const restart = kinds !== before.kinds || (active === 1 && before.active === 0);
  await logged(deps, actor, async (db, log) => {
    await updateWebhook(db, companyId, id, {
      url,
      kinds,
      active,
      updated_at: deps.clock().toISOString(),
      ...(restart ? { start_event_id: Math.max(before.start_event_id, await newestEventId(db)) } : {}),
    });
    const changes = changesBetween({ url: before.url, kinds: JSON.parse(before.kinds) as unknown, active: before.active === 1 }, { url, kinds: JSON.parse(kinds) as unknown, active: active === 1 }, ['url', 'kinds', 'active']);
    if (Object.keys(changes).length > 0) await log({ action: 'webhook.updated', record: webhookRecord(id, url), changes });
  });
  return answerOf(deps, await webhookOf(deps, companyId, id));
}

export async function removeWebhook(deps: WebhookDeps, actor: Actor, companyId: number, id: number): Promise<void> {
  await logged(deps, actor, async (db, log) => {
    const before = await webhookOf({ ...deps, db }, companyId, id);
    if (!(await deleteWebhook(db, companyId, id))) throw notFound();
    await log({ action: 'webhook.deleted', record: webhookRecord(id, before.url) });
  });
}

/** A new secret replaces the old one at once (a leaked secret must stop working). */
export async function rotateSecret(deps: WebhookDeps, actor: Actor, companyId: number, id: number): Promise<Webhook & { secret: string }> {
  const before = await webhookOf(deps, companyId, id);
  const secret = newSecret();
  await logged(deps, actor, async (db, log) => {
    await updateWebhook(db, companyId, id, { secret: webhookBox(deps).seal(secret), updated_at: deps.clock().toISOString() });
    await log({ action: 'webhook.secret_rotated', record: webhookRecord(id, before.url) });
  });
  return { ...(await answerOf(deps, await webhookOf(deps, companyId, id))), secret };
}

const pageSize = (asked: number | undefined): number => Math.min(Math.max(asked ?? PAGE_SIZE.default, 1), PAGE_SIZE.max);

export async function deliveriesOf(deps: Pick<Deps, 'db'>, companyId: number, webhookId: number, query: { before?: number; pageSize?: number }) {
  await webhookOf(deps, companyId, webhookId);
  const before = query.before !== undefined && query.before > 0 ? query.before : undefined;
  const { rows, next } = await deliveryPage(deps.db, webhookId, { before, size: pageSize(query.pageSize) });
  return { data: rows.map(toDelivery), next };
}

/** Sends a delivery again now, whatever its state, with a new 24 hours of retries if it fails. */
export async function resendDelivery(deps: WebhookDeps, companyId: number, id: number): Promise<Delivery> {
  const row = await findDelivery(deps.db, companyId, id);
  if (!row) throw notFound();
  const webhook = await webhookOf(deps, companyId, row.webhook_id);
  const now = deps.clock();
  if (!(await claimOne(deps.db, id, now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString()))) throw new HttpError(409, M.busy);
  const [event] = await eventsByIds(deps.db, [row.event_id]);
  await attemptDelivery(deps, { ...row, first_attempt_at: null }, webhook, event);
  return toDelivery((await findDelivery(deps.db, companyId, id))!);
}

/** Whether `webhook` wants `event`: its company's, after the webhook's start, of a kind it asked for (never a sign-in or a webhook's own change: WEBHOOK_KINDS). */
export function wants(webhook: Pick<WebhookRow, 'company_id' | 'start_event_id' | 'kinds'>, event: Pick<EventRow, 'id' | 'company_id' | 'action'>): boolean {
  if (event.company_id !== webhook.company_id || event.id <= webhook.start_event_id || !SENDABLE.has(event.action)) return false;
  const kinds = kindsOf(webhook);
  return kinds.includes(ALL_KINDS) || kinds.includes(event.action);
}

/** Deliveries of `events` for the active webhooks that want them (a pair already there stays as it is). */
export async function enqueueDeliveries(deps: Pick<Deps, 'db' | 'clock'>, events: readonly EventRow[], webhooks: readonly WebhookRow[]): Promise<number> {
  const now = deps.clock().toISOString();
  const rows = events.flatMap((event) =>
    webhooks
      .filter((webhook) => wants(webhook, event))
      .map((webhook) => ({ webhook_id: webhook.id, company_id: webhook.company_id, event_id: event.id, action: event.action, attempt: 0, status: 'pending', next_attempt_at: now, created_at: now })),
  );
  await insertDeliveries(deps.db, rows);
  return rows.length;
}

/**
 * One attempt at a delivery this process holds: checks the address again (DNS may have changed),
 * POSTs the signed payload to the address checked and records the outcome — succeeded, failed with
 * the next attempt's time, or given up 24 hours after the first attempt.
 */
export async function attemptDelivery(deps: WebhookDeps, row: DeliveryRow, webhook: WebhookRow, event: EventRow | undefined): Promise<void> {
  const started = deps.clock();
  const first = row.first_attempt_at ?? started.toISOString();
  const attempt = row.attempt + 1;
  const outcome = async (status: number | null, durationMs: number | null, error: string | null) => {
    const ok = status !== null && status >= 200 && status < 300;
    const next = ok ? null : event ? nextAttemptAt(Date.parse(first), started.getTime(), attempt) : null;
    const state: DeliveryStatus = ok ? 'succeeded' : next === null ? 'gave_up' : 'failed';
    await recordAttempt(deps.db, row.id, {
      attempt,
      status: state,
      response_status: status,
      duration_ms: durationMs,
      next_attempt_at: next === null ? null : new Date(next).toISOString(),
      first_attempt_at: first,
      delivered_at: started.toISOString(),
      error: error?.slice(0, 500) ?? null,
    });
  };
  if (!event) return outcome(null, null, 'The event is no longer in the activity log.');
  const secret = webhookBox(deps).open(webhook.secret);
  if (secret === null) return outcome(null, null, 'The signing secret can no longer be read (the server\u2019s key changed): make a new secret.');
  const check = await checkWebhookAddress(webhook.url, deps.config.webhooksAllowPrivate, deps.resolveHost);
  if (!check.ok) {
    const why = check.reason === 'private' ? 'The address now leads to a private or local network; nothing was sent.' : check.reason === 'unresolved' ? 'The host could not be found.' : 'The address is not allowed.';
    return outcome(null, null, why);
  }
  const body = JSON.stringify(payloadOf(event, webhook.company_id));
  const result = await post({
    url: check.url,
    address: check.address,
    body,
    headers: deliveryHeaders(secret, Math.floor(started.getTime() / 1000), body, event.action, row.id),
  });
  return outcome(result.status, result.durationMs, result.error);
}
