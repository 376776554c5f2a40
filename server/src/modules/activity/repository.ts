/**
 * The activity log and lead notes in the database: the only code that queries them. Reads are
 * paged newest first by event id (`before`: the last id of the page before), always scoped to a
 * company unless the caller is the super admin reading across companies.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ActivityEventsTable, Database, LeadNotesTable } from '../../db/schema';

export type EventRow = Selectable<ActivityEventsTable>;
export type NoteRow = Selectable<LeadNotesTable>;

export interface EventFilter {
  /** Null: every company's (the super admin). */
  companyId: number | null;
  actorId?: number;
  recordType?: string;
  recordId?: number;
  /** Events of a lead: its own and its appointments' (a lead's timeline). */
  leadId?: number;
  /** An action (`lead.deleted`) or a prefix ending in a dot (`lead.`). */
  action?: string;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  actions?: readonly string[];
}

/** One page of events matching `filter`, newest first, and the `before` of the next page. */
export async function eventPage(db: Kysely<Database>, filter: EventFilter, page: { before?: number; size: number }): Promise<{ rows: EventRow[]; next: number | null }> {
  let query = db.selectFrom('activity_events').selectAll();
  if (filter.companyId !== null) query = query.where('company_id', '=', filter.companyId);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.recordType !== undefined) query = query.where('record_type', '=', filter.recordType);
  if (filter.recordId !== undefined) query = query.where('record_id', '=', filter.recordId);
  if (filter.leadId !== undefined) query = query.where('lead_id', '=', filter.leadId);
  if (filter.action !== undefined) {
    query = filter.action.endsWith('.') ? query.where('action', 'like', `${filter.action.replace(/[%_\\]/g, '')}%`) : query.where('action', '=', filter.action);
  }
  if (filter.actions) query = query.where('action', 'in', filter.actions);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query.orderBy('id', 'desc').limit(page.size + 1).execute();
  const more = rows.length > page.size;
  if (more) rows.pop();
  return { rows, next: more ? rows[rows.length - 1]!.id : null };
}

/** Events after `afterId` in id order (the live streams' tail and a reconnect's catch-up). */
export async function eventsAfter(db: Kysely<Database>, afterId: number, limit: number, companyId?: number): Promise<EventRow[]> {
  let query = db.selectFrom('activity_events').selectAll().where('id', '>', afterId);
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  return query.orderBy('id', 'asc').limit(limit).execute();
}

/** The newest event id, 0 when the log is empty. */
export async function lastEventId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('activity_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Removes events written before `beforeIso`, at most `limit` at a time; how many went. */
export async function deleteEventsBefore(db: Kysely<Database>, beforeIso: string, limit: number): Promise<number> {
  const ids = db.selectFrom('activity_events').select('id').where('created_at', '<', beforeIso).orderBy('id').limit(limit);
  const result = await db.deleteFrom('activity_events').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertNote(db: Kysely<Database>, row: Insertable<LeadNotesTable>): Promise<number> {
  const inserted = await db.insertInto('lead_notes').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export const findNote = (db: Kysely<Database>, companyId: number, leadId: number, id: number): Promise<NoteRow | undefined> =>
  db.selectFrom('lead_notes').selectAll().where('id', '=', id).where('lead_id', '=', leadId).where('company_id', '=', companyId).executeTakeFirst();

export async function notesByIds(db: Kysely<Database>, companyId: number, ids: readonly number[]): Promise<NoteRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('lead_notes').selectAll().where('company_id', '=', companyId).where('id', 'in', ids).execute();
}

export async function updateNote(db: Kysely<Database>, id: number, changes: Partial<Pick<NoteRow, 'kind' | 'body' | 'follow_up_at' | 'updated_at'>>): Promise<void> {
  await db.updateTable('lead_notes').set(changes).where('id', '=', id).execute();
}

export async function deleteNote(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('lead_notes').where('id', '=', id).execute();
}

/** Sets the lead's follow-up to that of its newest note having one (null when none has). */
export async function refreshFollowUp(db: Kysely<Database>, companyId: number, leadId: number): Promise<void> {
  const newest = await db
    .selectFrom('lead_notes')
    .select('follow_up_at')
    .where('lead_id', '=', leadId)
    .where('company_id', '=', companyId)
    .where('follow_up_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('leads')
    .set({ follow_up_at: newest?.follow_up_at ?? null })
    .where('id', '=', leadId)
    .where('company_id', '=', companyId)
    .execute();
}
