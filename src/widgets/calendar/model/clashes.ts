/**
 * What a proposed appointment clashes with: the same agent somewhere else at the same time, or
 * the same property shown to two different leads at once. Cancelled appointments never clash,
 * and one ending as the other starts does not overlap it.
 */
import { compareIds, overlaps, sameId, spanOf, type Appointment, type AppointmentId } from './appointment';

export type ClashReason = 'same_agent' | 'same_property';

export interface Clash<A extends Appointment = Appointment> {
  appointment: A;
  reasons: ClashReason[];
  /** The properties both hold (as the proposed appointment names them), when one reason is the same property. */
  property_ids: AppointmentId[];
}

/** A new appointment may have no id yet; an existing one being moved is not compared with itself. */
export type ProposedAppointment = Omit<Appointment, 'id' | 'kind'> & { id?: AppointmentId };

/**
 * Two different leads: a lead's own second visit, or a visit with no lead (the photographer, a
 * valuation), is not a clash over the property; the agent rule still catches the agent's double booking.
 */
const differentLeads = (a: AppointmentId | null | undefined, b: AppointmentId | null | undefined): boolean =>
  a != null && b != null && !sameId(a, b);

function sharedProperties(mine: readonly AppointmentId[], theirs: readonly AppointmentId[]): AppointmentId[] {
  const theirKeys = new Set(theirs.map(String));
  const shared = new Map<string, AppointmentId>();
  for (const id of mine) if (theirKeys.has(String(id))) shared.set(String(id), id);
  return [...shared.values()].sort(compareIds);
}

/** Every clash, earliest first. */
export function clashesWith<A extends Appointment>(proposed: ProposedAppointment, others: readonly A[]): Clash<A>[] {
  const span = spanOf(proposed);
  if (!span || proposed.status === 'cancelled') return [];
  const clashes: Array<Clash<A> & { start: number }> = [];
  for (const other of others) {
    if (other.status === 'cancelled' || sameId(proposed.id, other.id)) continue;
    const otherSpan = spanOf(other);
    if (!otherSpan || !overlaps(span, otherSpan)) continue;
    const reasons: ClashReason[] = [];
    if (sameId(other.agent_id, proposed.agent_id)) reasons.push('same_agent');
    const shared = differentLeads(proposed.lead_id, other.lead_id) ? sharedProperties(proposed.property_ids, other.property_ids) : [];
    if (shared.length > 0) reasons.push('same_property');
    if (reasons.length > 0) clashes.push({ appointment: other, reasons, property_ids: shared, start: otherSpan.start });
  }
  return clashes
    .sort((a, b) => a.start - b.start || compareIds(a.appointment.id, b.appointment.id))
    .map(({ appointment, reasons, property_ids }) => ({ appointment, reasons, property_ids }));
}

export const hasClash = (proposed: ProposedAppointment, others: readonly Appointment[]): boolean => clashesWith(proposed, others).length > 0;
