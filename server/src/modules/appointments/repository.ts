/**
 * Appointments in the database: one company's rows only (another company's appointment is simply
 * not found), and for an agent only those they run, were invited to or made (`Viewer`). Times are
 * UTC ISO text; a range is found through (company_id, starts_at): an appointment lasts at most
 * APPOINTMENT_LIMITS.durationDays, so one overlapping [from, to) starts in [from − that, to).
 */
import type { ExpressionBuilder, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import { APPOINTMENT_LIMITS } from '@contract';
import type { AppointmentsTable, Database } from '../../db/schema';

export type AppointmentRow = Selectable<AppointmentsTable>;
export type AppointmentChanges = Omit<Updateable<AppointmentsTable>, 'id' | 'company_id' | 'version' | 'created_by' | 'created_at'>;

/** Whose appointments a caller sees: a company's, all (`personId` null) or one person's. */
export interface Viewer {
  companyId: number;
  /** An agent sees only the appointments they run, were invited to or made; null: everyone's (admins). */
  personId: number | null;
}

const DAY_MS = 86_400_000;
const LONGEST_MS = APPOINTMENT_LIMITS.durationDays * DAY_MS;
/** A list call never answers more than this many rows (a hundred days of a busy office). */
export const LIST_CAP = 2000;

type Query = SelectQueryBuilder<Database, 'appointments', AppointmentRow>;

/** The viewer's own appointments only, when they are an agent. */
function seenBy(query: Query, viewer: Viewer): Query {
  const person = viewer.personId;
  if (person == null) return query;
  return query.where((eb) =>
    eb.or([
      eb('appointments.agent_id', '=', person),
      eb('appointments.created_by', '=', person),
      eb.exists(
        eb
          .selectFrom('appointment_invitees')
          .select('appointment_invitees.user_id')
          .whereRef('appointment_invitees.appointment_id', '=', 'appointments.id')
          .where('appointment_invitees.user_id', '=', person),
      ),
    ]),
  );
}

/** The company's appointments the viewer sees: where every read starts. */
export const base = (db: Kysely<Database>, viewer: Viewer): Query =>
  seenBy(db.selectFrom('appointments').selectAll('appointments').where('appointments.company_id', '=', viewer.companyId), viewer);

export interface ListFilter {
  from: string;
  to: string;
  agentId?: number;
  kind?: string;
  status?: string;
  leadId?: number;
  propertyId?: number;
}

/** The viewer's appointments overlapping [from, to), by start. */
export function listAppointments(db: Kysely<Database>, viewer: Viewer, filter: ListFilter): Promise<AppointmentRow[]> {
  const earliest = new Date(Date.parse(filter.from) - LONGEST_MS).toISOString();
  let query = base(db, viewer)
    .where('appointments.starts_at', '>=', earliest)
    .where('appointments.starts_at', '<', filter.to)
    .where('appointments.ends_at', '>', filter.from);
  if (filter.agentId !== undefined) query = query.where('appointments.agent_id', '=', filter.agentId);
  if (filter.kind !== undefined) query = query.where('appointments.kind', '=', filter.kind);
  if (filter.status !== undefined) query = query.where('appointments.status', '=', filter.status);
  if (filter.leadId !== undefined) query = query.where('appointments.lead_id', '=', filter.leadId);
  if (filter.propertyId !== undefined) query = query.where(onProperty(filter.propertyId));
  return query.orderBy('appointments.starts_at').orderBy('appointments.id').limit(LIST_CAP).execute();
}

/** Appointments showing property `propertyId`. */
const onProperty = (propertyId: number) => (eb: ExpressionBuilder<Database, 'appointments'>) =>
  eb.exists(
    eb
      .selectFrom('appointment_properties')
      .select('appointment_properties.property_id')
      .whereRef('appointment_properties.appointment_id', '=', 'appointments.id')
      .where('appointment_properties.property_id', '=', propertyId),
  );

/**
 * A lead's or a property's appointments the viewer sees: with `notEndedBefore`, the ones not over
 * by then and not cancelled, soonest first; without, all of them, newest first.
 */
export function appointmentsOf(
  db: Kysely<Database>,
  viewer: Viewer,
  of: { leadId: number } | { propertyId: number },
  notEndedBefore: string | null,
): Promise<AppointmentRow[]> {
  let query = base(db, viewer);
  query = 'leadId' in of ? query.where('appointments.lead_id', '=', of.leadId) : query.where(onProperty(of.propertyId));
  if (notEndedBefore != null) {
    query = query.where('appointments.ends_at', '>', notEndedBefore).where('appointments.status', '<>', 'cancelled').orderBy('appointments.starts_at');
  } else {
    query = query.orderBy('appointments.starts_at', 'desc');
  }
  return query.orderBy('appointments.id').limit(LIST_CAP).execute();
}

/** One appointment the viewer sees, or undefined. */
export function findAppointment(db: Kysely<Database>, viewer: Viewer, id: number): Promise<AppointmentRow | undefined> {
  return base(db, viewer).where('appointments.id', '=', id).executeTakeFirst();
}

export interface ClashSearch {
  companyId: number;
  agentId: number | null;
  propertyIds: readonly number[];
  leadId: number | null;
  startsAt: string;
  endsAt: string;
  exceptId: number | null;
}

/**
 * Appointments (not cancelled) overlapping [startsAt, endsAt) that the same agent runs, or that
 * visit one of the properties for another lead (or none), with the visited ones of those properties.
 */
export async function findClashes(db: Kysely<Database>, search: ClashSearch): Promise<Array<AppointmentRow & { clash_property_ids: number[] }>> {
  if (search.agentId == null && !search.propertyIds.length) return [];
  const earliest = new Date(Date.parse(search.startsAt) - LONGEST_MS).toISOString();
  let query = db
    .selectFrom('appointments')
    .selectAll('appointments')
    .where('appointments.company_id', '=', search.companyId)
    .where('appointments.status', '<>', 'cancelled')
    .where('appointments.starts_at', '>=', earliest)
    .where('appointments.starts_at', '<', search.endsAt)
    .where('appointments.ends_at', '>', search.startsAt);
  if (search.exceptId != null) query = query.where('appointments.id', '<>', search.exceptId);
  const rows = await query
    .where((eb) => {
      const either = [];
      if (search.agentId != null) either.push(eb('appointments.agent_id', '=', search.agentId));
      if (search.propertyIds.length) {
        const visit = eb.exists(
          eb
            .selectFrom('appointment_properties')
            .select('appointment_properties.property_id')
            .whereRef('appointment_properties.appointment_id', '=', 'appointments.id')
            .where('appointment_properties.property_id', 'in', [...search.propertyIds]),
        );
        const leadId = search.leadId;
        either.push(leadId == null ? visit : eb.and([visit, eb.or([eb('appointments.lead_id', 'is', null), eb('appointments.lead_id', '<>', leadId)])]));
      }
      return eb.or(either);
    })
    .orderBy('appointments.starts_at')
    .limit(100)
    .execute();
  if (!rows.length || !search.propertyIds.length) return rows.map((r) => ({ ...r, clash_property_ids: [] }));
  const visits = await db
    .selectFrom('appointment_properties')
    .select(['appointment_id', 'property_id'])
    .where('appointment_id', 'in', rows.map((r) => r.id))
    .where('property_id', 'in', [...search.propertyIds])
    .execute();
  return rows.map((r) => {
    const shared = visits.filter((v) => v.appointment_id === r.id).map((v) => v.property_id);
    const otherLead = search.leadId == null || r.lead_id == null || r.lead_id !== search.leadId;
    return { ...r, clash_property_ids: otherLead ? shared : [] };
  });
}

export interface NewAppointment {
  row: Omit<AppointmentsTable, 'id' | 'version'>;
  properties: ReadonlyArray<{ property_id: number; feedback: string | null }>;
  inviteeIds: readonly number[];
}

/** Writes an appointment with its properties and invitees; its id. Run inside a transaction. */
export async function insertAppointment(db: Kysely<Database>, input: NewAppointment): Promise<number> {
  const { id } = await db.insertInto('appointments').values({ ...input.row, version: 1 }).returning('id').executeTakeFirstOrThrow();
  await writeLinks(db, id, input.properties, input.inviteeIds);
  return id;
}

/**
 * Changes an appointment of the company and raises its version. With `expectedVersion`, only one
 * still at that version changes (a stale save changes nothing). True when a row changed.
 */
export async function updateAppointment(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  changes: AppointmentChanges,
  expectedVersion?: number,
): Promise<boolean> {
  let query = db
    .updateTable('appointments')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces an appointment's properties (with their feedback) and invitees. */
export async function replaceLinks(
  db: Kysely<Database>,
  id: number,
  properties: NewAppointment['properties'],
  inviteeIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('appointment_properties').where('appointment_id', '=', id).execute();
  await db.deleteFrom('appointment_invitees').where('appointment_id', '=', id).execute();
  await writeLinks(db, id, properties, inviteeIds);
}

async function writeLinks(db: Kysely<Database>, id: number, properties: NewAppointment['properties'], inviteeIds: readonly number[]) {
  if (properties.length) {
    await db
      .insertInto('appointment_properties')
      .values(properties.map((p, position) => ({ appointment_id: id, property_id: p.property_id, position, feedback: p.feedback })))
      .execute();
  }
  if (inviteeIds.length) {
    await db
      .insertInto('appointment_invitees')
      .values(inviteeIds.map((user_id) => ({ appointment_id: id, user_id })))
      .execute();
  }
}

/** Deletes the company's appointment `id`; false when it has none such. */
export async function deleteAppointment(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('appointments').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
