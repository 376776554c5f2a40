/**
 * The dashboard's "Visits done this month" (site visits marked done in the company's month): shown
 * beside the trend cards to those the summary shows it to (event-read), left out otherwise and
 * when a server without a calendar sends no figure.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChartModule } from '../../../src/ui/Chart';
import { CALENDAR_SCREENS } from '../../../src/widgets/calendar/widget';
import Dashboard from '../../../src/widgets/dashboard/Dashboard';
import { liveVisits } from '../../../src/widgets/dashboard/liveModel';
import { cleanupWidgets, renderAt } from '../account/renderAccount';
import { FakeDashboardServer, liveSummary } from './fakeDashboardServer';

const fake = new FakeDashboardServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  cleanupWidgets();
  fake.reset();
});

const noCharts = () => Promise.resolve({ Chart: class { destroy() {} } } as unknown as ChartModule);
const show = () => renderAt(fake, '/dashboard', <Dashboard loadChart={noCharts} />);

describe('visits done this month', () => {
  it('names the company’s month in full', () => {
    expect(liveVisits({ ...liveSummary(), visits: { done_this_month: 4, month: '2026-11' } })).toEqual({
      title: 'Visits done this month',
      value: 4,
      note: 'Site visits marked done in November 2026',
    });
    expect(liveVisits({ ...liveSummary(), visits: null })).toBeNull();
    expect(liveVisits(liveSummary())).toBeNull();
  });

  it('shows the figure beside the trend cards, with a link to the calendar', async () => {
    fake.summary = { ...liveSummary(), visible: { leads: true, properties: true, appointments: true }, visits: { done_this_month: 1234, month: '2026-11' } };
    const { location } = show();
    const card = await screen.findByRole('region', { name: 'Visits done this month' });
    expect(within(card).getByText('1,234')).toBeTruthy();
    expect(within(card).getByText('Site visits marked done in November 2026')).toBeTruthy();
    // Mounted in memory, the link moves the widget's own location.
    fireEvent.click(within(card).getByRole('link', { name: 'Open the calendar' }));
    expect(location.get()).toBe(CALENDAR_SCREENS.calendar.href());
  });

  it('leaves the card out for someone without event-read, and for a server that sends no figure', async () => {
    fake.summary = { ...liveSummary(), visible: { leads: true, properties: true, appointments: false }, visits: null };
    show();
    await screen.findByRole('region', { name: 'Total Number of Leads' });
    expect(screen.queryByRole('region', { name: 'Visits done this month' })).toBeNull();
    cleanupWidgets();
    fake.summary = liveSummary();
    show();
    await screen.findByRole('region', { name: 'Total Number of Leads' });
    expect(screen.queryByRole('region', { name: 'Visits done this month' })).toBeNull();
  });
});
