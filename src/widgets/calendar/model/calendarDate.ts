/**
 * Dates on a calendar (year, month, day) without a time or a zone, and their arithmetic. A date
 * is counted as days since 1970-01-01 through Date.UTC, where every day has 24 hours, so adding
 * days never meets a clock change.
 */

/** A calendar date; `month` is 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

/** Date.UTC without its quirk of reading years 0–99 as 1900–1999. */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** Days since 1970-01-01. */
export const epochDay = (date: CalendarDate): number => Math.round(utcMs(date.year, date.month, date.day) / DAY_MS);

export function fromEpochDay(days: number): CalendarDate {
  const d = new Date(days * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export const addDays = (date: CalendarDate, days: number): CalendarDate => fromEpochDay(epochDay(date) + days);

export const daysBetween = (from: CalendarDate, to: CalendarDate): number => epochDay(to) - epochDay(from);

export const compareDates = (a: CalendarDate, b: CalendarDate): number => epochDay(a) - epochDay(b);

export const sameDate = (a: CalendarDate, b: CalendarDate): boolean => a.year === b.year && a.month === b.month && a.day === b.day;

export const daysInMonth = (year: number, month: number): number => new Date(utcMs(year, month + 1, 0)).getUTCDate();

/** Months added with the day kept where the month allows it: 31 January + 1 month is 28 (or 29) February. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** ISO weekday: 1 is Monday, 7 is Sunday (the week starts on Monday here). */
export const isoWeekday = (date: CalendarDate): number => ((((epochDay(date) + 3) % 7) + 7) % 7) + 1;

export const startOfWeekDate = (date: CalendarDate): CalendarDate => addDays(date, 1 - isoWeekday(date));

export const startOfMonthDate = (date: CalendarDate): CalendarDate => ({ year: date.year, month: date.month, day: 1 });

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** "2026-11-23": the key days are grouped and looked up by. */
export const dateKey = (date: CalendarDate): string => `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

/** The date of a "2026-11-23" key (an anchor kept in a URL, say); null when it is not a real date. */
export function parseDateKey(key: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) return null;
  return date;
}
