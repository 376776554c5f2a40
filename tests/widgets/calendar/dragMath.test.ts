import { describe, expect, it } from 'vitest';
import { parseDateKey } from '../../../src/widgets/calendar/model/calendarDate';
import { dayIndexAtOffset, minutesAtOffset, moveTo, resizeTo, snapMinutes } from '../../../src/widgets/calendar/model/dragMath';

const d = (key: string) => parseDateKey(key)!;
const nineToTen = { starts_at: '2026-11-23T09:00:00.000Z', ends_at: '2026-11-23T10:00:00.000Z' };

describe('drag and resize', () => {
  it('snaps to the quarter hour', () => {
    expect([0, 7, 8, 22, 23, 1439].map((m) => snapMinutes(m))).toEqual([0, 0, 15, 15, 30, 1440]);
  });

  it('turns a pointer’s offset in a column into minutes of the day, kept within it', () => {
    // A 24-hour column 960 px tall: 40 px an hour, 10 px a quarter.
    expect(minutesAtOffset(360, 960)).toBe(540);
    expect(minutesAtOffset(364, 960)).toBe(540);
    expect(minutesAtOffset(366, 960)).toBe(555);
    expect(minutesAtOffset(-20, 960)).toBe(0);
    expect(minutesAtOffset(2000, 960)).toBe(1440);
    expect(minutesAtOffset(100, 0)).toBe(0);
  });

  it('finds the day column under the pointer', () => {
    expect(dayIndexAtOffset(0, 700, 7)).toBe(0);
    expect(dayIndexAtOffset(350, 700, 7)).toBe(3);
    expect(dayIndexAtOffset(699, 700, 7)).toBe(6);
    expect(dayIndexAtOffset(-5, 700, 7)).toBe(0);
    expect(dayIndexAtOffset(900, 700, 7)).toBe(6);
  });

  it('moves keeping the length, to another day too', () => {
    expect(moveTo(nineToTen, d('2026-11-23'), 14 * 60 + 7, 'UTC')).toEqual({ starts_at: '2026-11-23T14:00:00.000Z', ends_at: '2026-11-23T15:00:00.000Z' });
    expect(moveTo(nineToTen, d('2026-11-26'), 600, 'UTC')).toEqual({ starts_at: '2026-11-26T10:00:00.000Z', ends_at: '2026-11-26T11:00:00.000Z' });
    // 23:30 on the wall: the hour runs into the next day.
    expect(moveTo(nineToTen, d('2026-11-23'), 1410, 'Asia/Kolkata')).toEqual({ starts_at: '2026-11-23T18:00:00.000Z', ends_at: '2026-11-23T19:00:00.000Z' });
  });

  it('moves by the wall clock of the zone, across a clock change', () => {
    // 09:00 on the Sunday London's clocks go forward is 08:00 UTC; the hour stays an hour.
    expect(moveTo(nineToTen, d('2026-03-29'), 540, 'Europe/London')).toEqual({ starts_at: '2026-03-29T08:00:00.000Z', ends_at: '2026-03-29T09:00:00.000Z' });
    // 02:30 does not exist in New York that night: it lands at 03:30.
    expect(moveTo(nineToTen, d('2026-03-08'), 150, 'America/New_York')).toEqual({ starts_at: '2026-03-08T07:30:00.000Z', ends_at: '2026-03-08T08:30:00.000Z' });
  });

  it('resizes keeping the start, never shorter than 15 minutes', () => {
    expect(resizeTo(nineToTen, d('2026-11-23'), 11 * 60 + 20, 'UTC')).toEqual({ starts_at: nineToTen.starts_at, ends_at: '2026-11-23T11:15:00.000Z' });
    expect(resizeTo(nineToTen, d('2026-11-23'), 9 * 60, 'UTC')).toEqual({ starts_at: nineToTen.starts_at, ends_at: '2026-11-23T09:15:00.000Z' });
    expect(resizeTo(nineToTen, d('2026-11-23'), 8 * 60, 'UTC').ends_at).toBe('2026-11-23T09:15:00.000Z');
    // In the week view the end may be dragged into the next day's column.
    expect(resizeTo(nineToTen, d('2026-11-24'), 60, 'UTC').ends_at).toBe('2026-11-24T01:00:00.000Z');
  });
});
