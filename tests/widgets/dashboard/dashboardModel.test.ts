import { describe, expect, it } from 'vitest';
import {
  AGENTS_VS_PROPERTIES,
  DEFAULT_GAUGE_TYPE,
  GAUGES,
  LEAD_TEMPERATURES,
  LEADS,
  LEADS_COLUMNS,
  LEADS_TABLE_PAGE_SIZE,
  MONTHS,
  QUARTERS,
  REVENUE_VS_PIPELINE,
  TOP_PROPERTIES,
  TOTAL_VS_CLOSED,
  TRENDS,
} from '../../../src/widgets/dashboard/dashboardData';
import {
  formatChange,
  greetingName,
  pageSlice,
  signedChange,
  starSplit,
  TEMPERATURE_BADGE,
  trendTone,
} from '../../../src/widgets/dashboard/dashboardModel';

describe('dashboard sample data (docs/product/screens.md)', () => {
  it('has the two gauges with their percentages, values and captions, type user by default', () => {
    expect(GAUGES.map(({ percentage, value, caption }) => ({ percentage, value, caption }))).toEqual([
      { percentage: 48, value: 38566, caption: 'Conversions' },
      { percentage: 75, value: 45566, caption: 'Total number of properties' },
    ]);
    expect(DEFAULT_GAUGE_TYPE).toBe('user');
    expect(GAUGES[0]!.type ?? DEFAULT_GAUGE_TYPE).toBe('user');
    for (const g of GAUGES) {
      expect(g.percentage).toBeGreaterThanOrEqual(0);
      expect(g.percentage).toBeLessThanOrEqual(100);
    }
  });

  it('has the three trend cards with their totals and changes', () => {
    expect(TRENDS.map(({ title, value, change, direction }) => ({ title, value, change, direction }))).toEqual([
      { title: 'Total Number of Leads', value: 18765, change: 2.6, direction: 'up' },
      { title: 'Total Active Leads', value: 4876, change: 0.2, direction: 'up' },
      { title: 'Total Lost Leads', value: 678, change: 0.1, direction: 'down' },
    ]);
    // Each sparkline ends on the card's total, so line and figure tell the same story.
    for (const t of TRENDS) expect(t.series.at(-1)).toBe(t.value);
  });

  it('has the three charts over months, two slices and quarters', () => {
    expect(TOTAL_VS_CLOSED.title).toBe('Total vs Closed Properties');
    expect([...TOTAL_VS_CLOSED.labels]).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(MONTHS).toHaveLength(12);
    for (const d of TOTAL_VS_CLOSED.datasets) expect(d.values).toHaveLength(12);
    // Closed properties never outnumber the total.
    const [total, closed] = TOTAL_VS_CLOSED.datasets;
    total!.values.forEach((n, i) => expect(closed!.values[i]).toBeLessThanOrEqual(n));

    expect(AGENTS_VS_PROPERTIES.title).toBe('Agents vs Properties');
    expect([...AGENTS_VS_PROPERTIES.labels]).toEqual(['Agents', 'Properties']);
    expect([...AGENTS_VS_PROPERTIES.datasets[0]!.values]).toEqual([45, 15]);

    expect(REVENUE_VS_PIPELINE.title).toBe('Revenue vs Pipeline');
    expect([...REVENUE_VS_PIPELINE.labels]).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(QUARTERS).toHaveLength(4);
    for (const d of REVENUE_VS_PIPELINE.datasets) expect(d.values).toHaveLength(4);
  });

  it('has five distinct named properties with a rating out of 5 and a query count, busiest first', () => {
    expect(TOP_PROPERTIES).toHaveLength(5);
    expect(new Set(TOP_PROPERTIES.map((p) => p.name)).size).toBe(5);
    for (const p of TOP_PROPERTIES) {
      expect(p.name.trim()).not.toBe('');
      expect(p.rating).toBeGreaterThanOrEqual(0);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(p.queries)).toBe(true);
    }
    const queries = TOP_PROPERTIES.map((p) => p.queries);
    expect(queries).toEqual([...queries].sort((a, b) => b - a));
  });

  it('has the Total Leads columns and rows using only Warm, Cold and Progress, more than one page of them', () => {
    expect(Object.values(LEADS_COLUMNS)).toEqual(['Id', 'Company Name', 'Job Title', 'Status', 'Action']);
    expect([...LEAD_TEMPERATURES]).toEqual(['Warm', 'Cold', 'Progress']);
    expect(LEADS.length).toBeGreaterThan(LEADS_TABLE_PAGE_SIZE);
    expect(new Set(LEADS.map((l) => l.id)).size).toBe(LEADS.length);
    expect(new Set(LEADS.map((l) => l.status))).toEqual(new Set(LEAD_TEMPERATURES));
  });
});

