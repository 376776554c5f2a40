/**
 * Webhooks (docs/webhooks.md) against a real receiver on 127.0.0.1 (the development setting
 * WEBHOOKS_ALLOW_PRIVATE is on for this file's app): one signed delivery per matching event whose
 * signature verifies with the secret the create call answered, the kinds filter, retries with the
 * app's clock moved on and the delivery log, giving up 24 hours after the first attempt, a resend
 * by hand, a rotated secret, private addresses refused without the setting, and tenancy.
 * The worker runs on its own timer too; `flush()` runs a round and waits for its sends.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveriesAnswer, DeliveryAnswer, MESSAGES, WebhookPayload, WebhookSecretAnswer, WebhooksAnswer } from '../../src/contract';
import { isPublicAddress } from '../src/modules/webhooks/addresses';
import { nextAttemptAt, retryDelay } from '../src/modules/webhooks/delivery';
import { tailStart } from '../src/modules/webhooks/repository';
import { companyIdOf, statusIds } from './helpers/leads';
import { type Persona, useTestApp } from './helpers/testApp';

const ctx = useTestApp({ config: { webhooksAllowPrivate: true } });
const M = MESSAGES.webhooks;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let base: string;
const received: Received[] = [];
/** Status the receiver answers per path (200 when unset). */
const answers = new Map<string, number>();
let skyline: number;
let statuses: Record<string, number>;
let harborStatuses: Record<string, number>;
const tokens: Partial<Record<Persona, string>> = {};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = answers.get(req.url ?? '') ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  skyline = (await companyIdOf(ctx.app.db, 'skylineAdmin'))!;
  statuses = await statusIds(ctx.app.db, skyline);
  harborStatuses = await statusIds(ctx.app.db, (await companyIdOf(ctx.app.db, 'harborAdmin'))!);
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const as = (persona: Persona, options: Parameters<typeof ctx.inject>[1]) =>
  ctx.inject(persona, tokens[persona] ? { ...options, headers: { authorization: `Bearer ${tokens[persona]}`, ...options.headers } } : options);

const flush = () => ctx.app.webhookWorker.flush();
const at = (path: string) => received.filter((r) => r.path === path);

async function addWebhook(path: string, kinds: string[], persona: Persona = 'skylineAdmin') {
  const res = await as(persona, { method: 'POST', url: '/api/v1/webhooks', payload: { url: `${base}${path}`, kinds } });
  expect(res.statusCode, res.body).toBe(201);
  const answer = WebhookSecretAnswer.parse(res.json());
  expect(answer.message).toBe(M.created);
  return answer.data;
}

