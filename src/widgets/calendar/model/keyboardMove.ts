/**
 * The keyboard's way to drag: with an appointment focused, ↑/↓ move it by 15 minutes, ←/→ by a
 * day, Shift+↑/↓ move its end by 15 minutes. Other keys give null, so the screen lets them be.
 */
import { instantOf, isoOf, MINUTE_MS, type Appointment, type AppointmentTimes } from './appointment';
import { addDays } from './calendarDate';
import { MIN_LENGTH_MINUTES, SNAP_MINUTES } from './dragMath';
import { dateIn, fromWallClock, toWallClock } from './zonedTime';

export interface KeyModifiers {
  shiftKey?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

const STEP_MS = SNAP_MINUTES * MINUTE_MS;

/**
 * The next quarter-hour line up (-1) or down (+1) from `instant`: a quarter hour on from one on
 * the line, onto the line from one between. Every zone's offset today is a whole number of
 * quarter hours (India +5:30, Nepal +5:45), so lines in UTC are the lines on the wall, and
 * stepping in real time never skips the hour repeated when clocks go back.
 */
function nextLine(instant: number, direction: -1 | 1): number {
  const line = direction > 0 ? Math.floor(instant / STEP_MS) + 1 : Math.ceil(instant / STEP_MS) - 1;
  return line * STEP_MS;
}

/** The same wall-clock time `days` later, in the zone (09:00 stays 09:00 across a clock change). */
function shiftDays(instant: number, days: number, zone: string): number {
  const wall = toWallClock(instant, zone);
  const date = addDays(dateIn(instant, zone), days);
  return fromWallClock({ ...wall, ...date }, zone) + (((instant % 1000) + 1000) % 1000);
}

export function keyboardMove(
  appointment: Pick<Appointment, 'starts_at' | 'ends_at'>,
  key: string,
  modifiers: KeyModifiers,
  zone: string,
): AppointmentTimes | null {
  // Alt, Ctrl and Cmd with arrows belong to the browser and the screen reader.
  if (modifiers.altKey || modifiers.ctrlKey || modifiers.metaKey) return null;
  const start = instantOf(appointment.starts_at);
  const end = instantOf(appointment.ends_at);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  const length = end - start;
  const vertical = key === 'ArrowUp' ? -1 : key === 'ArrowDown' ? 1 : 0;
  const horizontal = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;

  if (modifiers.shiftKey) {
    if (vertical === 0) return null;
    const newEnd = Math.max(nextLine(end, vertical), start + MIN_LENGTH_MINUTES * MINUTE_MS);
    return { starts_at: isoOf(start), ends_at: isoOf(newEnd) };
  }
  if (vertical !== 0) {
    const newStart = nextLine(start, vertical);
    return { starts_at: isoOf(newStart), ends_at: isoOf(newStart + length) };
  }
  if (horizontal !== 0) {
    const newStart = shiftDays(start, horizontal, zone);
    return { starts_at: isoOf(newStart), ends_at: isoOf(newStart + length) };
  }
  return null;
}