describe('dashboard model', () => {
  it('signs a change by its direction and colours only a positive change green (docs/product/screens.md)', () => {
    expect(signedChange({ change: 2.6, direction: 'up' })).toBe(2.6);
    expect(signedChange({ change: 0.1, direction: 'down' })).toBe(-0.1);
    expect(trendTone({ change: 2.6, direction: 'up' })).toBe('positive');
    expect(trendTone({ change: 0.2, direction: 'up' })).toBe('positive');
    expect(trendTone({ change: 0.1, direction: 'down' })).toBe('negative');
    // "otherwise red": no change is not positive.
    expect(trendTone({ change: 0, direction: 'up' })).toBe('negative');
  });

  it('prints a change with one decimal and a percent sign', () => {
    expect(formatChange(2.6)).toBe('2.6%');
    expect(formatChange(0.2)).toBe('0.2%');
    expect(formatChange(-0.1)).toBe('0.1%');
    expect(formatChange(3)).toBe('3.0%');
  });

  it('cuts rows into pages and clamps the page into range', () => {
    const rows = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect(pageSlice(rows, 1, 5)).toEqual({ rows: [1, 2, 3, 4, 5], page: 1, pageCount: 3 });
    expect(pageSlice(rows, 3, 5)).toEqual({ rows: [11, 12], page: 3, pageCount: 3 });
    expect(pageSlice(rows, 9, 5).page).toBe(3);
    expect(pageSlice(rows, 0, 5).page).toBe(1);
    expect(pageSlice(rows, Number.NaN, 5).page).toBe(1);
    expect(pageSlice([], 1, 5)).toEqual({ rows: [], page: 1, pageCount: 1 });
    expect(pageSlice(rows, 1, 0).rows).toEqual([1]);
  });

  it('gives each status its own badge colour', () => {
    expect(TEMPERATURE_BADGE).toEqual({ Warm: 'orange', Cold: 'sky', Progress: 'green' });
  });

  it('splits a rating into whole, half and empty stars', () => {
    expect(starSplit(4.8)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starSplit(4.3)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starSplit(4.1)).toEqual({ full: 4, half: false, empty: 1 });
    expect(starSplit(0)).toEqual({ full: 0, half: false, empty: 5 });
    expect(starSplit(9)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starSplit(Number.NaN)).toEqual({ full: 0, half: false, empty: 5 });
  });

  it('greets the user by name, else first and last name, else e-mail, else the fallback', () => {
    expect(greetingName({ name: ' Priya Sharma ' }, 'admin')).toBe('Priya Sharma');
    expect(greetingName({ name: '', first_name: 'Arjun', last_name: 'Mehta' }, 'admin')).toBe('Arjun Mehta');
    expect(greetingName({ first_name: 'Arjun' }, 'admin')).toBe('Arjun');
    expect(greetingName({ email: 'a@b.in' }, 'admin')).toBe('a@b.in');
    expect(greetingName(null, 'admin')).toBe('admin');
  });
});
