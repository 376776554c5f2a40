/**
 * Instants ↔ wall-clock times in an IANA zone, with nothing but Intl: the browser already ships
 * the zone database, so a time-zone library would only add weight.
 */
import { epochDay, fromEpochDay, utcMs, type CalendarDate } from './calendarDate';

/** What a clock on the wall in the zone shows. */
export interface WallClock extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/**
 * How a wall-clock time that happens twice (clocks going back) or never (clocks going forward) is
 * resolved, as Temporal names it. `compatible`: the earlier of two, and past a gap by its length
 * (01:30 on the morning London skips an hour is 02:30 summer time).
 */
export type Disambiguation = 'compatible' | 'earlier' | 'later';

// Building a DateTimeFormat costs far more than using one; a screen asks for the same few zones.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Does this runtime know the zone? (An unknown one makes every other function here throw a RangeError.) */
export function isKnownTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `zone` at `instant` (epoch ms; milliseconds are dropped). */
export function toWallClock(instant: number, zone: string): WallClock {
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let bc = false;
  for (const part of formatterFor(zone).formatToParts(instant)) {
    switch (part.type) {
      case 'year': wall.year = Number(part.value); break;
      case 'month': wall.month = Number(part.value); break;
      case 'day': wall.day = Number(part.value); break;
      // Some engines still write midnight as 24 even with h23.
      case 'hour': wall.hour = Number(part.value) % 24; break;
      case 'minute': wall.minute = Number(part.value); break;
      case 'second': wall.second = Number(part.value); break;
      case 'era': bc = part.value === 'BC' || part.value === 'B'; break;
    }
  }
  if (bc) wall.year = 1 - wall.year;
  return wall;
}

/** A wall-clock time read as if it were UTC: the arithmetic both directions need. */
const asUtc = (wall: WallClock): number => utcMs(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);

const floorToSecond = (instant: number): number => instant - (((instant % 1000) + 1000) % 1000);

/** The zone's offset from UTC at `instant`, in milliseconds (India: +19,800,000). */
export function offsetAt(instant: number, zone: string): number {
  const whole = floorToSecond(instant);
  return asUtc(toWallClock(whole, zone)) - whole;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time in `zone` names. The offsets a day either side are the only
 * candidates (no zone changes its clock twice within two days), so at most two of them match:
 * two in an overlap, none in a gap.
 */
export function fromWallClock(wall: WallClock, zone: string, disambiguation: Disambiguation = 'compatible'): number {
  const local = asUtc(wall);
  const before = offsetAt(local - DAY_MS, zone);
  const after = offsetAt(local + DAY_MS, zone);
  // No change within a day either side: the one offset is right (the common case, and half the work).
  if (before === after) return local - before;
  const candidates = [...new Set([local - before, local - after])]
    .filter((instant) => instant + offsetAt(instant, zone) === local)
    .sort((a, b) => a - b);
  if (candidates.length === 0) {
    // A gap: read the time with the offset before it (later) or after it (earlier).
    return disambiguation === 'earlier' ? local - after : local - before;
  }
  return disambiguation === 'later' ? candidates[candidates.length - 1]! : candidates[0]!;
}

/** The calendar date in `zone` at `instant`. */
export function dateIn(instant: number, zone: string): CalendarDate {
  const { year, month, day } = toWallClock(instant, zone);
  return { year, month, day };
}

/** Minutes since the wall clock's midnight (what a day column's grid lines are drawn by). */
export const wallMinutes = (wall: WallClock): number => wall.hour * 60 + wall.minute + wall.second / 60;

/** The wall clock `minutes` after midnight on `date` (1,440 is the next day's midnight). */
export function wallClockAt(date: CalendarDate, minutes: number): WallClock {
  const whole = Math.floor(minutes);
  const dayShift = Math.floor(whole / 1440);
  const inDay = whole - dayShift * 1440;
  const day = dayShift === 0 ? date : fromEpochDay(epochDay(date) + dayShift);
  return { ...day, hour: Math.floor(inDay / 60), minute: inDay % 60, second: Math.round((minutes - whole) * 60) };
}
