/**
 * Which days a view shows for an anchor date, the instants to ask the server for, and moving the
 * anchor with Previous / Next / Today.
 */
import { addDays, addMonths, daysInMonth, startOfMonthDate, startOfWeekDate, type CalendarDate } from './calendarDate';
import { startOfDate, todayIn } from './dayBoundaries';

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The month grid is always six weeks, so it does not jump in height from month to month. */
export const MONTH_GRID_WEEKS = 6;

export interface ViewRange {
  view: CalendarView;
  anchor: CalendarDate;
  /** The first and last date shown, and how many. */
  first: CalendarDate;
  last: CalendarDate;
  dayCount: number;
  /** [start, end) as epoch ms in the zone: what to load. */
  start: number;
  end: number;
}

/**
 * - month: the six Monday-first weeks whose first holds the 1st of the anchor's month;
 * - week: Monday to Sunday around the anchor; day: the anchor;
 * - agenda: the anchor's month, day by day (the same span as the month it stands in for, without
 *   the neighbours' days).
 */
export function viewRange(view: CalendarView, anchor: CalendarDate, zone: string): ViewRange {
  let first: CalendarDate;
  let dayCount: number;
  switch (view) {
    case 'month':
      first = startOfWeekDate(startOfMonthDate(anchor));
      dayCount = MONTH_GRID_WEEKS * 7;
      break;
    case 'week':
      first = startOfWeekDate(anchor);
      dayCount = 7;
      break;
    case 'day':
      first = anchor;
      dayCount = 1;
      break;
    case 'agenda':
      first = startOfMonthDate(anchor);
      dayCount = daysInMonth(anchor.year, anchor.month);
      break;
  }
  return {
    view,
    anchor,
    first,
    last: addDays(first, dayCount - 1),
    dayCount,
    start: startOfDate(first, zone),
    end: startOfDate(addDays(first, dayCount), zone),
  };
}

/** The anchor after Previous (-1) or Next (+1): a month, a week or a day. */
export function stepAnchor(view: CalendarView, anchor: CalendarDate, step: -1 | 1): CalendarDate {
  switch (view) {
    case 'month':
    case 'agenda':
      return addMonths(anchor, step);
    case 'week':
      return addDays(anchor, 7 * step);
    case 'day':
      return addDays(anchor, step);
  }
}

/** The anchor for Today: today's date in the zone (`now` for tests). */
export const todayAnchor = (zone: string, now?: number): CalendarDate => todayIn(zone, now);
