/**
 * Calendar days and months in a company's time zone (an IANA name), for figures and lists that
 * count "today" and "this month" as the agency's wall clock says, not UTC's. Intl only; a
 * formatter is kept per zone. The calendar widget's model does the same on the client
 * (src/widgets/calendar/model/dayBoundaries.ts); the server may not import it.
 */

export interface ZonedDate {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock of `ms` in `zone`, as if it were UTC (milliseconds). */
function wallClockMs(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(ms))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/**
 * The date `ms` falls on in `zone`.
 * @example dateIn(Date.parse('2026-11-30T20:00:00Z'), 'Asia/Kolkata') // { year: 2026, month: 12, day: 1 }
 */
export function dateIn(ms: number, zone: string): ZonedDate {
  const wall = new Date(wallClockMs(ms, zone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/**
 * The first instant of a date in `zone` (month and day may overflow: day 32 is the next month's
 * first). Read twice through the zone's offset so a day after a clock change starts right; a
 * midnight that never happened (clocks forward at 00:00) gives the first instant after the gap.
 * @example startOfDate({ year: 2026, month: 12, day: 1 }, 'Asia/Kolkata') // Date.parse('2026-11-30T18:30:00Z')
 */
export function startOfDate(date: ZonedDate, zone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  let ms = wall;
  for (let i = 0; i < 2; i++) ms = wall - (wallClockMs(ms, zone) - ms);
  // In a gap the offset before it lands on the day before: step forward by what is missing.
  const read = wallClockMs(ms, zone);
  return read < wall ? ms + (wall - read) : ms;
}

/** [start, end) of the day `ms` falls on in `zone`. */
export function dayRange(ms: number, zone: string): { start: number; end: number } {
  const d = dateIn(ms, zone);
  return { start: startOfDate(d, zone), end: startOfDate({ ...d, day: d.day + 1 }, zone) };
}

/** [start, end) of the calendar month `ms` falls in, in `zone`. */
export function monthRange(ms: number, zone: string): { start: number; end: number } {
  const d = dateIn(ms, zone);
  return { start: startOfDate({ ...d, day: 1 }, zone), end: startOfDate({ year: d.year, month: d.month + 1, day: 1 }, zone) };
}
