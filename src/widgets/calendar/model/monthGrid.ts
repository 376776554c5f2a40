/**
 * The month view: six weeks of seven days, each with its appointments in order and, past what
 * a cell has room for, a "+N more".
 */
import type { Appointment } from './appointment';
import { sameDate, type CalendarDate } from './calendarDate';
import { todayIn } from './dayBoundaries';
import { dayRuler } from './dayRuler';
import { bySegmentStart, daySegments, type DaySegment } from './daySegments';
import type { ViewRange } from './viewRange';

export interface MonthDay<A extends Appointment = Appointment> {
  date: CalendarDate;
  key: string;
  /** In the anchor's month (the grid's first and last days belong to its neighbours). */
  inMonth: boolean;
  isToday: boolean;
  /** Everything on the day, earliest first; one lasting several days is on each of them. */
  appointments: DaySegment<A>[];
  /** The first `maxVisible` of them, and how many more the "+N more" stands for. */
  visible: DaySegment<A>[];
  more: number;
}

export interface MonthGridOptions {
  /** How many appointments a cell shows before "+N more" (default 3). */
  maxVisible?: number;
  /** Today's date (default: now in the zone). */
  today?: CalendarDate;
}

/** Weeks of the range, Monday first: six rows of seven for a month range. */
export function monthGrid<A extends Appointment>(
  appointments: readonly A[],
  range: Pick<ViewRange, 'anchor' | 'first' | 'dayCount'>,
  zone: string,
  options: MonthGridOptions = {},
): MonthDay<A>[][] {
  const maxVisible = Math.max(0, options.maxVisible ?? 3);
  const today = options.today ?? todayIn(zone);
  const ruler = dayRuler(range.first, range.dayCount, zone);
  const segments = daySegments(appointments, ruler);
  const weeks: MonthDay<A>[][] = [];
  ruler.days.forEach((day, index) => {
    const onDay = segments[index]!.sort(bySegmentStart);
    if (index % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push({
      date: day.date,
      key: day.key,
      inMonth: day.date.month === range.anchor.month && day.date.year === range.anchor.year,
      isToday: sameDate(day.date, today),
      appointments: onDay,
      visible: onDay.slice(0, maxVisible),
      more: Math.max(0, onDay.length - maxVisible),
    });
  });
  return weeks;
}

/** "+3 more". */
export const moreLabel = (more: number): string => `+${more} more`;
