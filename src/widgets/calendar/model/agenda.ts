/** The agenda view: the range's days that have appointments, each with them in order. */
import type { Appointment } from './appointment';
import { sameDate, type CalendarDate } from './calendarDate';
import { todayIn } from './dayBoundaries';
import { dayRuler } from './dayRuler';
import { bySegmentStart, daySegments, type DaySegment } from './daySegments';
import type { ViewRange } from './viewRange';

export interface AgendaDay<A extends Appointment = Appointment> {
  date: CalendarDate;
  key: string;
  isToday: boolean;
  /** One lasting several days is under each of them, marked by continuesBefore / continuesAfter. */
  items: DaySegment<A>[];
}

/** Days without appointments are left out; the screen says so when none is left. */
export function agendaDays<A extends Appointment>(
  appointments: readonly A[],
  range: Pick<ViewRange, 'first' | 'dayCount'>,
  zone: string,
  options: { today?: CalendarDate } = {},
): AgendaDay<A>[] {
  const today = options.today ?? todayIn(zone);
  const ruler = dayRuler(range.first, range.dayCount, zone);
  const segments = daySegments(appointments, ruler);
  const days: AgendaDay<A>[] = [];
  ruler.days.forEach((day, index) => {
    const items = segments[index]!;
    if (items.length === 0) return;
    days.push({ date: day.date, key: day.key, isToday: sameDate(day.date, today), items: items.sort(bySegmentStart) });
  });
  return days;
}
