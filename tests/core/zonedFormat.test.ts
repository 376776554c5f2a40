import { describe, expect, it } from 'vitest';
import { formatDateTimeIn } from '../../src/core/zonedFormat';

describe('formatDateTimeIn: a time on a zone’s wall clock in the person’s date format', () => {
  it('writes the date as chosen and the time on the 24-hour clock, in the zone whatever the machine says', () => {
    const at = '2026-12-05T05:00:00Z';
    expect(formatDateTimeIn(at, 'dd/mm/yyyy', 'Asia/Kolkata')).toBe('05/12/2026, 10:30');
    expect(formatDateTimeIn(at, 'mm/dd/yyyy', 'Asia/Kolkata')).toBe('12/05/2026, 10:30');
    expect(formatDateTimeIn(at, 'yyyy-mm-dd', 'America/New_York')).toBe('2026-12-05, 00:00');
    expect(formatDateTimeIn(at, 'd mmm yyyy', 'Europe/London')).toBe('5 Dec 2026, 05:00');
  });

  it('crosses midnight into the zone’s next day, and reads an unknown zone as UTC, saying so', () => {
    expect(formatDateTimeIn('2026-12-31T20:00:00Z', 'dd/mm/yyyy', 'Asia/Kolkata')).toBe('01/01/2027, 01:30');
    expect(formatDateTimeIn('2026-12-05T05:00:00Z', 'dd/mm/yyyy', 'Mars/Olympus')).toBe('05/12/2026, 05:00 UTC');
  });

  it('gives the fallback for what is no date', () => {
    expect(formatDateTimeIn('soon', 'dd/mm/yyyy', 'Asia/Kolkata')).toBe('Date not available');
    expect(formatDateTimeIn(null, 'dd/mm/yyyy', 'Asia/Kolkata', '—')).toBe('—');
  });
});
