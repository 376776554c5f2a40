/**
 * Reading the activity log (a lead's timeline, the audit log) and the lead notes' rules: who may
 * change a note (its author, within NOTE_EDIT_WINDOW_MS), and that adding, editing and deleting one
 * are events like any other change, so the audit log keeps a deleted note's text.
 */
import { type ActivityEvent, type ActivityQuery, joinName, type LeadNote, MESSAGES, NOTE_EDIT_WINDOW_MS, type NoteRequest, type TimelineEntry } from '@contract';
import { HttpError, notFound } from '../../lib/http-error';
import type { Deps } from '../../types';
import { findLead } from '../leads/repository';
import { type Actor, withEvents } from '../events/record';
import { deleteEventsBefore, deleteNote, type EventFilter, type EventRow, eventPage, findNote, insertNote, type NoteRow, notesByIds, refreshFollowUp, updateNote } from './repository';

export const PAGE_SIZE = { default: 30, max: 200 } as const;

/** What a timeline shows of a lead: its changes and notes; a note's later edits and deletion are the audit log's. */
export const TIMELINE_ACTIONS = ['lead.created', 'lead.updated', 'lead.status_changed', 'lead.note_added'] as const;
/**
 * What it shows of the lead's appointments, to those holding event-read: scheduled, moved, its
 * status changed (done with the outcome and each property's feedback) and deleted. Other edits (a
 * note, invitees) are the audit log's. The lead's history tells every visit made with the lead,
 * whoever ran it, as it tells every edit of the lead.
 */
export const TIMELINE_APPOINTMENT_ACTIONS = ['appointment.scheduled', 'appointment.moved', 'appointment.status_changed', 'appointment.deleted'] as const;

const parseJson = (text: string | null): Record<string, unknown> | null => (text ? (JSON.parse(text) as Record<string, unknown>) : null);

export function toEvent(row: EventRow): ActivityEvent {
  return {
    id: row.id,
    company_id: row.company_id,
    action: row.action,
    record_type: row.record_type,
    record_id: row.record_id,
    record_label: row.record_label,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    changes: parseJson(row.changes) as ActivityEvent['changes'],
    data: parseJson(row.data),
    request_id: row.request_id,
    created_at: row.created_at,
  };
}

