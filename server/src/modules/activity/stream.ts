/**
 * Live updates (docs/activity.md): GET /api/v1/activity/stream, Server-Sent Events of the caller's
 * company. The event log is the source: each process follows it (tail.ts) while anyone is
 * connected, so a change made through any process reaches every open stream; one read per poll
 * serves all of a process's streams. Each person receives only what their permissions let them
 * read (`mayReceive`), re-read with their session every HEARTBEAT_MS: a signed-out or disabled
 * person's stream ends, a changed role applies.
 *
 * A reconnect sends `Last-Event-ID`: what the person missed is sent first, from the log; when more
 * than CATCH_UP_MAX were missed, a `reset` event tells the widgets to reload everything instead.
 * A stream ends after its `lifetime` (at most five minutes) and the client reconnects; `lifetime=0`
 * answers only what was missed, for polling. Not compressed (the compression would hold events
 * back), never cached.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACTIVITY_PATHS, type LiveEvent, PERMISSIONS, STREAM_LIFETIME_MAX_S, StreamQuery } from '@contract';
import { parse } from '../../lib/validate';
import { caller, sessionsOf } from '../../plugins/auth';
import type { AuthContext } from '../../types';
import { permissionsOfUser } from '../roles/repository';
import { liveSessionUser } from '../sessions/service';
import { type EventRow, eventsAfter, lastEventId } from './repository';
import { EventTail } from './tail';

export const POLL_MS = 200;
export const HEARTBEAT_MS = 25_000;
export const CATCH_UP_MAX = 500;
const READ_MAX = 1_000;

/** Who a stream belongs to, as last checked. */
interface Listener {
  companyId: number | null;
  superAdmin: boolean;
  permissions: ReadonlySet<string>;
  write(text: string): void;
}

/** The permission that lets a person see a record type's changes; sign-ins are the audit log's alone. */
const READ_PERMISSION: Record<string, string | null> = {
  lead: PERMISSIONS.leadRead,
  import: PERMISSIONS.leadRead,
  property: PERMISSIONS.propertyRead,
  user: PERMISSIONS.agentRead,
  role: PERMISSIONS.roleRead,
  appointment: PERMISSIONS.eventRead,
  company: '',
  session: null,
  webhook: null,
};

/** Whether `listener` may hear of `event` (its company's, and readable to them). */
export function mayReceive(listener: Pick<Listener, 'companyId' | 'superAdmin' | 'permissions'>, event: Pick<EventRow, 'company_id' | 'record_type'>): boolean {
  const permission = READ_PERMISSION[event.record_type];
  if (permission === null || permission === undefined) return false;
  // The super admin belongs to no company: they hear of companies (the All Companies list).
  if (listener.superAdmin) return event.record_type === 'company';
  if (event.company_id !== listener.companyId) return false;
  return permission === '' || listener.permissions.has(permission);
}

/**
 * An event as a stream sends it. An appointment's changes stay out: an agent sees only the
 * appointments they run, were invited to or made, yet hears that any of the company's changed
 * (to reload the calendar and the bell), never what changed.
 */
export const liveEvent = (row: EventRow): LiveEvent => ({
  id: row.id,
  action: row.action,
  record_type: row.record_type,
  record_id: row.record_id,
  actor_id: row.actor_id,
  actor_name: row.actor_name,
  changes: row.changes && row.record_type !== 'appointment' ? (JSON.parse(row.changes) as LiveEvent['changes']) : null,
  created_at: row.created_at,
});

export const sseMessage = (event: LiveEvent): string => `id: ${event.id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`;

/** One process's streams and its tail of the log. */
export class LiveHub {
  private readonly listeners = new Set<Listener>();
  private tail: EventTail | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling = false;

  constructor(private readonly app: FastifyInstance) {}

  get size(): number {
    return this.listeners.size;
  }

  async add(listener: Listener): Promise<void> {
    this.listeners.add(listener);
    if (!this.tail) {
      this.tail = new EventTail(await lastEventId(this.app.readDb));
      this.timer = setInterval(() => void this.poll(), POLL_MS);
      this.timer.unref();
    }
  }

  remove(listener: Listener): void {
    this.listeners.delete(listener);
    if (this.listeners.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.tail = null;
  }

  /** Reads what the log gained and sends each event once to everyone who may hear it. */
  async poll(): Promise<void> {
    const tail = this.tail;
    if (!tail || this.polling) return;
    this.polling = true;
    try {
      const rows = tail.take(await eventsAfter(this.app.readDb, tail.after, READ_MAX), Date.now());
      for (const row of rows) {
        let message: string | null = null;
        for (const listener of this.listeners) {
          if (!mayReceive(listener, row)) continue;
          message ??= sseMessage(liveEvent(row));
          listener.write(message);
        }
      }
    } catch (error) {
      this.app.log.warn({ err: error }, 'reading the activity log for live updates failed');
    } finally {
      this.polling = false;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

const listenerOf = (auth: AuthContext, permissions: ReadonlySet<string>, write: (text: string) => void): Listener => ({
  companyId: auth.user.company_id,
  superAdmin: auth.user.user_type === 'super_admin',
  permissions,
  write,
});

export default async function activityStream(app: FastifyInstance): Promise<void> {
  const hub = new LiveHub(app);
  app.decorate('liveHub', hub);
  app.addHook('onClose', async () => hub.stop());

  app.get(ACTIVITY_PATHS.stream, { compress: false }, async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = caller(request);
    const lifetimeS = parse(StreamQuery, request.query).lifetime ?? STREAM_LIFETIME_MAX_S;
    const out = new PassThrough();
    const listener = listenerOf(auth, await auth.permissions(), (text) => out.write(text));
    const lastId = Number(request.headers['last-event-id']);

    // Joined first, so nothing written while the missed events are read is lost; what the
    // catch-up already sent is not sent twice.
    const early: string[] = [];
    let caughtUp = false;
    let sentUpTo = 0;
    const live = listener.write;
    listener.write = (text) => (caughtUp ? live(text) : early.push(text));
    await hub.add(listener);

    out.write(`retry: 2000\n: connected\n\n`);
    if (Number.isSafeInteger(lastId) && lastId >= 0 && request.headers['last-event-id'] !== undefined) {
      const missed = (await eventsAfter(app.readDb, lastId, CATCH_UP_MAX + 1, auth.user.company_id ?? undefined)).filter((row) => mayReceive(listener, row));
      if (missed.length > CATCH_UP_MAX) out.write(`event: reset\ndata: {}\n\n`);
      else for (const row of missed) out.write(sseMessage(liveEvent(row)));
      sentUpTo = missed.at(-1)?.id ?? 0;
    }
    for (const text of early) if (Number(/^id: (\d+)/.exec(text)?.[1]) > sentUpTo) out.write(text);
    caughtUp = true;

    const heartbeat = setInterval(() => void recheck(), HEARTBEAT_MS);
    const ending = setTimeout(close, lifetimeS * 1000);
    async function recheck() {
      const user = await liveSessionUser(sessionsOf(app), { sessionId: auth.sessionId, userId: auth.user.id }, app.clock().toISOString()).catch(() => undefined);
      if (!user || user.status !== 'active') return close();
      listener.permissions = new Set(await permissionsOfUser(app.readDb, user));
      out.write(': ping\n\n');
    }
    function close() {
      clearInterval(heartbeat);
      clearTimeout(ending);
      hub.remove(listener);
      out.end();
    }
    request.raw.once('close', close);

    return reply
      .type('text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(out);
  });
}
