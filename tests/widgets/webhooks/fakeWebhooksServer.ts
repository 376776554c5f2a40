/**
 * A tiny webhooks API on node:http for the Webhooks screen's tests: the company's webhooks (add
 * with a secret answered once, edit, delete, a new secret), each one's delivery log (newest first,
 * paged back from `before`), resend, the person's preferences and the live-update stream, in the
 * contract's answer shapes, refusing what the reference server refuses (an address not https or
 * on a private network with 422 on `url`, agents and the super admin with 403); records every
 * request.
 */
import type { ServerResponse } from 'node:http';
import { MESSAGES, type Delivery, type LiveEvent, type Webhook } from '../../../src/contract';
import { FakeApiServer, send, type Seen } from '../../support/fakeApiServer';

const M = MESSAGES.webhooks;

export const hook = (over: Partial<Webhook>): Webhook => ({
  id: 1,
  url: 'https://crm.example.com/estatedesk',
  kinds: ['lead.created', 'lead.status_changed'],
  active: true,
  created_at: '2026-11-20T09:30:00',
  updated_at: '2026-11-20T09:30:00',
  last_delivery: null,
  ...over,
});

export const delivery = (over: Partial<Delivery>): Delivery => ({
  id: 1,
  webhook_id: 1,
  event_id: 100,
  action: 'lead.created',
  attempt: 1,
  status: 'succeeded',
  response_status: 200,
  duration_ms: 84,
  next_attempt_at: null,
  delivered_at: '2026-11-21T10:00:00',
  error: null,
  created_at: '2026-11-21T10:00:00',
  ...over,
});

/** Two webhooks of the company: one active with deliveries, one paused for every event. */
export function seedWebhooks(): Webhook[] {
  return [
    hook({ id: 1, last_delivery: { id: 3, status: 'failed', response_status: 500, delivered_at: '2026-11-21T10:05:00' } }),
    hook({ id: 2, url: 'https://hooks.chat.example/room/7', kinds: ['*'], active: false, created_at: '2026-11-22T08:00:00' }),
  ];
}

/** Webhook 1's log: delivered, given up, retrying (newest last). */
export function seedDeliveries(): Delivery[] {
  return [
    delivery({ id: 1 }),
    delivery({ id: 2, event_id: 101, action: 'lead.status_changed', attempt: 12, status: 'gave_up', response_status: null, duration_ms: 10_000, error: 'Timed out after 10 s', delivered_at: '2026-11-21T10:02:00' }),
    delivery({ id: 3, event_id: 102, attempt: 2, status: 'failed', response_status: 500, duration_ms: 35, error: 'The receiver answered 500', next_attempt_at: '2026-11-21T10:07:00', delivered_at: '2026-11-21T10:05:00' }),
  ];
}

export class FakeWebhooksServer extends FakeApiServer {
  webhooks: Webhook[] = seedWebhooks();
  deliveries: Delivery[] = seedDeliveries();
  /** Who is signed in, as the server sees them. */
  userType = 'admin';
  secrets = 0;
  private nextId = 10;
  private streams = new Set<ServerResponse>();
  private nextEvent = 1;

  reset(): void {
    this.webhooks = seedWebhooks();
    this.deliveries = seedDeliveries();
    this.userType = 'admin';
    this.secrets = 0;
    this.resetRequests();
    for (const res of this.streams) res.end();
    this.streams.clear();
  }

  /** The requests made to exactly `path` (after /api/v1). */
  calls(method: string, path: string): Seen[] {
    return this.requests.filter((r) => r.method === method && r.path === `/api/v1${path}`);
  }

  /** Sends a change to every open live-update stream. */
  pushLive(event: Omit<LiveEvent, 'id' | 'created_at'>): void {
    const full = { ...event, id: this.nextEvent++, created_at: new Date().toISOString() };
    for (const res of this.streams) res.write(`id: ${full.id}\nevent: change\ndata: ${JSON.stringify(full)}\n\n`);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  private secret(): string {
    this.secrets += 1;
    return `whsec_test${this.secrets}`;
  }

  /** The reference server's address rules, in short: https, and no private host. */
  private refusedUrl(url: unknown): string | null {
    const text = String(url ?? '');
    if (!text.startsWith('https://')) return M.urlInvalid;
    if (/^https:\/\/(127\.|10\.|192\.168\.|localhost)/.test(text)) return M.urlPrivate;
    return null;
  }

  protected override route(req: Seen, res: ServerResponse): void {
    const path = req.path.replace(/^\/api\/v1/, '');
    const body = (req.json ?? {}) as Record<string, unknown>;
    let m: RegExpExecArray | null;

    if (req.method === 'GET' && path === '/activity/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' });
      res.write(': connected\n\n');
      this.streams.add(res);
      res.on('close', () => this.streams.delete(res));
      return;
    }
    if (req.method === 'GET' && path === '/users/preferences') {
      return send(res, 200, { status: 'Success', data: { theme: 'light', density: 'comfortable', leads_default_tab: null, leads_page_size: 10, date_format: 'd mmm yyyy' } });
    }
    if (!path.startsWith('/webhooks')) return send(res, 404, { status: 'Error', message: 'Not found' });
    if (this.userType !== 'admin') return send(res, 403, { status: 'Error', message: M.adminsOnly });

