/**
 * Appointments cut at midnight: each day a view shows gets the piece of every appointment that
 * falls on it, placed in minutes from the day's start. Views build on these pieces.
 */
import { compareIds, spanOf, type Appointment } from './appointment';
import type { DayRuler } from './dayRuler';

export interface DaySegment<A extends Appointment = Appointment> {
  appointment: A;
  /** The whole appointment, epoch ms (sorting and the agenda's times read these). */
  start: number;
  end: number;
  /** This day's piece, in wall-clock minutes from the day's start (the day's end is 1,440). */
  top: number;
  bottom: number;
  /** It began on an earlier day / goes on to a later one. */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/** Every appointment's pieces, by the ruler's day index; appointments outside the ruler are left out, as are unreadable ones. */
export function daySegments<A extends Appointment>(appointments: readonly A[], ruler: DayRuler): DaySegment<A>[][] {
  const byDay: DaySegment<A>[][] = ruler.days.map(() => []);
  const last = ruler.days.length - 1;
  for (const appointment of appointments) {
    const span = spanOf(appointment);
    if (!span || span.end < ruler.start || span.start >= ruler.end) continue;
    // Touching the ruler's start from before is no piece of its first day.
    if (span.end === ruler.start && span.end > span.start) continue;
    const first = span.start < ruler.start ? 0 : ruler.dayIndexOf(span.start);
    // An end at midnight closes the day before: no empty piece on the next day.
    const lastDay = span.end >= ruler.end ? last : span.end > span.start ? ruler.dayIndexOf(span.end - 1) : first;
    for (let index = first; index <= lastDay; index++) {
      const day = ruler.days[index]!;
      const from = Math.max(span.start, day.start);
      const to = Math.min(span.end, day.end);
      const top = ruler.minutesInDay(from, index);
      let bottom = ruler.minutesInDay(to, index);
      // In the hour repeated when clocks go back the wall clock can read earlier at the end
      // than at the start: then the piece is as long as the time that passed.
      if (bottom < top) bottom = top + (to - from) / 60_000;
      byDay[index]!.push({
        appointment,
        start: span.start,
        end: span.end,
        top,
        bottom,
        continuesBefore: span.start < day.start,
        continuesAfter: span.end > day.end,
      });
    }
  }
  return byDay;
}

/** Earlier start first, then the longer one, then by id, so equal inputs always give the same order. */
export const bySegmentStart = (a: DaySegment, b: DaySegment): number =>
  a.start - b.start || b.end - a.end || compareIds(a.appointment.id, b.appointment.id);
