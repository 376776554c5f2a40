import { describe, expect, it } from 'vitest';
import { endOfDate, startOfDate, startOfDay, startOfMonth, startOfWeek, todayIn } from '../../../src/widgets/calendar/model/dayBoundaries';

const at = (iso: string) => Date.parse(iso);
const iso = (instant: number) => new Date(instant).toISOString();

describe('day, week and month boundaries in a zone', () => {
  it('starts the day at the zone’s midnight, not UTC’s', () => {
    expect(iso(startOfDay(at('2026-11-23T20:00:00Z'), 'Asia/Kolkata'))).toBe('2026-11-23T18:30:00.000Z');
    expect(iso(startOfDay(at('2026-11-23T18:00:00Z'), 'Asia/Kolkata'))).toBe('2026-11-22T18:30:00.000Z');
    expect(iso(startOfDay(at('2026-11-24T03:00:00Z'), 'America/New_York'))).toBe('2026-11-23T05:00:00.000Z');
  });

  it('has 23- and 25-hour days where the clocks change', () => {
    const spring = { year: 2026, month: 3, day: 29 };
    const autumn = { year: 2026, month: 10, day: 25 };
    expect(endOfDate(spring, 'Europe/London') - startOfDate(spring, 'Europe/London')).toBe(23 * 3_600_000);
    expect(endOfDate(autumn, 'Europe/London') - startOfDate(autumn, 'Europe/London')).toBe(25 * 3_600_000);
    const nySpring = { year: 2026, month: 3, day: 8 };
    expect(iso(startOfDate(nySpring, 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(endOfDate(nySpring, 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
  });

  it('starts a day whose midnight never happened at its first instant', () => {
    // Santiago moved its clocks from 24:00 to 01:00 on 7 September 2025.
    expect(iso(startOfDate({ year: 2025, month: 9, day: 7 }, 'America/Santiago'))).toBe('2025-09-07T04:00:00.000Z');
  });

  it('starts weeks on Monday and months on the 1st, in the zone', () => {
    // Sunday 29 November 2026, 23:30 in New York, is already Monday in UTC.
    const sundayNight = at('2026-11-30T04:30:00Z');
    expect(iso(startOfWeek(sundayNight, 'America/New_York'))).toBe('2026-11-23T05:00:00.000Z');
    expect(iso(startOfWeek(sundayNight, 'UTC'))).toBe('2026-11-30T00:00:00.000Z');
    expect(iso(startOfMonth(sundayNight, 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(startOfMonth(at('2026-11-30T20:00:00Z'), 'Asia/Kolkata'))).toBe('2026-11-30T18:30:00.000Z');
  });

  it('reads today in the zone', () => {
    expect(todayIn('Asia/Kolkata', at('2026-11-23T20:00:00Z'))).toEqual({ year: 2026, month: 11, day: 24 });
    expect(todayIn('America/New_York', at('2026-11-23T20:00:00Z'))).toEqual({ year: 2026, month: 11, day: 23 });
  });
});
