/**
 * The delivery worker, one per process (docs/webhooks.md). No change needs to know about
 * webhooks: the worker follows the activity log (activity/tail.ts, which loses no event to a
 * transaction committing late) and inserts a delivery per (webhook, event) wanted, an insert that
 * never makes a second one, so every process may follow the log at once. Then it claims due
 * deliveries (each by one process: repository.ts `claimDue`) and sends them, a few at a time
 * beside each other so one slow receiver holds up no other.
 *
 * Where it starts after a restart is read from the database (repository.ts `tailStart`): the
 * newest delivery's event, or a newer webhook's start. While a company has no active webhook the
 * worker reads one count a poll and nothing else.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WEBHOOK_LIMITS } from '@contract';
import { DAY, HOUR } from '../../lib/clock';
import { eventsAfter } from '../activity/repository';
import { EventTail } from '../activity/tail';
import { activeWebhooksOf, claimDue, type DeliveryRow, deleteDeliveriesBefore, eventsByIds, findWebhookAnyCompany, hasActiveWebhooks, tailStart } from './repository';
import { attemptDelivery, CLAIM_MS, enqueueDeliveries } from './service';

export const POLL_MS = 1_000;
/** Deliveries one process sends at once. */
export const CONCURRENCY = 8;
const READ_MAX = 500;
/** Finished deliveries are kept this long in the delivery log. */
export const DELIVERY_KEEP_MS = 30 * DAY;
const PRUNE_EVERY_MS = HOUR;

export interface WorkerOptions {
  /** Start the timer (default true); tests may drive `poll` alone. */
  timer?: boolean;
}

export class WebhookWorker {
  private tail: EventTail | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly sending = new Set<Promise<void>>();
  private lastPrune = 0;
  private stopped = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: WorkerOptions = {},
  ) {}

  start(): void {
    if (this.options.timer === false) return;
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.timer.unref();
  }

  /** One round (or, while one runs, another right after it): follow the log, then send what is due. */
  poll(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.round().catch((error: unknown) => this.app.log.warn({ err: error }, 'webhook deliveries: a round failed'));
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A round, then every send it started (tests). */
  async flush(): Promise<void> {
    await this.poll();
    await Promise.all(this.sending);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.running) await this.running;
    await Promise.all(this.sending);
  }

  private get deps() {
    const { db, clock, config, resolveHost } = this.app;
    return { db, clock, config, resolveHost };
  }

  private async round(): Promise<void> {
    await this.follow();
    await this.sendDue();
    await this.prune();
  }

  /** Reads what the log gained and makes the deliveries it calls for. */
  private async follow(): Promise<void> {
    const db = this.app.db;
    if (!(await hasActiveWebhooks(this.app.readDb))) {
      // Nothing to follow for: start again from the right place when a webhook appears.
      this.tail = null;
      return;
    }
    this.tail ??= new EventTail(await tailStart(db, new Date(this.app.clock().getTime() - WEBHOOK_LIMITS.retryForMs).toISOString()));
    for (;;) {
      const rows = await eventsAfter(this.app.readDb, this.tail.after, READ_MAX);
      const fresh = this.tail.take(rows, Date.now());
      const companies = [...new Set(fresh.flatMap((event) => (event.company_id === null ? [] : [event.company_id])))];
      if (companies.length > 0) await enqueueDeliveries(this.deps, fresh, await activeWebhooksOf(db, companies));
      // A full read may continue; one that brought nothing new waits on a gap (tail.ts).
      if (rows.length < READ_MAX || fresh.length === 0) return;
    }
  }

  /** Claims as many due deliveries as there is room to send, and starts sending them. */
  private async sendDue(): Promise<void> {
    const room = CONCURRENCY - this.sending.size;
    if (room <= 0) return;
    const now = this.app.clock();
    const claimed = await claimDue(this.app.db, now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString(), room);
    if (claimed.length === 0) return;
    const events = new Map((await eventsByIds(this.app.db, [...new Set(claimed.map((row) => row.event_id))])).map((event) => [event.id, event]));
    for (const row of claimed) {
      const sending = this.send(row, events.get(row.event_id)).finally(() => this.sending.delete(sending));
      this.sending.add(sending);
    }
  }

  private async send(row: DeliveryRow, event: Awaited<ReturnType<typeof eventsByIds>>[number] | undefined): Promise<void> {
    try {
      const webhook = await findWebhookAnyCompany(this.app.db, row.webhook_id);
      if (webhook) await attemptDelivery(this.deps, row, webhook, event);
    } catch (error) {
      this.app.log.warn({ err: error, deliveryId: row.id }, 'webhook delivery failed');
    }
  }

  private async prune(): Promise<void> {
    const now = this.app.clock().getTime();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await deleteDeliveriesBefore(this.app.db, new Date(now - DELIVERY_KEEP_MS).toISOString(), 1_000);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    webhookWorker: WebhookWorker;
  }
}

/** Starts the worker when the app is ready and stops it before the database closes. */
async function webhookWorkerPlugin(app: FastifyInstance, options: WorkerOptions): Promise<void> {
  const worker = new WebhookWorker(app, options);
  app.decorate('webhookWorker', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
}

export default fp(webhookWorkerPlugin, { name: 'webhook-worker', dependencies: ['db'] });
