/**
 * Writing the activity log (docs/activity.md), for every module that changes something; this
 * module imports no other, so any may use it (reading the log is modules/activity). A change and
 * its event are one transaction:
 * `withEvents` runs the change on a transaction and hands it the `log` that writes events on that
 * same transaction, so a change is never saved without its event, nor an event without its change.
 *
 * @example
 * await withEvents(app, actorOf(ctx), async (tx, log) => {
 *   await moveLead(tx, company, id, status);
 *   await log({ action: 'lead.status_changed', record: leadRecord(lead), changes: { status: [before, after] } });
 * });
 */
import type { ActivityAction, FieldChange, RecordType } from '@contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../types';
import { insertEvent } from './repository';

/** Who made a change: the signed-in person (or nobody, for a failed sign-in), their company and the request. */
export interface Actor {
  companyId: number | null;
  userId: number | null;
  name: string | null;
  requestId: string | null;
}

export interface RecordRef {
  type: RecordType;
  id: number | null;
  /** The record's name now, so the log still reads after the record is gone. */
  label: string | null;
}

export interface EventInput {
  action: ActivityAction;
  record: RecordRef;
  changes?: Record<string, FieldChange> | null;
  data?: Record<string, unknown> | null;
  /** The company the record belongs to, when it is not the actor's (the super admin's changes). */
  companyId?: number | null;
  /** The lead whose timeline shows the event, when the record is not that lead (an appointment of it). */
  leadId?: number | null;
}

export type LogEvent = (event: EventInput) => Promise<void>;

const personName = (user: { first_name: string; last_name: string | null }): string => [user.first_name, user.last_name].filter(Boolean).join(' ').trim();

/**
 * The actor of a signed-in request.
 * @example actorOf({ user, request }) // { companyId: 3, userId: 7, name: 'Asha Rao', requestId: 'req-1a' }
 */
export function actorOf(ctx: {
  user: { id: number; company_id: number | null; first_name: string; last_name: string | null };
  request: { id: string };
}): Actor {
  return { companyId: ctx.user.company_id, userId: ctx.user.id, name: personName(ctx.user), requestId: ctx.request.id };
}

/** The same deps on another handle of the database (a transaction). */
const onHandle = (deps: Deps, db: Kysely<Database>): Deps => ({ db, clock: deps.clock, config: deps.config, mailer: deps.mailer });

/** A `log` writing on `db` (a transaction the caller already holds). */
export function eventWriter(deps: Pick<Deps, 'clock'>, db: Kysely<Database>, actor: Actor): LogEvent {
  return (event) =>
    insertEvent(db, {
      company_id: event.companyId !== undefined ? event.companyId : actor.companyId,
      actor_id: actor.userId,
      actor_name: actor.name,
      action: event.action,
      record_type: event.record.type,
      record_id: event.record.id,
      record_label: event.record.label,
      changes: event.changes && Object.keys(event.changes).length > 0 ? JSON.stringify(event.changes) : null,
      data: event.data ? JSON.stringify(event.data) : null,
      request_id: actor.requestId,
      created_at: deps.clock().toISOString(),
      lead_id: event.leadId ?? (event.record.type === 'lead' ? event.record.id : null),
    });
}

/** Runs `change` in one transaction with a `log` writing events in it; answers what `change` answers. */
export function withEvents<T>(deps: Deps, actor: Actor, change: (tx: Deps, log: LogEvent) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute((trx) => change(onHandle(deps, trx), eventWriter(deps, trx, actor)));
}

/**
 * The fields of `fields` whose values differ between `before` and `after`, as field → [before, after].
 * @example changesBetween({ city: 'Pune', phone: '1' }, { city: 'Mumbai', phone: '1' }, ['city', 'phone']) // { city: ['Pune', 'Mumbai'] }
 */
export function changesBetween<R extends Record<string, unknown>>(before: R, after: R, fields: readonly (keyof R & string)[]): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    const was = before[field] ?? null;
    const now = after[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = [was, now];
  }
  return changes;
}
