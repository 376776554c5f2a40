/** The summary's arithmetic on its own: periods, weeks and months at their edges. */
import { describe, expect, it } from 'vitest';
import { addDay, changePercent, emptyTally, firstCountedDay, groupOfStatus, leadsVsWon, monthsUpTo, percentOf, trend } from '../src/modules/dashboard/figures';

const NOW = new Date('2026-01-15T08:30:00.000Z');
const tallyOf = (days: Record<string, number>) => {
  const tally = emptyTally();
  for (const [day, n] of Object.entries(days)) {
    addDay(tally, day, n);
    tally.total += n;
  }
  return tally;
};

describe('dashboard figures', () => {
  it('counts the last 30 UTC days (today included) against the 30 before, to the day', () => {
    // 2026-01-15 back 29 days is 2025-12-17 (in); 30 days back, 2025-12-16, is the previous period's newest day.
    const t = trend(tallyOf({ '2026-01-15': 1, '2025-12-17': 2, '2025-12-16': 4, '2025-11-17': 8, '2025-11-16': 16 }), NOW);
    expect(t).toMatchObject({ value: 31, last_30_days: 3, previous_30_days: 12, change_percent: -75 });
  });

  it('lays the sparkline out as 12 seven-day weeks ending today, oldest first', () => {
    const t = trend(tallyOf({ '2026-01-15': 1, '2026-01-09': 2, '2026-01-08': 4, '2025-10-24': 8, '2025-10-23': 16 }), NOW);
    // Week 1: Jan 9–15; week 2: Jan 2–8; week 12: Oct 24–30; Oct 23 is before the sparkline.
    expect(t.sparkline).toEqual([8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 3]);
  });

  it('charts the 12 months up to this one across a year boundary', () => {
    expect(monthsUpTo(NOW)).toEqual(['2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01']);
    const all = tallyOf({ '2025-01-31': 100, '2025-02-01': 1, '2025-12-31': 2, '2026-01-15': 3 });
    const won = tallyOf({ '2025-12-31': 1 });
    expect(leadsVsWon(all, won, NOW)).toEqual({
      months: monthsUpTo(NOW),
      leads: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3],
      won: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
    });
    // The oldest day read: the chart's first month starts before the 84 days of the sparkline.
    expect(firstCountedDay(NOW)).toBe('2025-02-01');
  });

  it('groups statuses by name in any case, and rounds percentages to one decimal', () => {
    expect([groupOfStatus(' WON '), groupOfStatus('lost'), groupOfStatus('Open'), groupOfStatus(null)]).toEqual(['won', 'lost', 'active', 'active']);
    expect([percentOf(2, 3), percentOf(0, 0), changePercent(5, 0), changePercent(3, 2)]).toEqual([66.7, 0, null, 50]);
  });
});
