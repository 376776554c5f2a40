/**
 * The days a view shows, measured once in a zone, so that placing thousands of appointments
 * costs a binary search each instead of a call into Intl each.
 */
import { addDays, dateKey, type CalendarDate } from './calendarDate';
import { startOfDate } from './dayBoundaries';
import { toWallClock, wallMinutes } from './zonedTime';

export interface RulerDay {
  date: CalendarDate;
  key: string;
  /** First instant of the day and of the next one (epoch ms). */
  start: number;
  end: number;
  /** Whether the clock changes during the day (it lasts other than 24 hours). */
  clockChanges: boolean;
}

export interface DayRuler {
  days: readonly RulerDay[];
  /** The first instant of the first day and of the day after the last. */
  start: number;
  end: number;
  /** The index of the day holding `instant`, or -1 outside the ruler. */
  dayIndexOf(instant: number): number;
  /** Minutes past the wall clock's midnight of day `index` at `instant` (the day's end is 1,440). */
  minutesInDay(instant: number, index: number): number;
}

const DAY_MS = 86_400_000;

export function dayRuler(first: CalendarDate, count: number, zone: string): DayRuler {
  const starts: number[] = [];
  for (let i = 0; i <= count; i++) starts.push(startOfDate(addDays(first, i), zone));
  const days: RulerDay[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(first, i);
    days.push({ date, key: dateKey(date), start: starts[i]!, end: starts[i + 1]!, clockChanges: starts[i + 1]! - starts[i]! !== DAY_MS });
  }

  function dayIndexOf(instant: number): number {
    if (count === 0 || instant < starts[0]! || instant >= starts[count]!) return -1;
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= instant) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  function minutesInDay(instant: number, index: number): number {
    const day = days[index]!;
    if (instant >= day.end) return 1440;
    const at = Math.max(instant, day.start);
    // A day without a clock change is 24 wall-clock hours from its start. (Two changes on one
    // day that cancel out exist in no zone's current rules.)
    if (!day.clockChanges) return (at - day.start) / 60_000;
    // (A day whose midnight was skipped starts at 01:00 on the wall.)
    const wall = toWallClock(at, zone);
    // The hour repeated when clocks go back reads earlier than the hour before it; the grid
    // draws it at its wall-clock place, and callers keep the end after the start.
    return wallMinutes(wall) + (((at % 1000) + 1000) % 1000) / 60_000;
  }

  return { days, start: starts[0]!, end: starts[count]!, dayIndexOf, minutesInDay };
}
