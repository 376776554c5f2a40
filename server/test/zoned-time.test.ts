/** Days and months in a company's time zone (src/lib/zoned-time.ts): Kolkata's half-hour offset, London's clock changes, a midnight that never happened. */
import { describe, expect, it } from 'vitest';
import { dateIn, dayRange, monthRange, startOfDate } from '../src/lib/zoned-time';

const iso = (ms: number) => new Date(ms).toISOString();

describe('zoned time', () => {
  it('reads the date on the zone’s wall clock', () => {
    expect(dateIn(Date.parse('2026-11-30T20:00:00Z'), 'Asia/Kolkata')).toEqual({ year: 2026, month: 12, day: 1 });
    expect(dateIn(Date.parse('2026-11-30T18:29:59Z'), 'Asia/Kolkata')).toEqual({ year: 2026, month: 11, day: 30 });
  });

  it('starts days and months at the zone’s midnight', () => {
    expect(iso(startOfDate({ year: 2026, month: 12, day: 1 }, 'Asia/Kolkata'))).toBe('2026-11-30T18:30:00.000Z');
    const day = dayRange(Date.parse('2026-11-28T10:00:00Z'), 'Asia/Kolkata');
    expect([iso(day.start), iso(day.end)]).toEqual(['2026-11-27T18:30:00.000Z', '2026-11-28T18:30:00.000Z']);
    const month = monthRange(Date.parse('2026-12-31T19:00:00Z'), 'Asia/Kolkata');
    expect([iso(month.start), iso(month.end)]).toEqual(['2026-12-31T18:30:00.000Z', '2027-01-31T18:30:00.000Z']);
  });

  it('measures days of 23 and 25 hours around London’s clock changes', () => {
    const spring = dayRange(Date.parse('2026-03-29T12:00:00Z'), 'Europe/London');
    expect([iso(spring.start), iso(spring.end)]).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z']);
    const autumn = dayRange(Date.parse('2026-10-25T12:00:00Z'), 'Europe/London');
    expect([iso(autumn.start), iso(autumn.end)]).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z']);
    const march = monthRange(Date.parse('2026-03-15T12:00:00Z'), 'Europe/London');
    expect([iso(march.start), iso(march.end)]).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-31T23:00:00.000Z']);
  });

  it('starts a day whose midnight never happened at its first instant', () => {
    // Havana moves its clocks from 00:00 to 01:00 on the second Sunday of March.
    const start = startOfDate({ year: 2026, month: 3, day: 8 }, 'America/Havana');
    expect(iso(start)).toBe('2026-03-08T05:00:00.000Z');
  });
});
