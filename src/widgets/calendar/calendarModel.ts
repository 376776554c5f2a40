/**
 * The screen's pure glue between the model and the contract: query keys, the form's values and
 * the payload they make, times written on the company's wall clock, and the sentences the screen
 * says (a clash, a move). No React here.
 */
import {
  APPOINTMENT_KIND_LABELS,
  defaultEnd,
  type Appointment,
  type AppointmentKind,
  type AppointmentStatus,
  type Clash,
} from '../../contract/appointments';
import {
  dateIn,
  fromWallClock,
  instantOf,
  isoOf,
  isoWeekday,
  monthName,
  sameDate,
  toWallClock,
  wallClockAt,
  weekdayName,
  type CalendarDate,
} from './model';

/** Query keys: every range, and one range. */
export const calendarKeys = {
  all: ['appointments'] as const,
  range: (from: string, to: string) => ['appointments', 'range', from, to] as const,
  clashes: (question: unknown) => ['appointments', 'clashes', question] as const,
  people: ['calendar', 'people'] as const,
  leadStatuses: ['calendar', 'lead-statuses'] as const,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** "10:05" on the zone's wall clock. */
export function clockOf(iso: string, zone: string): string {
  const wall = toWallClock(instantOf(iso), zone);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** "10:00 – 11:00", with the end's date when it ends on another day ("22:00 – 24 Nov 01:00"). */
export function timeRange(appointment: Pick<Appointment, 'starts_at' | 'ends_at'>, zone: string): string {
  const start = dateIn(instantOf(appointment.starts_at), zone);
  const end = dateIn(instantOf(appointment.ends_at) - 1, zone);
  const endText = sameDate(start, end) ? clockOf(appointment.ends_at, zone) : `${end.day} ${monthName(end.month).slice(0, 3)} ${clockOf(appointment.ends_at, zone)}`;
  return `${clockOf(appointment.starts_at, zone)} – ${endText}`;
}

/** "Tuesday 24 November". */
export const dayName = (date: CalendarDate): string => `${weekdayName(isoWeekday(date))} ${date.day} ${monthName(date.month)}`;

/** What a datetime-local input holds for `iso` on the zone's wall clock: "2026-11-24T10:00". */
export function localInput(iso: string, zone: string): string {
  const w = toWallClock(instantOf(iso), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A datetime-local text read on the zone's wall clock, as ISO (UTC); null when it is none. */
export function fromLocalInput(text: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  return isoOf(fromWallClock({ year, month, day, hour, minute, second: 0 }, zone));
}

/** Reminders the form offers, in minutes before the start ('' is none). */
export const REMINDER_CHOICES = [
  { value: '', label: 'No reminder' },
  { value: '0', label: 'At the start' },
  { value: '15', label: '15 minutes before' },
  { value: '30', label: '30 minutes before' },
  { value: '60', label: '1 hour before' },
  { value: '1440', label: '1 day before' },
] as const;

/** The appointment form's values: ids as text, times as datetime-local texts in the company's zone. */
export interface AppointmentFormValues {
  kind: AppointmentKind;
  title: string;
  lead_id: string;
  property_ids: string[];
  agent_id: string;
  invitee_ids: string[];
  starts_at: string;
  ends_at: string;
  place: string;
  note: string;
  status: AppointmentStatus;
  reminder_minutes: string;
}

/** A new appointment from `startIso` (a clicked slot, or the next hour), run by `agentId`. */
export function newFormValues(startIso: string, zone: string, agentId: string, kind: AppointmentKind = 'site_visit'): AppointmentFormValues {
  return {
    kind,
    title: '',
    lead_id: '',
    property_ids: [],
    agent_id: agentId,
    invitee_ids: [],
    starts_at: localInput(startIso, zone),
    ends_at: localInput(defaultEnd(kind, startIso), zone),
    place: '',
    note: '',
    status: 'proposed',
    reminder_minutes: '30',
  };
}

/** Something a new appointment is pre-filled with: its id and what it is called on screen. */
export interface Named {
  id: string | number;
  name: string;
}

/**
 * What "Schedule visit" elsewhere hands the New appointment form: the lead (from a lead), the
 * property (from a property) and who runs it (the lead's agent where one is known).
 */
export interface AppointmentPreset {
  lead?: Named | null;
  property?: Named | null;
  agent?: Named | null;
}

/** A new site visit's values with the preset's lead, property and agent in place. */
export function presetValues(values: AppointmentFormValues, preset: AppointmentPreset): AppointmentFormValues {
  return {
    ...values,
    kind: 'site_visit',
    lead_id: preset.lead ? String(preset.lead.id) : values.lead_id,
    property_ids: preset.property ? [String(preset.property.id)] : values.property_ids,
    agent_id: preset.agent ? String(preset.agent.id) : values.agent_id,
  };
}

/** The form's values for editing `appointment`. */
export function formValuesOf(appointment: Appointment, zone: string): AppointmentFormValues {
  return {
    kind: appointment.kind,
    title: appointment.title ?? '',
    lead_id: appointment.lead_id == null ? '' : String(appointment.lead_id),
    property_ids: appointment.property_ids.map(String),
    agent_id: appointment.agent_id == null ? '' : String(appointment.agent_id),
    invitee_ids: appointment.invitee_ids.map(String),
    starts_at: localInput(appointment.starts_at, zone),
    ends_at: localInput(appointment.ends_at, zone),
    place: appointment.place ?? '',
    note: appointment.note ?? '',
    status: appointment.status,
    reminder_minutes: appointment.reminder_minutes == null ? '' : String(appointment.reminder_minutes),
  };
}

const idOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The body the form sends: times as ISO, empty texts as null, properties only for a site visit.
 * An unreadable time is sent as typed, so the contract's check names it.
 */
export function payloadOf(values: AppointmentFormValues, zone: string) {
  return {
    kind: values.kind,
    title: values.title.trim() || null,
    lead_id: idOrNull(values.lead_id),
    property_ids: values.kind === 'site_visit' ? values.property_ids.map(Number) : [],
    agent_id: idOrNull(values.agent_id),
    invitee_ids: values.invitee_ids.map(Number),
    starts_at: fromLocalInput(values.starts_at, zone) ?? values.starts_at,
    ends_at: values.ends_at.trim() ? (fromLocalInput(values.ends_at, zone) ?? values.ends_at) : null,
    place: values.place.trim() || null,
    note: values.note.trim() || null,
    status: values.status,
    reminder_minutes: values.reminder_minutes === '' ? null : Number(values.reminder_minutes),
  };
}

/** "Site visit" in a sentence: "a site visit", "a follow-up", "a meeting". */
const kindInSentence = (kind: AppointmentKind): string => `a ${APPOINTMENT_KIND_LABELS[kind].toLowerCase()}`;

/**
 * What a clash says: "Ravi Kumar already has a site visit at 10:00", "Sea View Villa is visited
 * by another lead at 10:00" (`propertyName` names the shared properties the form knows).
 */
export function clashSentences(clash: Clash, zone: string, propertyName: (id: string) => string): string[] {
  const at = clockOf(clash.starts_at, zone);
  const day = dateIn(instantOf(clash.starts_at), zone);
  const when = `${at} on ${dayName(day)}`;
  const out: string[] = [];
  if (clash.reasons.includes('agent')) out.push(`${clash.agent?.name?.trim() || 'The agent'} already has ${kindInSentence(clash.kind)} at ${when}`);
  if (clash.reasons.includes('property')) {
    for (const id of clash.property_ids) out.push(`${propertyName(String(id))} is visited by another lead at ${when}`);
  }
  return out;
}

/** The live region's words after a move: "Sea View visit moved to Tuesday 24 November, 10:15 – 11:15". */
export function movedSentence(name: string, times: Pick<Appointment, 'starts_at' | 'ends_at'>, zone: string): string {
  return `${name} moved to ${dayName(dateIn(instantOf(times.starts_at), zone))}, ${timeRange(times, zone)}`;
}

/** What an appointment is called on screen: its title, else its kind and lead ("Site visit · Asha Verma"). */
export function appointmentName(appointment: Appointment): string {
  if (appointment.title?.trim()) return appointment.title.trim();
  const lead = appointment.lead?.name?.trim();
  return lead ? `${APPOINTMENT_KIND_LABELS[appointment.kind]} · ${lead}` : APPOINTMENT_KIND_LABELS[appointment.kind];
}

/** The agents the shown appointments name, by name (the filter's choices; agents may not list people). */
export function agentsOf(appointments: readonly Appointment[]): Array<{ value: string; label: string }> {
  const seen = new Map<string, string>();
  for (const a of appointments) {
    if (a.agent_id == null) continue;
    const id = String(a.agent_id);
    if (!seen.has(id)) seen.set(id, a.agent?.name?.trim() || `Person #${id}`);
  }
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * Start of a new appointment from now: the next whole hour on the zone's wall clock while that is
 * within working hours (08:00–19:00), else 10:00 of the coming working morning.
 */
export function nextHourIso(zone: string, now: number = Date.now()): string {
  const wall = toWallClock(now, zone);
  const hour = wall.hour + 1;
  const minutes = hour < 8 ? 10 * 60 : hour > 19 ? (24 + 10) * 60 : hour * 60;
  return isoOf(fromWallClock(wallClockAt(wall, minutes), zone));
}

/** The appointment with new times, as the PUT sends it (what GET answered, so the version goes back too). */
export const withTimes = (appointment: Appointment, times: Pick<Appointment, 'starts_at' | 'ends_at'>): Appointment => ({
  ...appointment,
  starts_at: times.starts_at,
  ends_at: times.ends_at,
});
