/**
 * The heading of a view's range: "November 2026", "23 – 29 Nov 2026", "30 Nov – 6 Dec 2026",
 * "Monday 23 November 2026". Written out rather than asked of Intl, whose wording and spaces
 * differ between browsers and Node versions.
 */
import { isoWeekday, type CalendarDate } from './calendarDate';
import type { ViewRange } from './viewRange';

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const monthName = (month: number): string => MONTH_NAMES[month - 1]!;
export const shortMonthName = (month: number): string => monthName(month).slice(0, 3);
/** 1 is Monday. */
export const weekdayName = (isoDay: number): string => WEEKDAY_NAMES[isoDay - 1]!;
export const shortWeekdayName = (isoDay: number): string => weekdayName(isoDay).slice(0, 3);

/** "November 2026". */
export const monthTitle = (date: CalendarDate): string => `${monthName(date.month)} ${date.year}`;

/** "Monday 23 November 2026". */
export const dayTitle = (date: CalendarDate): string =>
  `${weekdayName(isoWeekday(date))} ${date.day} ${monthName(date.month)} ${date.year}`;

/** "23 – 29 Nov 2026", "30 Nov – 6 Dec 2026", "28 Dec 2026 – 3 Jan 2027": only what differs is repeated. */
export function spanTitle(first: CalendarDate, last: CalendarDate): string {
  const end = `${last.day} ${shortMonthName(last.month)} ${last.year}`;
  if (first.year !== last.year) return `${first.day} ${shortMonthName(first.month)} ${first.year} – ${end}`;
  if (first.month !== last.month) return `${first.day} ${shortMonthName(first.month)} – ${end}`;
  if (first.day !== last.day) return `${first.day} – ${end}`;
  return end;
}

export function rangeTitle(range: Pick<ViewRange, 'view' | 'anchor' | 'first' | 'last'>): string {
  switch (range.view) {
    case 'month':
    case 'agenda':
      return monthTitle(range.anchor);
    case 'week':
      return spanTitle(range.first, range.last);
    case 'day':
      return dayTitle(range.anchor);
  }
}
