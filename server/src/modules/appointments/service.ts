/**
 * The appointment calls' reads: who sees what (an agent the appointments they run, were invited
 * to or made; an admin the company's), a range, one appointment, a lead's or a property's, the
 * clash check, and rows as answered. Saving is save.service.ts. Another company's appointment, or
 * one an agent does not see, is 404.
 */
import { APPOINTMENT_LIMITS, type AppointmentKind, type AppointmentListQuery, type ClashQuery, format, MESSAGES, parseList } from '@contract';
import { invalid, notFound } from '../../lib/http-error';
import { isRowId } from '../../lib/ids';
import type { Deps } from '../../types';
import { type AppointmentAnswerBody, toAppointments } from './mapper';
import { companyLeads, companyProperties, companyTimeZone, linksOf, namesOf } from './references.repository';
import { type AppointmentRow, appointmentsOf, findAppointment, findClashes, listAppointments, type Viewer } from './repository';

const M = MESSAGES.appointments;
const DAY_MS = 86_400_000;

/** The signed-in caller of an appointment call. */
export interface Caller {
  companyId: number;
  user: { id: number; user_type: string; first_name: string; last_name: string | null };
  /** The request's id, kept with the activity events a change writes; null for the reminder sweep and scripts. */
  requestId?: string | null;
}

/** Agents see the appointments they run, were invited to or made; every other user type the company's. */
export const viewerOf = (caller: Caller): Viewer => ({ companyId: caller.companyId, personId: caller.user.user_type === 'agent' ? caller.user.id : null });

/** Rows as answered, with their lead, properties and people (a few queries whatever the count). */
export async function answersOf(deps: Pick<Deps, 'db'>, rows: readonly AppointmentRow[]): Promise<AppointmentAnswerBody[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const leadIds = [...new Set(rows.flatMap((r) => (r.lead_id == null ? [] : [r.lead_id])))];
  const agentIds = [...new Set(rows.flatMap((r) => (r.agent_id == null ? [] : [r.agent_id])))];
  const [links, names] = await Promise.all([linksOf(deps.db, ids), namesOf(deps.db, leadIds, agentIds)]);
  return toAppointments(rows, links, names);
}

/** The viewer's appointment `id`, or 404. */
async function seenAppointment(deps: Pick<Deps, 'db'>, viewer: Viewer, id: number): Promise<AppointmentRow> {
  const row = isRowId(id) ? await findAppointment(deps.db, viewer, id) : undefined;
  if (!row) throw notFound();
  return row;
}

/** The company's appointment `id` as answered, whoever runs it. */
export async function companyAppointment(deps: Pick<Deps, 'db'>, companyId: number, id: number): Promise<AppointmentAnswerBody> {
  const [answer] = await answersOf(deps, [await seenAppointment(deps, { companyId, personId: null }, id)]);
  return answer!;
}

export async function getAppointment(deps: Pick<Deps, 'db'>, caller: Caller, id: number): Promise<AppointmentAnswerBody> {
  const [answer] = await answersOf(deps, [await seenAppointment(deps, viewerOf(caller), id)]);
  return answer!;
}

/** The calendar's range: at most `rangeDays`, `to` after `from`; the company's time zone beside. */
export async function listRange(deps: Pick<Deps, 'db'>, caller: Caller, query: AppointmentListQuery) {
  const span = Date.parse(query.to) - Date.parse(query.from);
  if (!(span > 0)) throw invalid({ to: [M.endBeforeStart] });
  if (span > APPOINTMENT_LIMITS.rangeDays * DAY_MS) throw invalid({ to: [format(M.rangeTooLong, { days: APPOINTMENT_LIMITS.rangeDays })] });
  const filter = { from: query.from, to: query.to, agentId: query.agent_id, kind: query.kind, status: query.status, leadId: query.lead_id, propertyId: query.property_id };
  for (const key of ['agentId', 'leadId', 'propertyId'] as const) {
    // An id no row can have matches nothing (PostgreSQL would refuse it as a parameter).
    if (filter[key] !== undefined && !isRowId(filter[key])) return { data: [], time_zone: await companyTimeZone(deps.db, caller.companyId) };
  }
  const [rows, timeZone] = await Promise.all([listAppointments(deps.db, viewerOf(caller), filter), companyTimeZone(deps.db, caller.companyId)]);
  return { data: await answersOf(deps, rows), time_zone: timeZone };
}

/** A lead's (or a property's) appointments the caller sees; 404 for another company's lead or property. */
export async function appointmentsOfRecord(
  deps: Pick<Deps, 'db' | 'clock'>,
  caller: Caller,
  of: { leadId: number } | { propertyId: number },
  upcoming: boolean,
): Promise<AppointmentAnswerBody[]> {
  const found =
    'leadId' in of ? await companyLeads(deps.db, caller.companyId, [of.leadId]) : await companyProperties(deps.db, caller.companyId, [of.propertyId]);
  if (!found.length) throw notFound();
  const rows = await appointmentsOf(deps.db, viewerOf(caller), of, upcoming ? deps.clock().toISOString() : null);
  return answersOf(deps, rows);
}

/** The appointments a planned one would overlap (not cancelled): the same agent, or a property another lead visits then. */
export async function clashesOf(deps: Pick<Deps, 'db'>, caller: Caller, query: ClashQuery) {
  if (!(Date.parse(query.ends_at) > Date.parse(query.starts_at))) throw invalid({ ends_at: [M.endBeforeStart] });
  const propertyIds = parseList(query.property_ids).map(Number).filter(isRowId);
  const rows = await findClashes(deps.db, {
    companyId: caller.companyId,
    agentId: query.agent_id !== undefined && isRowId(query.agent_id) ? query.agent_id : null,
    propertyIds,
    leadId: query.lead_id !== undefined && isRowId(query.lead_id) ? query.lead_id : null,
    startsAt: query.starts_at,
    endsAt: query.ends_at,
    exceptId: query.except_id !== undefined && isRowId(query.except_id) ? query.except_id : null,
  });
  const { users } = await namesOf(deps.db, [], [...new Set(rows.flatMap((r) => (r.agent_id == null ? [] : [r.agent_id])))]);
  const names = new Map(users.map((u) => [u.id, [u.first_name, u.last_name].filter(Boolean).join(' ')]));
  return rows
    .map((r) => {
      const reasons: Array<'agent' | 'property'> = [];
      if (query.agent_id !== undefined && r.agent_id === query.agent_id) reasons.push('agent');
      if (r.clash_property_ids.length) reasons.push('property');
      return {
        id: r.id,
        kind: r.kind as AppointmentKind,
        status: r.status as AppointmentAnswerBody['status'],
        starts_at: r.starts_at,
        ends_at: r.ends_at,
        agent: r.agent_id == null ? null : { id: r.agent_id, name: names.get(r.agent_id) ?? null },
        reasons,
        property_ids: r.clash_property_ids,
      };
    })
    .filter((c) => c.reasons.length > 0);
}