    if (req.method === 'GET' && path === '/webhooks') return send(res, 200, { status: 'Success', data: this.webhooks });
    if (req.method === 'POST' && path === '/webhooks') {
      const refused = this.refusedUrl(body.url);
      if (refused) return send(res, 422, { status: 'Error', message: MESSAGES.generic.invalidInput, errors: { url: [refused] } });
      const now = new Date().toISOString();
      const created = hook({ id: this.nextId++, url: String(body.url), kinds: body.kinds as string[], active: body.active !== false, created_at: now, updated_at: now });
      this.webhooks.push(created);
      return send(res, 201, { status: 'Success', message: M.created, data: { ...created, secret: this.secret() } });
    }
    if ((m = /^\/webhooks\/(\d+)$/.exec(path))) {
      const index = this.webhooks.findIndex((w) => w.id === Number(m![1]));
      if (index < 0) return send(res, 404, { status: 'Error', message: MESSAGES.generic.notFound });
      if (req.method === 'PUT') {
        if (body.url !== undefined && body.url !== this.webhooks[index]!.url) {
          const refused = this.refusedUrl(body.url);
          if (refused) return send(res, 422, { status: 'Error', message: MESSAGES.generic.invalidInput, errors: { url: [refused] } });
        }
        const { url, kinds, active } = body as Partial<Webhook>;
        this.webhooks[index] = { ...this.webhooks[index]!, ...(url === undefined ? {} : { url }), ...(kinds ? { kinds } : {}), ...(active === undefined ? {} : { active }) };
        return send(res, 200, { status: 'Success', message: M.updated, data: this.webhooks[index] });
      }
      if (req.method === 'DELETE') {
        this.webhooks.splice(index, 1);
        return send(res, 200, { status: 'Success', message: M.deleted });
      }
    }
    if (req.method === 'POST' && (m = /^\/webhooks\/(\d+)\/secret$/.exec(path))) {
      const found = this.webhooks.find((w) => w.id === Number(m![1]));
      if (!found) return send(res, 404, { status: 'Error', message: MESSAGES.generic.notFound });
      return send(res, 200, { status: 'Success', message: M.secretRotated, data: { ...found, secret: this.secret() } });
    }
    if (req.method === 'GET' && (m = /^\/webhooks\/(\d+)\/deliveries$/.exec(path))) {
      const id = Number(m[1]);
      if (!this.webhooks.some((w) => w.id === id)) return send(res, 404, { status: 'Error', message: MESSAGES.generic.notFound });
      const before = Number(req.query.get('before') ?? 0);
      const size = Number(req.query.get('pageSize') ?? 30);
      const rows = this.deliveries.filter((d) => d.webhook_id === id && (!before || d.id < before)).sort((a, b) => b.id - a.id);
      const page = rows.slice(0, size);
      return send(res, 200, { status: 'Success', data: { data: page, next: rows.length > size ? page.at(-1)!.id : null } });
    }
    if (req.method === 'POST' && (m = /^\/webhooks\/deliveries\/(\d+)\/resend$/.exec(path))) {
      const index = this.deliveries.findIndex((d) => d.id === Number(m![1]));
      if (index < 0) return send(res, 404, { status: 'Error', message: MESSAGES.generic.notFound });
      const old = this.deliveries[index]!;
      this.deliveries[index] = { ...old, attempt: old.attempt + 1, status: 'succeeded', response_status: 204, duration_ms: 42, error: null, next_attempt_at: null, delivered_at: new Date().toISOString() };
      return send(res, 200, { status: 'Success', message: M.resent, data: this.deliveries[index] });
    }
    send(res, 404, { status: 'Error', message: 'Not found' });
  }
}
