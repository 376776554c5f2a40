import { describe, expect, it } from 'vitest';
import { dateKey, parseDateKey } from '../../../src/widgets/calendar/model/calendarDate';
import { rangeTitle, spanTitle } from '../../../src/widgets/calendar/model/rangeTitle';
import { stepAnchor, todayAnchor, viewRange, type CalendarView } from '../../../src/widgets/calendar/model/viewRange';

const d = (key: string) => parseDateKey(key)!;
const iso = (instant: number) => new Date(instant).toISOString();

describe('the range a view shows', () => {
  // [view, anchor, first, last, title]
  const cases: Array<[CalendarView, string, string, string, string]> = [
    ['month', '2026-11-23', '2026-10-26', '2026-12-06', 'November 2026'],
    ['month', '2026-02-10', '2026-01-26', '2026-03-08', 'February 2026'],
    // A month starting on a Monday begins the grid.
    ['month', '2027-02-01', '2027-02-01', '2027-03-14', 'February 2027'],
    ['week', '2026-11-26', '2026-11-23', '2026-11-29', '23 – 29 Nov 2026'],
    ['week', '2026-12-02', '2026-11-30', '2026-12-06', '30 Nov – 6 Dec 2026'],
    ['week', '2027-01-01', '2026-12-28', '2027-01-03', '28 Dec 2026 – 3 Jan 2027'],
    ['day', '2026-11-23', '2026-11-23', '2026-11-23', 'Monday 23 November 2026'],
    ['agenda', '2026-11-23', '2026-11-01', '2026-11-30', 'November 2026'],
  ];
  it.each(cases)('%s of %s: %s to %s, "%s"', (view, anchor, first, last, title) => {
    const range = viewRange(view, d(anchor), 'UTC');
    expect(dateKey(range.first)).toBe(first);
    expect(dateKey(range.last)).toBe(last);
    expect(range.dayCount).toBe(view === 'month' ? 42 : view === 'week' ? 7 : view === 'day' ? 1 : 30);
    expect(rangeTitle(range)).toBe(title);
  });

  it('loads from the zone’s midnight of the first day to that of the day after the last', () => {
    const week = viewRange('week', d('2026-11-26'), 'Asia/Kolkata');
    expect(iso(week.start)).toBe('2026-11-22T18:30:00.000Z');
    expect(iso(week.end)).toBe('2026-11-29T18:30:00.000Z');
    // The week the clocks go back in London is an hour longer.
    const autumn = viewRange('week', d('2026-10-25'), 'Europe/London');
    expect(autumn.end - autumn.start).toBe(7 * 86_400_000 + 3_600_000);
  });

  it('steps by a month, a week or a day, and finds today', () => {
    expect(dateKey(stepAnchor('month', d('2026-01-31'), 1))).toBe('2026-02-28');
    expect(dateKey(stepAnchor('agenda', d('2026-01-15'), -1))).toBe('2025-12-15');
    expect(dateKey(stepAnchor('week', d('2026-11-23'), 1))).toBe('2026-11-30');
    expect(dateKey(stepAnchor('day', d('2026-11-30'), 1))).toBe('2026-12-01');
    expect(dateKey(todayAnchor('Asia/Kolkata', Date.parse('2026-11-23T19:00:00Z')))).toBe('2026-11-24');
  });

  it('writes a single day’s span once', () => {
    expect(spanTitle(d('2026-11-23'), d('2026-11-23'))).toBe('23 Nov 2026');
  });
});
