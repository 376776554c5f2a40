/**
 * Messages to every process of the server: a process that changes something tells the others to
 * drop what they hold about it (a company's dashboard summary). One process calls its listeners
 * directly; processes on one PostgreSQL also send each message with NOTIFY and hear the others'
 * on a connection of their own that LISTENs (and, when that connection drops and comes back,
 * are told they may have missed messages: `onGap`).
 *
 * A publisher awaits its NOTIFY before answering its request, so the message is on its way to
 * every listener before the caller can ask another process.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface Bus {
  publish(topic: string, message: string): Promise<void>;
  subscribe(topic: string, listener: (message: string) => void): void;
  /** Called after this process may have missed messages: drop everything cached. */
  onGap(listener: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'estatedesk_events';
const RECONNECT_MS = 1000;

class Listeners {
  private readonly byTopic = new Map<string, Array<(message: string) => void>>();
  readonly gaps: Array<() => void> = [];

  add(topic: string, listener: (message: string) => void): void {
    this.byTopic.set(topic, [...(this.byTopic.get(topic) ?? []), listener]);
  }

  deliver(topic: string, message: string): void {
    for (const listener of this.byTopic.get(topic) ?? []) listener(message);
  }
}

export function localBus(): Bus {
  const listeners = new Listeners();
  return {
    async publish(topic, message) {
      listeners.deliver(topic, message);
    },
    subscribe: (topic, listener) => listeners.add(topic, listener),
    onGap: (listener) => void listeners.gaps.push(listener),
    close: async () => undefined,
  };
}

/**
 * The bus across processes on one PostgreSQL. `pool` gives the connection settings (the LISTEN
 * connection is its own client, outside the pool, so it never takes a query's place) and sends
 * the NOTIFYs.
 */
export async function postgresBus(pool: pg.Pool, log: FastifyBaseLogger): Promise<Bus> {
  const listeners = new Listeners();
  const origin = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  /** Every LISTEN client not yet ended, a connecting one included: close() ends them all. */
  const open = new Set<pg.Client>();

  async function connect(): Promise<void> {
    const next = new pg.Client(pool.options);
    open.add(next);
    next.once('end', () => open.delete(next));
    next.on('notification', (note) => {
      if (note.channel !== CHANNEL || !note.payload) return;
      const { o, t, m } = JSON.parse(note.payload) as { o: string; t: string; m: string };
      if (o !== origin) listeners.deliver(t, m);
    });
    const lost = (error?: Error) => {
      if (client !== next || closed) return;
      client = null;
      log.warn({ err: error }, 'the LISTEN connection to PostgreSQL was lost; reconnecting');
      next.end().catch(() => undefined);
      retry = setTimeout(() => void reconnect(), RECONNECT_MS);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  }

  async function reconnect(): Promise<void> {
    if (closed) return;
    try {
      await connect();
      // Whatever was sent while nobody listened is unknown: everything cached may be stale.
      for (const gap of listeners.gaps) gap();
    } catch (error) {
      log.warn({ err: error }, 'reconnecting the LISTEN connection failed; trying again');
      retry = setTimeout(() => void reconnect(), RECONNECT_MS);
      retry.unref();
    }
  }

  await connect();
  return {
    async publish(topic, message) {
      listeners.deliver(topic, message);
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ o: origin, t: topic, m: message })]);
    },
    subscribe: (topic, listener) => listeners.add(topic, listener),
    onGap: (listener) => void listeners.gaps.push(listener),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      client = null;
      await Promise.all([...open].map((each) => each.end().catch(() => undefined)));
    },
  };
}
