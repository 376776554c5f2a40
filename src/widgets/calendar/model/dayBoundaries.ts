/**
 * Where days, weeks and months begin in a zone, as instants. A day is not always 24 hours long
 * (23 or 25 around a clock change) and its midnight may not exist (zones that change their clocks
 * at midnight): the first instant of the date is its start either way.
 */
import { addDays, startOfMonthDate, startOfWeekDate, type CalendarDate } from './calendarDate';
import { dateIn, fromWallClock } from './zonedTime';

/** The first instant of `date` in `zone`. */
export const startOfDate = (date: CalendarDate, zone: string): number =>
  // Past a gap at midnight, 'compatible' lands on the first instant that exists; in an overlap
  // it takes the earlier midnight.
  fromWallClock({ ...date, hour: 0, minute: 0, second: 0 }, zone, 'compatible');

/** The first instant of the day after `date`: where `date` ends. */
export const endOfDate = (date: CalendarDate, zone: string): number => startOfDate(addDays(date, 1), zone);

/** The start of the day `instant` falls on, in `zone`. */
export const startOfDay = (instant: number, zone: string): number => startOfDate(dateIn(instant, zone), zone);

/** The start of the week (Monday) `instant` falls in, in `zone`. */
export const startOfWeek = (instant: number, zone: string): number => startOfDate(startOfWeekDate(dateIn(instant, zone)), zone);

/** The start of the month `instant` falls in, in `zone`. */
export const startOfMonth = (instant: number, zone: string): number => startOfDate(startOfMonthDate(dateIn(instant, zone)), zone);

/** Today's date in `zone` (`now` for tests). */
export const todayIn = (zone: string, now: number = Date.now()): CalendarDate => dateIn(now, zone);
