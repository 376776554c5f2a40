/**
 * The week and day views: a column per day, timed appointments placed by minutes from the day's
 * start and side by side where they overlap. One crossing midnight has a piece in each day.
 */
import { compareIds, type Appointment } from './appointment';
import { sameDate, type CalendarDate } from './calendarDate';
import { packColumns } from './columnLayout';
import { todayIn } from './dayBoundaries';
import { dayRuler } from './dayRuler';
import { daySegments, type DaySegment } from './daySegments';
import type { ViewRange } from './viewRange';

export interface TimedItem<A extends Appointment = Appointment> extends DaySegment<A> {
  /** Minutes from the day's start to the top of the block, and the block's height in minutes. */
  height: number;
  /** 0-based column within its overlap cluster, and that cluster's column count. */
  column: number;
  columns: number;
}

export interface DayColumn<A extends Appointment = Appointment> {
  date: CalendarDate;
  key: string;
  isToday: boolean;
  /** Its appointments' pieces, by start (the order a screen reader meets them in). */
  items: TimedItem<A>[];
}

export interface TimeGridOptions {
  /** The shortest block drawn, in minutes (default 15): shorter appointments are drawn this tall and packed so. */
  minMinutes?: number;
  today?: CalendarDate;
}

/** One column per day of the range: seven for a week, one for a day. */
export function timeGrid<A extends Appointment>(
  appointments: readonly A[],
  range: Pick<ViewRange, 'first' | 'dayCount'>,
  zone: string,
  options: TimeGridOptions = {},
): DayColumn<A>[] {
  const minMinutes = options.minMinutes ?? 15;
  const today = options.today ?? todayIn(zone);
  const ruler = dayRuler(range.first, range.dayCount, zone);
  const segments = daySegments(appointments, ruler);
  return ruler.days.map((day, index) => ({
    date: day.date,
    key: day.key,
    isToday: sameDate(day.date, today),
    items: packColumns(segments[index]!, { minExtent: minMinutes, tieBreak: (a, b) => compareIds(a.appointment.id, b.appointment.id) }).map(
      ({ item, column, columns }): TimedItem<A> => ({
        ...item,
        height: Math.max(item.bottom - item.top, minMinutes),
        column,
        columns,
      }),
    ),
  }));
}
