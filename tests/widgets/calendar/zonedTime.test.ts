import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromWallClock, isKnownTimeZone, offsetAt, toWallClock, wallClockAt, type WallClock } from '../../../src/widgets/calendar/model/zonedTime';

const at = (iso: string) => Date.parse(iso);
const wall = (text: string): WallClock => {
  const [date, time = '00:00'] = text.split(' ');
  const [year, month, day] = date!.split('-').map(Number);
  const [hour, minute, second = 0] = time.split(':').map(Number);
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second };
};
const HOUR = 3_600_000;

describe('an instant on the wall clock of a zone', () => {
  // [instant, zone, wall clock]
  const cases: Array<[string, string, string]> = [
    ['2026-11-23T10:00:00Z', 'Asia/Kolkata', '2026-11-23 15:30'],
    ['2026-11-23T20:00:00Z', 'Asia/Kolkata', '2026-11-24 01:30'],
    ['2026-11-23T18:29:59Z', 'Asia/Kolkata', '2026-11-23 23:59:59'],
    ['2026-03-29T00:59:59Z', 'Europe/London', '2026-03-29 00:59:59'],
    ['2026-03-29T01:00:00Z', 'Europe/London', '2026-03-29 02:00'],
    ['2026-10-25T00:30:00Z', 'Europe/London', '2026-10-25 01:30'],
    ['2026-10-25T01:30:00Z', 'Europe/London', '2026-10-25 01:30'],
    ['2026-03-08T06:59:00Z', 'America/New_York', '2026-03-08 01:59'],
    ['2026-03-08T07:00:00Z', 'America/New_York', '2026-03-08 03:00'],
    ['2026-11-01T05:30:00Z', 'America/New_York', '2026-11-01 01:30'],
    ['2026-11-01T06:30:00Z', 'America/New_York', '2026-11-01 01:30'],
    ['2026-01-01T04:59:00Z', 'America/New_York', '2025-12-31 23:59'],
    ['2026-11-23T00:00:00Z', 'UTC', '2026-11-23 00:00'],
  ];
  it.each(cases)('%s in %s is %s', (instant, zone, expected) => {
    expect(toWallClock(at(instant), zone)).toEqual(wall(expected));
  });

  it('gives the offset in milliseconds', () => {
    expect(offsetAt(at('2026-11-23T10:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(offsetAt(at('2026-07-01T12:00:00Z'), 'Europe/London')).toBe(HOUR);
    expect(offsetAt(at('2026-01-01T12:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(offsetAt(at('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
  });

  it('knows which zones the runtime has', () => {
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => toWallClock(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('a wall clock in a zone back to the instant', () => {
  it('reads ordinary times with the offset of the day', () => {
    expect(fromWallClock(wall('2026-11-23 15:30'), 'Asia/Kolkata')).toBe(at('2026-11-23T10:00:00Z'));
    expect(fromWallClock(wall('2026-11-23 00:00'), 'Asia/Kolkata')).toBe(at('2026-11-22T18:30:00Z'));
    expect(fromWallClock(wall('2026-07-01 09:00'), 'Europe/London')).toBe(at('2026-07-01T08:00:00Z'));
    expect(fromWallClock(wall('2026-07-01 09:00'), 'America/New_York')).toBe(at('2026-07-01T13:00:00Z'));
  });

  // [wall clock, zone, compatible, earlier, later]
  const gaps: Array<[string, string, string, string, string]> = [
    // London skips 01:00–02:00 on 29 March 2026.
    ['2026-03-29 01:30', 'Europe/London', '2026-03-29T01:30:00Z', '2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z'],
    ['2026-03-29 01:00', 'Europe/London', '2026-03-29T01:00:00Z', '2026-03-29T00:00:00Z', '2026-03-29T01:00:00Z'],
    // New York skips 02:00–03:00 on 8 March 2026.
    ['2026-03-08 02:30', 'America/New_York', '2026-03-08T07:30:00Z', '2026-03-08T06:30:00Z', '2026-03-08T07:30:00Z'],
  ];
  it.each(gaps)('%s in %s never happens: past the gap by its length, or before it', (text, zone, compatible, earlier, later) => {
    expect(fromWallClock(wall(text), zone)).toBe(at(compatible));
    expect(fromWallClock(wall(text), zone, 'earlier')).toBe(at(earlier));
    expect(fromWallClock(wall(text), zone, 'later')).toBe(at(later));
    expect(toWallClock(at(compatible), zone).hour).toBe(wall(text).hour + 1);
  });

  // [wall clock, zone, first time (summer), second time (winter)]
  const overlaps: Array<[string, string, string, string]> = [
    ['2026-10-25 01:30', 'Europe/London', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'],
    ['2026-10-25 01:00', 'Europe/London', '2026-10-25T00:00:00Z', '2026-10-25T01:00:00Z'],
    ['2026-11-01 01:30', 'America/New_York', '2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z'],
  ];
  it.each(overlaps)('%s in %s happens twice: the earlier unless asked for the later', (text, zone, first, second) => {
    expect(fromWallClock(wall(text), zone)).toBe(at(first));
    expect(fromWallClock(wall(text), zone, 'earlier')).toBe(at(first));
    expect(fromWallClock(wall(text), zone, 'later')).toBe(at(second));
  });

  it('finds the same instant again from its wall clock, in any zone, at any second (outside repeated hours)', () => {
    const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
    fc.assert(
      fc.property(fc.integer({ min: at('2000-01-01T00:00:00Z') / 1000, max: at('2040-01-01T00:00:00Z') / 1000 }), fc.constantFrom(...zones), (seconds, zone) => {
        const instant = seconds * 1000;
        const back = fromWallClock(toWallClock(instant, zone), zone);
        // In a repeated hour the earlier of the two comes back: the same wall clock either way.
        expect(toWallClock(back, zone)).toEqual(toWallClock(instant, zone));
        if (back !== instant) expect(fromWallClock(toWallClock(instant, zone), zone, 'later')).toBe(instant);
      }),
      { numRuns: 300 },
    );
  });
});

describe('wallClockAt', () => {
  it('counts minutes past midnight, into the next day at 1,440', () => {
    expect(wallClockAt({ year: 2026, month: 11, day: 23 }, 570)).toEqual(wall('2026-11-23 09:30'));
    expect(wallClockAt({ year: 2026, month: 11, day: 30 }, 1440)).toEqual(wall('2026-12-01 00:00'));
    expect(wallClockAt({ year: 2026, month: 11, day: 1 }, -15)).toEqual(wall('2026-10-31 23:45'));
  });
});
