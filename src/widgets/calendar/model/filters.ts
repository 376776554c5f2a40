/**
 * The calendar's filters: by agent, kind and status. Which appointments an agent may see at all
 * is the server's decision; these only narrow what it sent.
 */
import { sameId, type Appointment, type AppointmentId, type AppointmentKind, type AppointmentStatus } from './appointment';

/** Each list narrows; a missing or empty one lets everything through (no chip picked is no filter). */
export interface CalendarFilter {
  agentIds?: readonly AppointmentId[];
  kinds?: readonly AppointmentKind[];
  statuses?: readonly AppointmentStatus[];
}

const allows = <T>(picked: readonly T[] | undefined, value: T): boolean => !picked || picked.length === 0 || picked.includes(value);

const allowsAgent = (picked: readonly AppointmentId[] | undefined, agent: AppointmentId | null | undefined): boolean =>
  !picked || picked.length === 0 || picked.some((id) => sameId(id, agent));

export const matchesFilter = (appointment: Appointment, filter: CalendarFilter): boolean =>
  allowsAgent(filter.agentIds, appointment.agent_id) && allows(filter.kinds, appointment.kind) && allows(filter.statuses, appointment.status);

export const filterAppointments = <A extends Appointment>(appointments: readonly A[], filter: CalendarFilter): A[] =>
  appointments.filter((appointment) => matchesFilter(appointment, filter));

export const isFilterEmpty = (filter: CalendarFilter): boolean =>
  !filter.agentIds?.length && !filter.kinds?.length && !filter.statuses?.length;

/** A chip clicked: the value added to its list or taken out of it. */
export const toggleValue = <T>(picked: readonly T[] | undefined, value: T): T[] =>
  picked?.includes(value) ? picked.filter((v) => v !== value) : [...(picked ?? []), value];
