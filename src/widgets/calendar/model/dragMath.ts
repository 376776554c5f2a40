/**
 * Dragging and resizing in the week and day views, as numbers: a pointer's place in a column to
 * minutes, snapped to the quarter hour, and the appointment's new times. Moving keeps the length;
 * resizing keeps the start.
 */
import { instantOf, isoOf, MINUTE_MS, type Appointment, type AppointmentTimes } from './appointment';
import type { CalendarDate } from './calendarDate';
import { fromWallClock, wallClockAt } from './zonedTime';

export const SNAP_MINUTES = 15;
/** The shortest an appointment can be resized to. */
export const MIN_LENGTH_MINUTES = 15;
const DAY_MINUTES = 1440;

export const snapMinutes = (minutes: number, step: number = SNAP_MINUTES): number => Math.round(minutes / step) * step;

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/** Minutes from the day's start at a pointer `offsetY` pixels down a column `columnHeight` pixels tall, snapped and kept within the day. */
export function minutesAtOffset(offsetY: number, columnHeight: number, step: number = SNAP_MINUTES): number {
  if (!(columnHeight > 0)) return 0;
  return clamp(snapMinutes((offsetY / columnHeight) * DAY_MINUTES, step), 0, DAY_MINUTES);
}

/** Which day column a pointer `offsetX` pixels into a grid `gridWidth` wide is over (week view: 0–6). */
export function dayIndexAtOffset(offsetX: number, gridWidth: number, dayCount: number): number {
  if (!(gridWidth > 0) || dayCount < 1) return 0;
  return clamp(Math.floor((offsetX / gridWidth) * dayCount), 0, dayCount - 1);
}

/** The instant at `minutes` (snapped) past midnight of `date` on the zone's wall clock. */
const instantAt = (date: CalendarDate, minutes: number, zone: string): number =>
  fromWallClock(wallClockAt(date, snapMinutes(minutes)), zone);

/**
 * Moved so its top is at `minutes` on `date` — the column the pointer is over, so a drag across
 * the week moves the day too. `minutes` is where the block's top goes: the pointer's minutes less
 * how far down the block it was grabbed. Keeps the length in real time.
 */
export function moveTo(appointment: Pick<Appointment, 'starts_at' | 'ends_at'>, date: CalendarDate, minutes: number, zone: string): AppointmentTimes {
  const length = instantOf(appointment.ends_at) - instantOf(appointment.starts_at);
  const start = instantAt(date, minutes, zone);
  return { starts_at: isoOf(start), ends_at: isoOf(start + length) };
}

/** Its end moved to `minutes` on `date`, never closer than 15 minutes to the start, which stays. */
export function resizeTo(appointment: Pick<Appointment, 'starts_at' | 'ends_at'>, date: CalendarDate, minutes: number, zone: string): AppointmentTimes {
  const start = instantOf(appointment.starts_at);
  const end = Math.max(instantAt(date, minutes, zone), start + MIN_LENGTH_MINUTES * MINUTE_MS);
  return { starts_at: isoOf(start), ends_at: isoOf(end) };
}
