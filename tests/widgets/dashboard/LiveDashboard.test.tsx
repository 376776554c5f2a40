import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartModule, ChartOptions } from '../../../src/ui/Chart';
import Dashboard from '../../../src/widgets/dashboard/Dashboard';
import { monthLabel, REFRESH_MS, statusColour, trendFrom } from '../../../src/widgets/dashboard/liveModel';
import { LEADS_SCREENS } from '../../../src/widgets/leads-board/widget';
import { cleanupWidgets, renderAt } from '../account/renderAccount';
import { emptySummary, FakeDashboardServer } from './fakeDashboardServer';

const fake = new FakeDashboardServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  vi.useRealTimers();
  cleanupWidgets();
  fake.reset();
});

function fakeCharts() {
  const drawn: ChartOptions[] = [];
  class Chart {
    constructor(parent: HTMLElement, options: ChartOptions) {
      drawn.push(options);
      parent.innerHTML = '<svg data-fake-chart=""></svg>';
    }
    destroy() {}
  }
  return { drawn, load: () => Promise.resolve({ Chart } as ChartModule) };
}

const show = () => {
  const charts = fakeCharts();
  const harness = renderAt(fake, '/dashboard', <Dashboard loadChart={charts.load} />);
  return { ...harness, charts };
};

describe('live model', () => {
  it('maps trends, months and statuses', () => {
    expect(trendFrom('T', { value: 5, last_30_days: 3, previous_30_days: 4, change_percent: -25, sparkline: [] })).toMatchObject({ change: 25, direction: 'down' });
    expect(trendFrom('T', { value: 5, last_30_days: 3, previous_30_days: 0, change_percent: null, sparkline: [] }).changeLabel).toBe('New');
    expect(monthLabel('2026-01')).toBe('Jan 26');
    expect(statusColour('Won')).toBe('green');
    expect(statusColour('open')).toBe('sky');
    expect(statusColour('Lost')).toBe('black');
    expect(statusColour(null)).toBe('grey');
  });
});

describe('Dashboard, live mode', () => {
  it('shows "Loading dashboard..." then the company\'s real figures', async () => {
    fake.delayMs = 30;
    const { charts } = show();
    expect(screen.getByText('Loading dashboard...')).toBeTruthy();
    const gauge = await screen.findByRole('region', { name: 'Conversions' });
    expect(within(gauge).getByText('8')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Total number of properties' })).getByText('12')).toBeTruthy();
    const total = screen.getByRole('region', { name: 'Total Number of Leads' });
    expect(within(total).getByText('137')).toBeTruthy();
    expect(within(total).getByText('50.0%')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Total Lost Leads' }).getAttribute('data-tone')).toBe('negative');
    const top = screen.getByRole('list', { name: 'Top Properties In Demand' });
    expect(within(top).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('14 matching leads'),
      expect.stringContaining('1 matching lead'),
    ]);
    const latest = screen.getByRole('table', { name: 'Latest Leads' });
    expect(within(latest).getByText('Ravi Kumar')).toBeTruthy();
    expect(within(latest).getByText('Won')).toBeTruthy();
    expect(within(latest).getByText('No status')).toBeTruthy();
    expect(within(latest).getByText('23/11/2026')).toBeTruthy();
    await act(async () => {
      await Promise.resolve();
    });
    const line = charts.drawn.find((c) => c.type === 'line');
    expect(line?.data.labels?.[11]).toBe('Nov 26');
    expect(charts.drawn.find((c) => c.type === 'donut')?.data.datasets[0]?.values).toEqual([4, 12]);
    expect(screen.queryByText('Revenue vs Pipeline')).toBeNull();
    expect(screen.getByText(/^Live figures · updated/)).toBeTruthy();
  });

  it('shows an error with retry, and the retry loads the figures', async () => {
    fake.answer('GET', '/dashboard/summary', 500, { message: 'down' });
    show();
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeTruthy();
    fake.overrides = [];
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('region', { name: 'Conversions' })).toBeTruthy();
  });

  it('welcomes a company with no data instead of showing zeros', async () => {
    fake.summary = emptySummary();
    const { location } = show();
    expect(await screen.findByText('Your dashboard fills up as you work')).toBeTruthy();
    // Mounted in memory, the link moves the widget's own location (no host-page href).
    fireEvent.click(screen.getByRole('link', { name: 'Go to Leads' }));
    expect(location.get()).toBe(LEADS_SCREENS.board.href());
    expect(screen.queryByRole('region', { name: 'Conversions' })).toBeNull();
  });

  it('leaves out what the caller may not see', async () => {
    fake.summary = { ...fake.summary, visible: { leads: true, properties: false }, properties: null, agents_vs_properties: null, top_properties: null };
    show();
    await screen.findByRole('region', { name: 'Conversions' });
    expect(screen.queryByRole('region', { name: 'Total number of properties' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Top Properties In Demand' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Latest Leads' })).toBeTruthy();
  });

  it('fetches again after a minute while visible, and not more often', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    show();
    await screen.findByRole('region', { name: 'Conversions' });
    expect(fake.seen('GET', '/dashboard/summary')).toHaveLength(1);
    fake.summary = { ...fake.summary, conversions: { percentage: 50, won: 9, decided: 18 } };
    await act(async () => {
      vi.advanceTimersByTime(REFRESH_MS - 1000);
    });
    expect(fake.seen('GET', '/dashboard/summary')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    // The interval has fired; the answer travels over a real socket.
    vi.useRealTimers();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Conversions' })).getByText('9')).toBeTruthy());
    expect(fake.seen('GET', '/dashboard/summary')).toHaveLength(2);
  });
});
