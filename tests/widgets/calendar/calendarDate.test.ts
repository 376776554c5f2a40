import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dateKey, daysBetween, daysInMonth, isoWeekday, parseDateKey, startOfWeekDate } from '../../../src/widgets/calendar/model/calendarDate';

const d = (key: string) => parseDateKey(key)!;

describe('calendar dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(dateKey(addDays(d('2026-11-30'), 1))).toBe('2026-12-01');
    expect(dateKey(addDays(d('2026-12-31'), 1))).toBe('2027-01-01');
    expect(dateKey(addDays(d('2028-03-01'), -1))).toBe('2028-02-29');
    expect(daysBetween(d('2026-01-01'), d('2027-01-01'))).toBe(365);
  });

  it('adds months keeping the day where the month has it', () => {
    expect(dateKey(addMonths(d('2026-01-31'), 1))).toBe('2026-02-28');
    expect(dateKey(addMonths(d('2028-01-31'), 1))).toBe('2028-02-29');
    expect(dateKey(addMonths(d('2026-01-15'), -1))).toBe('2025-12-15');
    expect(dateKey(addMonths(d('2026-11-23'), 14))).toBe('2028-01-23');
    expect(daysInMonth(2026, 2)).toBe(28);
  });

  it('counts weekdays from Monday and starts weeks on Monday', () => {
    expect(isoWeekday(d('2026-11-23'))).toBe(1);
    expect(isoWeekday(d('2026-11-29'))).toBe(7);
    expect(isoWeekday(d('1970-01-01'))).toBe(4);
    expect(isoWeekday(d('1969-12-29'))).toBe(1);
    expect(dateKey(startOfWeekDate(d('2026-11-29')))).toBe('2026-11-23');
    expect(dateKey(startOfWeekDate(d('2026-11-23')))).toBe('2026-11-23');
    expect(dateKey(startOfWeekDate(d('2027-01-01')))).toBe('2026-12-28');
  });

  it('reads only real dates from keys', () => {
    expect(parseDateKey('2026-11-23')).toEqual({ year: 2026, month: 11, day: 23 });
    expect(parseDateKey('2026-02-29')).toBeNull();
    expect(parseDateKey('2026-13-01')).toBeNull();
    expect(parseDateKey('23/11/2026')).toBeNull();
    expect(dateKey({ year: 33, month: 1, day: 2 })).toBe('0033-01-02');
    expect(dateKey(addDays({ year: 33, month: 1, day: 2 }, 1))).toBe('0033-01-03');
  });
});
