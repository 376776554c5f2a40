/**
 * Pure glue of a lead's next appointment on the board: its cache key (under `appointments`, so
 * every save of the calendar's form anywhere in the runtime reloads it), the line a row shows, and
 * whom a new visit goes to.
 */
import { APPOINTMENT_KIND_LABELS, type Appointment } from '../../contract/appointments';
import type { DateFormat } from '../../contract/account';
import { formatDateTimeIn } from '../../core/zonedFormat';

/** The next appointments of one set of leads (a page, or the lead being edited). */
export const nextAppointmentsKey = (leadIds: readonly string[]) => ['appointments', 'next', leadIds.join(',')] as const;

/**
 * "Site visit · 05/12/2026, 10:30": its kind and start, on the company's wall clock (as the
 * calendar shows it), the date in the person's format.
 */
export const nextAppointmentText = (appointment: Pick<Appointment, 'kind' | 'starts_at'>, zone: string, format: DateFormat): string =>
  `${APPOINTMENT_KIND_LABELS[appointment.kind]} · ${formatDateTimeIn(appointment.starts_at, format, zone)}`;

/**
 * Who runs a new visit of the lead: leads carry no assigned agent, so the agent already running
 * the lead's next appointment, where there is one (the form falls back to the person scheduling).
 */
export function agentOfLead(next: Pick<Appointment, 'agent_id' | 'agent'> | undefined): { id: string; name: string } | null {
  if (next?.agent_id == null) return null;
  const id = String(next.agent_id);
  return { id, name: next.agent?.name?.trim() || `Person #${id}` };
}