async function addLead(persona: Persona = 'skylineAdmin', name = 'Hook') {
  const res = await as(persona, {
    method: 'POST',
    url: '/api/v1/leads/store',
    payload: { first_name: name, last_name: 'Lead', email: `${name.toLowerCase()}.${received.length}.${Date.now()}@example.test`, phone: '+91 98450 22222', workflow_id: (persona === 'harborAdmin' ? harborStatuses : statuses).Open, lead_source: 'Website', property_type: 1, activities: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function deliveries(webhookId: number, persona: Persona = 'skylineAdmin') {
  const res = await as(persona, { method: 'GET', url: `/api/v1/webhooks/${webhookId}/deliveries` });
  expect(res.statusCode, res.body).toBe(200);
  return DeliveriesAnswer.parse(res.json()).data.data;
}

/** What a receiver does: the header's time and HMAC-SHA256 of "<t>.<body>" under the secret. */
function verifies(secret: string, header: string | string[] | undefined, body: string): boolean {
  const parts = Object.fromEntries(String(header).split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function remove(id: number) {
  expect((await as('skylineAdmin', { method: 'DELETE', url: `/api/v1/webhooks/${id}` })).statusCode).toBe(200);
}

describe('addresses and retries (pure)', () => {
  it('tells public addresses from private ones, IPv4 inside IPv6 included', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::', '::1', 'fe80::1', 'fd12::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('waits 30 s, 1, 2, 4 … minutes, at most an hour, with up to a fifth more at random; gives up after 24 hours', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, () => 0))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(retryDelay(30, () => 0)).toBe(3_600_000);
    expect(retryDelay(1, () => 0.999)).toBeLessThanOrEqual(36_000);
    const first = Date.parse('2026-11-27T00:00:00Z');
    expect(nextAttemptAt(first, first + 23.9 * 3_600_000, 20, () => 0)).toBe(first + 24 * 3_600_000);
    expect(nextAttemptAt(first, first + 24 * 3_600_000, 21, () => 0)).toBeNull();
  });
});

describe('webhooks', () => {
  it('sends one signed delivery per event, verifiable with the secret the create call answered', async () => {
    const hook = await addWebhook('/all', ['*']);
    expect(hook.secret).toMatch(/^whsec_/);
    // The list never shows the secret again.
    const list = WebhooksAnswer.parse((await as('skylineAdmin', { method: 'GET', url: '/api/v1/webhooks' })).json()).data;
    expect(list.find((w) => w.id === hook.id)).toMatchObject({ url: `${base}/all`, kinds: ['*'], active: true, last_delivery: null });
    expect(JSON.stringify(list)).not.toContain(hook.secret);
    const stored = await ctx.app.db.selectFrom('webhooks').select('secret').where('id', '=', hook.id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(hook.secret);
    expect(stored.secret).toMatch(/^v1\./);

    const leadId = await addLead();
    await flush();
    await flush(); // a second round sends nothing twice
    const got = at('/all');
    expect(got).toHaveLength(1);
    const [request] = got;
    expect(verifies(hook.secret, request!.headers['estatedesk-signature'], request!.body)).toBe(true);
    expect(verifies('whsec_wrong', request!.headers['estatedesk-signature'], request!.body)).toBe(false);
    const t = Number(/t=(\d+)/.exec(String(request!.headers['estatedesk-signature']))![1]);
    expect(Math.abs(t - Math.floor(ctx.app.clock().getTime() / 1000))).toBeLessThanOrEqual(5);
    expect(request!.headers['estatedesk-event']).toBe('lead.created');
    expect(request!.headers['content-type']).toBe('application/json');
    const payload = WebhookPayload.parse(JSON.parse(request!.body));
    expect(payload).toMatchObject({ action: 'lead.created', company_id: skyline, record: { type: 'lead', id: leadId, label: 'Hook Lead' }, actor: { id: ctx.ids.skylineAdmin } });
    const event = await ctx.app.db.selectFrom('activity_events').select('id').where('record_id', '=', leadId).where('action', '=', 'lead.created').executeTakeFirstOrThrow();
    expect(payload.id).toBe(event.id);

    const log = await deliveries(hook.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ webhook_id: hook.id, event_id: event.id, action: 'lead.created', attempt: 1, status: 'succeeded', response_status: 200, next_attempt_at: null, error: null });
    expect(log[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(log[0]!.delivered_at).toBe(ctx.app.clock().toISOString());
    expect(request!.headers['estatedesk-delivery']).toBe(String(log[0]!.id));
    const listed = WebhooksAnswer.parse((await as('skylineAdmin', { method: 'GET', url: '/api/v1/webhooks' })).json()).data.find((w) => w.id === hook.id);
    expect(listed?.last_delivery).toMatchObject({ id: log[0]!.id, status: 'succeeded', response_status: 200 });
    await remove(hook.id);
  });

  it('sends only the kinds asked for, and nothing while inactive', async () => {
    const hook = await addWebhook('/deleted', ['lead.deleted']);
    const leadId = await addLead();
    await flush();
    expect(at('/deleted')).toHaveLength(0);
    expect((await as('skylineAdmin', { method: 'DELETE', url: `/api/v1/leads/${leadId}` })).statusCode).toBe(200);
    await flush();
    expect(at('/deleted').map((r) => r.headers['estatedesk-event'])).toEqual(['lead.deleted']);

    // The PUT takes the object the list answered; switched off, nothing goes out.
    const current = WebhooksAnswer.parse((await as('skylineAdmin', { method: 'GET', url: '/api/v1/webhooks' })).json()).data.find((w) => w.id === hook.id)!;
    const off = await as('skylineAdmin', { method: 'PUT', url: `/api/v1/webhooks/${hook.id}`, payload: { ...current, kinds: ['lead.created', 'lead.deleted', 'lead.created'], active: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ kinds: ['lead.created', 'lead.deleted'], active: false });
    await addLead();
    await flush();
    expect(at('/deleted')).toHaveLength(1);

    const unknown = await as('skylineAdmin', { method: 'PUT', url: `/api/v1/webhooks/${hook.id}`, payload: { kinds: ['session.signed_in'] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.kinds).toEqual(['There is no kind of event called session.signed_in.']);
    expect((await as('skylineAdmin', { method: 'PUT', url: `/api/v1/webhooks/${hook.id}`, payload: { kinds: [] } })).json().errors.kinds).toEqual([M.kindsRequired]);
    await remove(hook.id);
  });

  it('retries a receiver answering 500 with growing waits, and lists each attempt in the delivery log', async () => {
    answers.set('/flaky', 500);
    const hook = await addWebhook('/flaky', ['lead.created']);
    await addLead();
    await flush();
    let [delivery] = await deliveries(hook.id);
    const firstAt = ctx.app.clock().getTime();
    expect(delivery).toMatchObject({ attempt: 1, status: 'failed', response_status: 500, error: 'The receiver answered 500.' });
    expect(delivery!.delivered_at).toBe(new Date(firstAt).toISOString());
    const wait = Date.parse(delivery!.next_attempt_at!) - firstAt;
    expect(wait).toBeGreaterThanOrEqual(30_000);
    expect(wait).toBeLessThanOrEqual(36_000);

    // Not yet due: nothing is sent.
    ctx.clock.advance(10_000);
    await flush();
    expect(at('/flaky')).toHaveLength(1);

    ctx.clock.advance(wait);
    await flush();
    [delivery] = await deliveries(hook.id);
    expect(at('/flaky')).toHaveLength(2);
    expect(delivery).toMatchObject({ attempt: 2, status: 'failed', response_status: 500 });
    const secondWait = Date.parse(delivery!.next_attempt_at!) - ctx.app.clock().getTime();
    expect(secondWait).toBeGreaterThanOrEqual(60_000);
    expect(secondWait).toBeLessThanOrEqual(72_000);

    answers.delete('/flaky');
    ctx.clock.advance(secondWait);
    await flush();
    [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ attempt: 3, status: 'succeeded', response_status: 200, next_attempt_at: null, error: null });
    // Every attempt carried the same event and delivery id.
    const sent = at('/flaky');
    expect(new Set(sent.map((r) => r.headers['estatedesk-delivery'])).size).toBe(1);
    expect(new Set(sent.map((r) => JSON.parse(r.body).id)).size).toBe(1);
    await remove(hook.id);
  });

  it('sends a delivery again by hand: a new attempt at once, with the same event', async () => {
    const hook = await addWebhook('/resend', ['lead.created']);
    await addLead();
    await flush();
    const [delivery] = await deliveries(hook.id);
    const res = await as('skylineAdmin', { method: 'POST', url: `/api/v1/webhooks/deliveries/${delivery!.id}/resend` });
    expect(res.statusCode, res.body).toBe(200);
    const answer = DeliveryAnswer.parse(res.json());
    expect(answer.message).toBe(M.resent);
    expect(answer.data).toMatchObject({ id: delivery!.id, attempt: 2, status: 'succeeded', response_status: 200 });
    const sent = at('/resend');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(sent[1]!.headers['estatedesk-delivery']).toBe(String(delivery!.id));
    await remove(hook.id);
  });

  it('signs with a rotated secret at once; the old one no longer verifies', async () => {
    const hook = await addWebhook('/rotate', ['lead.created']);
    const res = await as('skylineAdmin', { method: 'POST', url: `/api/v1/webhooks/${hook.id}/secret` });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = WebhookSecretAnswer.parse(res.json());
    expect(rotated.message).toBe(M.secretRotated);
    expect(rotated.data.secret).not.toBe(hook.secret);
    await addLead();
    await flush();
    const [request] = at('/rotate');
    expect(verifies(rotated.data.secret, request!.headers['estatedesk-signature'], request!.body)).toBe(true);
    expect(verifies(hook.secret, request!.headers['estatedesk-signature'], request!.body)).toBe(false);
    await remove(hook.id);
    // The audit log has each change of the webhook, by whom, and never a secret.
    const log = await as('skylineAdmin', { method: 'GET', url: `/api/v1/activity?record_type=webhook&record_id=${hook.id}` });
    const events = log.json().data.data as Array<{ action: string; actor_id: number }>;
    expect(events.map((e) => e.action)).toEqual(['webhook.deleted', 'webhook.secret_rotated', 'webhook.created']);
    expect(events.every((e) => e.actor_id === ctx.ids.skylineAdmin)).toBe(true);
    expect(log.body).not.toContain(hook.secret);
    expect(log.body).not.toContain(rotated.data.secret);
  });

  it('refuses private and local addresses, and http, without the development setting', async () => {
    const strict = await ctx.extraApp({ config: { webhooksAllowPrivate: false } });
    // Its worker would refuse this file's receiver: only its calls are wanted.
    await strict.webhookWorker.stop();
    const post = (url: string) =>
      strict.inject({ method: 'POST', url: '/api/v1/webhooks', headers: { authorization: `Bearer ${ctx.tokens.skylineAdmin}` }, payload: { url, kinds: ['*'] } });
    for (const url of ['https://127.0.0.1/hook', 'https://localhost/hook', 'https://10.0.0.1/hook', 'https://[::1]/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::ffff:127.0.0.1]/hook', 'https://100.64.0.1/', 'https://0.0.0.0/']) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ url: [M.urlPrivate] });
    }
    for (const url of ['http://93.184.215.14/hook', 'ftp://93.184.215.14/', 'https://user:pass@93.184.215.14/', 'not a url']) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ url: [M.urlInvalid] });
    }
    const unresolved = await post('https://no-such-host.invalid/hook');
    expect(unresolved.json().errors).toEqual({ url: [M.urlUnresolved] });

    // An existing webhook cannot be moved to one either.
    const made = await post('https://93.184.215.14/hook');
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const moved = await strict.inject({ method: 'PUT', url: `/api/v1/webhooks/${id}`, headers: { authorization: `Bearer ${ctx.tokens.skylineAdmin}` }, payload: { url: 'https://192.168.1.20/hook' } });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ url: [M.urlPrivate] });
    await remove(id);
  });

  it('keeps each company to its own webhooks, deliveries and events', async () => {
    const skylineHook = await addWebhook('/skyline', ['*']);
    const harborHook = await addWebhook('/harbor', ['*'], 'harborAdmin');
    await addLead('skylineAdmin', 'Sky');
    await flush();
    expect(at('/harbor')).toHaveLength(0);
    expect(at('/skyline')).toHaveLength(1);
    await addLead('harborAdmin', 'Harbor');
    await flush();
    expect(at('/harbor')).toHaveLength(1);
    expect(JSON.parse(at('/harbor')[0]!.body).company_id).toBe(await companyIdOf(ctx.app.db, 'harborAdmin'));
    expect(at('/skyline')).toHaveLength(1);

    const harborList = WebhooksAnswer.parse((await as('harborAdmin', { method: 'GET', url: '/api/v1/webhooks' })).json()).data;
    expect(harborList.map((w) => w.id)).toEqual([harborHook.id]);
    const [delivery] = await deliveries(skylineHook.id);
    for (const [method, url, payload] of [
      ['PUT', `/api/v1/webhooks/${skylineHook.id}`, { active: false }],
      ['DELETE', `/api/v1/webhooks/${skylineHook.id}`, undefined],
      ['POST', `/api/v1/webhooks/${skylineHook.id}/secret`, undefined],
      ['GET', `/api/v1/webhooks/${skylineHook.id}/deliveries`, undefined],
      ['POST', `/api/v1/webhooks/deliveries/${delivery!.id}/resend`, undefined],
    ] as const) {
      const res = await as('harborAdmin', { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Skyline's webhook is untouched and still sends.
    expect(WebhooksAnswer.parse((await as('skylineAdmin', { method: 'GET', url: '/api/v1/webhooks' })).json()).data.find((w) => w.id === skylineHook.id)?.active).toBe(true);
    expect(at('/skyline')).toHaveLength(1);
    for (const persona of ['skylineAgent', 'superAdmin'] as const) {
      expect((await as(persona, { method: 'GET', url: '/api/v1/webhooks' })).statusCode).toBe(403);
    }
    expect((await as('skylineAgent', { method: 'GET', url: '/api/v1/webhooks' })).json().message).toBe(M.adminsOnly);
    await remove(skylineHook.id);
    expect((await as('harborAdmin', { method: 'DELETE', url: `/api/v1/webhooks/${harborHook.id}` })).statusCode).toBe(200);
  });

  it('several workers on one database send each delivery once', async () => {
    const other = await ctx.extraApp({ config: { webhooksAllowPrivate: true } });
    const hook = await addWebhook('/twice', ['lead.created']);
    await addLead();
    await Promise.all([flush(), other.webhookWorker.flush(), flush(), other.webhookWorker.flush()]);
    await Promise.all([flush(), other.webhookWorker.flush()]);
    expect(at('/twice')).toHaveLength(1);
    expect(await deliveries(hook.id)).toHaveLength(1);
    await other.webhookWorker.stop();
    await remove(hook.id);
  });

  it('starts again after a restart where the deliveries left off, and never before a new webhook', async () => {
    const hook = await addWebhook('/restart', ['lead.created']);
    const longAgo = new Date(ctx.app.clock().getTime() - 86_400_000).toISOString();
    // A new webhook: from its own start (the newest event when it was made).
    const newest = async () => Number((await ctx.app.db.selectFrom('activity_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
    const made = await newest();
    expect(await tailStart(ctx.app.db, longAgo)).toBe(made);
    await addLead();
    await flush();
    const [delivery] = await deliveries(hook.id);
    // Events written while no process ran come after the start a new process reads.
    const start = await tailStart(ctx.app.db, longAgo);
    expect(start).toBe(delivery!.event_id);
    await addLead();
    expect(await newest()).toBeGreaterThan(start);
    const restarted = await ctx.extraApp({ config: { webhooksAllowPrivate: true } });
    await restarted.webhookWorker.flush();
    await flush();
    expect(at('/restart')).toHaveLength(2);
    await restarted.webhookWorker.stop();
    await remove(hook.id);
  });

  // Last: moving the clock a day on ends the demo sessions (fresh ones are signed in after).
  it('gives up 24 hours after the first attempt', async () => {
    answers.set('/down', 503);
    const hook = await addWebhook('/down', ['lead.created']);
    await addLead();
    await flush();
    expect((await deliveries(hook.id))[0]).toMatchObject({ attempt: 1, status: 'failed', response_status: 503 });

    ctx.clock.advance(25 * 60 * 60 * 1000);
    tokens.skylineAdmin = await ctx.freshToken('skylineAdmin');
    await flush();
    const [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ attempt: 2, status: 'gave_up', response_status: 503, next_attempt_at: null });
    ctx.clock.advance(60 * 60 * 1000);
    await flush();
    expect(at('/down')).toHaveLength(2);

    // A resend by hand still works, and a failure there starts a new day of retries.
    const res = await as('skylineAdmin', { method: 'POST', url: `/api/v1/webhooks/deliveries/${delivery!.id}/resend` });
    expect(res.json().data).toMatchObject({ attempt: 3, status: 'failed', response_status: 503 });
    expect(Date.parse(res.json().data.next_attempt_at)).toBeGreaterThan(ctx.app.clock().getTime());
    expect(at('/down')).toHaveLength(3);
    await remove(hook.id);
  });
});
