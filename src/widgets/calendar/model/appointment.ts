/**
 * The appointment as the calendar's model reads it. The contract (src/contract/appointments.ts)
 * owns the real type; this one is structural, so the contract's type satisfies it and the model
 * needs nothing from any other layer.
 */

// Types only: the lists and their labels are the contract's, for the screen to take from there.
export type AppointmentKind = 'site_visit' | 'follow_up' | 'meeting';
export type AppointmentStatus = 'proposed' | 'confirmed' | 'done' | 'cancelled' | 'no_show';

/**
 * Ids are numbers from the reference server; the contract also lets them arrive as text (as every
 * id in the suite may), and lets an appointment have no agent. Wide enough for both, so the
 * contract's type and a plain `{ id: number, agent_id: number, … }` both fit.
 */
export type AppointmentId = number | string;

export interface Appointment {
  id: AppointmentId;
  kind: AppointmentKind;
  /** An instant: ISO 8601 with `Z` or an offset. */
  starts_at: string;
  ends_at: string;
  agent_id?: AppointmentId | null;
  property_ids: readonly AppointmentId[];
  lead_id?: AppointmentId | null;
  status: AppointmentStatus;
}

/** The same id, whether it came as 7 or "7"; no id is never the same as another. */
export const sameId = (a: AppointmentId | null | undefined, b: AppointmentId | null | undefined): boolean =>
  a != null && b != null && String(a) === String(b);

/** Ids in a stable order: numerically when both are numbers, else as text. */
export const compareIds = (a: AppointmentId, b: AppointmentId): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;

/** The new times a move or resize gives; the screen sends them (with the rest) to the server. */
export interface AppointmentTimes {
  starts_at: string;
  ends_at: string;
}

export const MINUTE_MS = 60_000;

// An ISO text with no offset would be read by Date.parse as the machine's local time, which
// differs between a visitor's browser and a test runner; the server stores UTC, so a bare one is
// read as UTC instead.
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The epoch milliseconds of an ISO instant; NaN when it is not one. */
export function instantOf(iso: string): number {
  // The server's own form first: layouts read thousands of these.
  if (iso.endsWith('Z')) return Date.parse(iso);
  const text = iso.trim();
  if (DATE_ONLY.test(text)) return Date.parse(`${text}T00:00:00Z`);
  return Date.parse(HAS_ZONE.test(text) ? text : `${text}Z`);
}

/** An instant as the server's ISO text (UTC). */
export const isoOf = (instant: number): string => new Date(instant).toISOString();

/** Start and end as epoch milliseconds; null when either is unreadable or the end precedes the start. */
export function spanOf(appointment: Pick<Appointment, 'starts_at' | 'ends_at'>): { start: number; end: number } | null {
  const start = instantOf(appointment.starts_at);
  const end = instantOf(appointment.ends_at);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return null;
  return { start, end };
}

/** Half-open intervals: one ending exactly when the other starts does not overlap it. */
export const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean =>
  a.start < b.end && b.start < a.end;