export function toNote(row: NoteRow): LeadNote {
  return {
    id: row.id,
    lead_id: row.lead_id,
    kind: row.kind as LeadNote['kind'],
    body: row.body,
    follow_up_at: row.follow_up_at,
    author_id: row.author_id,
    author_name: row.author_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const pageSize = (asked: number | undefined): number => Math.min(Math.max(asked ?? PAGE_SIZE.default, 1), PAGE_SIZE.max);
/** An id no row can have pages nowhere: the first page. */
const before = (id: number | undefined): number | undefined => (id !== undefined && id > 0 ? id : undefined);

/**
 * A lead's timeline, newest first — with its appointments' events when `withAppointments` (the
 * caller holds event-read); each note-added entry carries the note as it is now (null once deleted).
 */
export async function leadTimeline(
  deps: Pick<Deps, 'db'>,
  companyId: number,
  leadId: number,
  query: { before?: number; pageSize?: number },
  withAppointments = false,
) {
  if (!(await findLead(deps.db, companyId, leadId))) throw notFound();
  const actions = withAppointments ? [...TIMELINE_ACTIONS, ...TIMELINE_APPOINTMENT_ACTIONS] : TIMELINE_ACTIONS;
  const { rows, next } = await eventPage(deps.db, { companyId, leadId, actions }, { before: before(query.before), size: pageSize(query.pageSize) });
  const noteIds = rows.flatMap((row) => (row.action === 'lead.note_added' ? [Number(parseJson(row.data)?.note_id)] : [])).filter(Number.isSafeInteger);
  const notes = new Map((await notesByIds(deps.db, companyId, noteIds)).map((note) => [note.id, toNote(note)]));
  const data: TimelineEntry[] = rows.map((row) => {
    const event = toEvent(row);
    return row.action === 'lead.note_added' ? { ...event, note: notes.get(Number(event.data?.note_id)) ?? null } : event;
  });
  return { data, next };
}

/** The audit log's filter of a query: the caller's company, or for the super admin the one asked (or all). */
export function auditFilter(query: ActivityQuery, companyId: number | null): EventFilter {
  const day = (date: string, plus: number) => new Date(Date.parse(`${date}T00:00:00.000Z`) + plus * 86_400_000).toISOString();
  return {
    companyId: companyId ?? query.company_id ?? null,
    actorId: query.actor_id,
    recordType: query.record_type,
    recordId: query.record_id,
    action: query.action || undefined,
    from: query.from ? day(query.from, 0) : undefined,
    to: query.to ? day(query.to, 1) : undefined,
  };
}

export async function auditPage(deps: Pick<Deps, 'db'>, filter: EventFilter, query: ActivityQuery) {
  const { rows, next } = await eventPage(deps.db, filter, { before: before(query.before), size: pageSize(query.pageSize) });
  return { data: rows.map(toEvent), next };
}

/** Every event of `filter`, newest first, up to `max`, read a thousand at a time (the CSV export). */
export async function* auditEvents(deps: Pick<Deps, 'db'>, filter: EventFilter, max: number): AsyncGenerator<ActivityEvent> {
  let before: number | undefined;
  for (let sent = 0; sent < max; sent += EXPORT_BATCH) {
    const { rows, next } = await eventPage(deps.db, filter, { before, size: EXPORT_BATCH });
    yield* rows.map(toEvent);
    if (next === null) return;
    before = next;
  }
}
const EXPORT_BATCH = 1_000;

/** Removes the events older than the retention setting, a batch at a time; how many went. */
export async function sweepOldEvents(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<number> {
  const before = new Date(deps.clock().getTime() - deps.config.activityRetentionDays * 86_400_000).toISOString();
  let removed = 0;
  for (;;) {
    const batch = await deleteEventsBefore(deps.db, before, SWEEP_BATCH);
    removed += batch;
    if (batch < SWEEP_BATCH) return removed;
  }
}
const SWEEP_BATCH = 5_000;

const noteLocked = () => new HttpError(403, MESSAGES.activity.noteLocked);

/** A day alone is that day's start in UTC; an instant is kept as given, in UTC. */
const followUp = (value: string | null | undefined): string | null => (value ? new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value).toISOString() : null);

export async function addNote(deps: Deps, actor: Actor & { companyId: number }, leadId: number, input: NoteRequest): Promise<LeadNote> {
  return withEvents(deps, actor, async (tx, log) => {
    const lead = await findLead(tx.db, actor.companyId, leadId);
    if (!lead) throw notFound();
    const now = deps.clock().toISOString();
    const id = await insertNote(tx.db, {
      company_id: actor.companyId,
      lead_id: leadId,
      author_id: actor.userId,
      author_name: actor.name,
      kind: input.kind,
      body: input.body,
      follow_up_at: followUp(input.follow_up_at),
      created_at: now,
      updated_at: now,
    });
    if (input.follow_up_at) await refreshFollowUp(tx.db, actor.companyId, leadId);
    const note = (await findNote(tx.db, actor.companyId, leadId, id))!;
    await log({
      action: 'lead.note_added',
      record: { type: 'lead', id: leadId, label: joinName(lead.first_name, lead.last_name) },
      data: { note_id: id, kind: note.kind, body: note.body, follow_up_at: note.follow_up_at },
    });
    return toNote(note);
  });
}

/** The note if `actor` may still change it: 404 when it is not the lead's, 403 when it is someone else's or too old. */
async function changeableNote(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor & { companyId: number }, leadId: number, id: number): Promise<NoteRow> {
  const note = await findNote(deps.db, actor.companyId, leadId, id);
  if (!note) throw notFound();
  if (note.author_id !== actor.userId || deps.clock().getTime() - Date.parse(note.created_at) > NOTE_EDIT_WINDOW_MS) throw noteLocked();
  return note;
}

export async function editNote(deps: Deps, actor: Actor & { companyId: number }, leadId: number, id: number, input: NoteRequest): Promise<LeadNote> {
  return withEvents(deps, actor, async (tx, log) => {
    const before = await changeableNote(tx, actor, leadId, id);
    const changes = { kind: input.kind, body: input.body, follow_up_at: followUp(input.follow_up_at), updated_at: deps.clock().toISOString() };
    await updateNote(tx.db, id, changes);
    await refreshFollowUp(tx.db, actor.companyId, leadId);
    const after = (await findNote(tx.db, actor.companyId, leadId, id))!;
    const lead = await findLead(tx.db, actor.companyId, leadId);
    await log({
      action: 'lead.note_edited',
      record: { type: 'lead', id: leadId, label: lead ? joinName(lead.first_name, lead.last_name) : null },
      changes: Object.fromEntries(
        (['kind', 'body', 'follow_up_at'] as const).filter((field) => before[field] !== after[field]).map((field) => [field, [before[field], after[field]]]),
      ),
      data: { note_id: id },
    });
    return toNote(after);
  });
}

export async function removeNote(deps: Deps, actor: Actor & { companyId: number }, leadId: number, id: number): Promise<void> {
  await withEvents(deps, actor, async (tx, log) => {
    const note = await changeableNote(tx, actor, leadId, id);
    await deleteNote(tx.db, id);
    await refreshFollowUp(tx.db, actor.companyId, leadId);
    const lead = await findLead(tx.db, actor.companyId, leadId);
    await log({
      action: 'lead.note_deleted',
      record: { type: 'lead', id: leadId, label: lead ? joinName(lead.first_name, lead.last_name) : null },
      data: { note_id: id, kind: note.kind, body: note.body },
    });
  });
}
