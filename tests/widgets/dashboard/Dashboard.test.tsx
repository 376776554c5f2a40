import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntime, type Runtime } from '../../../src/core';
import type { ChartOptions } from '../../../src/ui/Chart';
import { RuntimeProvider } from '../../../src/runtime';
import { getStyleText } from '../../../src/ui/css';
import type { ChartModule } from '../../../src/ui/Chart';
import Dashboard from '../../../src/widgets/dashboard/Dashboard';
import { dashboardWidget } from '../../../src/widgets/dashboard/widget';
import { PRODUCT_WEBSITE_URL } from '../../../src/widgets/dashboard/dashboardData';

afterEach(cleanup);

const USER = { id: 7, name: 'Priya Sharma', user_type: 'admin', permissions: [] as string[], company_id: 3 };

// A fake chart module records what each chart was asked to draw (the kit's renderer has its own
// tests in tests/ui/Chart.test.tsx); it is also the path hosts use to swap the module.
function fakeCharts() {
  const drawn: ChartOptions[] = [];
  const destroy = vi.fn();
  class Chart {
    constructor(parent: HTMLElement, options: ChartOptions) {
      drawn.push(options);
      parent.innerHTML = '<svg data-fake-chart=""></svg>';
    }
    destroy = destroy;
  }
  const load = vi.fn(() => Promise.resolve({ Chart } as ChartModule));
  return { drawn, destroy, load };
}

function signedInRuntime(user: Record<string, unknown> = USER): Runtime {
  const runtime = createRuntime({ storage: null });
  runtime.session.getState().signIn({ token: 'token', company_id: 3, user: user as typeof USER });
  return runtime;
}

async function renderDashboard(element: (charts: ReturnType<typeof fakeCharts>) => ReactElement, runtime = signedInRuntime()) {
  const charts = fakeCharts();
  const view = render(<RuntimeProvider runtime={runtime}>{element(charts)}</RuntimeProvider>);
  // Let the lazy chart loads settle.
  await act(async () => {
    await Promise.resolve();
  });
  return { ...view, charts, runtime };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('dashboard widget descriptor', () => {
  it('is named dashboard and loads the Dashboard component lazily', async () => {
    expect(dashboardWidget.name).toBe('dashboard');
    expect(dashboardWidget.title).toBe('Dashboard');
    expect(dashboardWidget.public).toBeUndefined();
    const mod = await dashboardWidget.load();
    expect(mod.default).toBe(Dashboard);
  });
});

describe('Dashboard (the static sample of docs/product/screens.md)', () => {
  it('greets the signed-in user: "Welcome back", their name, the product line, the website link and Get Started', async () => {
    await renderDashboard(() => <Dashboard mode="sample" />);
    const welcome = screen.getByRole('region', { name: 'Welcome back Priya Sharma' });
    expect(within(welcome).getByText('Welcome back')).toBeTruthy();
    expect(within(welcome).getByText('Priya Sharma')).toBeTruthy();
    expect(within(welcome).getByText(/shows everything about the product/)).toBeTruthy();
    const link = within(welcome).getByRole('link', { name: /product website/ });
    expect(link.getAttribute('href')).toBe(PRODUCT_WEBSITE_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const start = within(welcome).getByRole('button', { name: 'Get Started' });
    // No action (docs/product/screens.md): clicking changes nothing and throws nothing.
    fireEvent.click(start);
    expect(within(welcome).getByText('Priya Sharma')).toBeTruthy();
  });

  it("shows the person's picture once the session holds one (an upload in the account widget)", async () => {
    const { runtime, container } = await renderDashboard(() => <Dashboard mode="sample" />);
    expect(container.querySelector('img')).toBeNull();
    act(() => runtime.session.getState().update({ avatar: '/uploads/avatars/7-me.png' } as never));
    expect(container.querySelector('img')?.getAttribute('src')).toContain('/uploads/avatars/7-me.png');
  });

  it('follows the session: a renamed user is greeted by the new name; a host may set the website and Get Started', async () => {
    const onGetStarted = vi.fn();
    const { runtime } = await renderDashboard(() => <Dashboard mode="sample" websiteUrl="https://agency.example.in/" onGetStarted={onGetStarted} />);
    act(() => runtime.session.getState().update({ name: 'Priya S. Rao' }));
    expect(screen.getByText('Priya S. Rao')).toBeTruthy();
    expect(screen.getByRole('link', { name: /product website/ }).getAttribute('href')).toBe('https://agency.example.in/');
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(onGetStarted).toHaveBeenCalledTimes(1);
  });

  it('greets by first and last name when the user has no display name', async () => {
    await renderDashboard(() => <Dashboard mode="sample" />, signedInRuntime({ ...USER, name: null, first_name: 'Arjun', last_name: 'Mehta' }));
    expect(screen.getByRole('region', { name: 'Welcome back Arjun Mehta' })).toBeTruthy();
  });

  it('shows both gauges with percentage, value and caption, their arcs proportional to 48% and 75% (docs/product/rules.md)', async () => {
    await renderDashboard(() => <Dashboard mode="sample" />);
    const circumference = 2 * Math.PI * 27; // ≈ 169.6
    expect(circumference).toBeCloseTo(169.6, 1);
    for (const [caption, percent, value] of [
      ['Conversions', 48, '38,566'],
      ['Total number of properties', 75, '45,566'],
    ] as const) {
      const card = region(caption);
      expect(within(card).getByText(caption)).toBeTruthy();
      expect(within(card).getByText(`${percent}%`)).toBeTruthy();
      expect(within(card).getByText(value)).toBeTruthy();
      expect(within(card).getByRole('img', { name: `${caption}: ${percent}%` })).toBeTruthy();
      const arc = card.querySelector('circle[data-arc]')!;
      expect(Number(arc.getAttribute('r'))).toBe(27);
      expect(Number(arc.getAttribute('stroke-width'))).toBe(6);
      expect(Number(arc.getAttribute('stroke-dasharray'))).toBeCloseTo(circumference, 2);
      const drawn = circumference - Number(arc.getAttribute('stroke-dashoffset'));
      expect(drawn / circumference).toBeCloseTo(percent / 100, 4);
    }
    // docs/product/screens.md: type defaults to user.
    expect(region('Conversions').querySelector('[data-type]')!.getAttribute('data-type')).toBe('user');
  });

  it('shows the three trend cards with totals and changes, sparklines green when up and red when down', async () => {
    await renderDashboard(() => <Dashboard mode="sample" />);
    for (const [title, value, change, direction] of [
      ['Total Number of Leads', '18,765', '2.6%', 'up'],
      ['Total Active Leads', '4,876', '0.2%', 'up'],
      ['Total Lost Leads', '678', '0.1%', 'down'],
    ] as const) {
      const card = region(title);
      expect(within(card).getByText(title)).toBeTruthy();
      expect(within(card).getByText(value)).toBeTruthy();
      expect(within(card).getByText(change)).toBeTruthy();
      expect(within(card).getByText(direction === 'up' ? 'Up' : 'Down')).toBeTruthy();
      const spark = card.querySelector('svg[data-trend]') as SVGElement;
      expect(spark.getAttribute('data-trend')).toBe(direction);
      const colour = spark.style.color;
      if (direction === 'up') {
        expect(colour).toContain('--ed-success');
        expect(colour).toContain('#12853d');
        expect(card.getAttribute('data-tone')).toBe('positive');
      } else {
        expect(colour).toContain('--ed-danger');
        expect(colour).toContain('#dc2626');
        expect(card.getAttribute('data-tone')).toBe('negative');
      }
      expect(spark.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(12);
    }
  });

  it('draws the line, doughnut and bar charts with the sample data and lists their figures for screen readers', async () => {
    const { charts } = await renderDashboard((c) => <Dashboard mode="sample" loadChart={c.load} />);
    expect(charts.load).toHaveBeenCalledTimes(3);
    const byTitle = (title: string) => screen.getByRole('figure', { name: title });
    for (const title of ['Total vs Closed Properties', 'Agents vs Properties', 'Revenue vs Pipeline']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
      expect(byTitle(title).getAttribute('aria-busy')).toBeNull();
    }
    const [line, doughnut, bar] = charts.drawn;
    expect(line!.type).toBe('line');
    expect(line!.data.labels).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(line!.data.datasets.map((d) => d.name)).toEqual(['Total', 'Closed']);
    expect(doughnut!.type).toBe('donut');
    expect(doughnut!.data.labels).toEqual(['Agents', 'Properties']);
    expect(doughnut!.data.datasets[0]!.values).toEqual([45, 15]);
    // Brand colours (docs/product/rules.md): orange accent, dark grey.
    expect(doughnut!.colors).toEqual(['#bb5611', '#374151']);
    expect(bar!.type).toBe('bar');
    expect(bar!.data.labels).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(bar!.data.datasets.map((d) => d.name)).toEqual(['Revenue', 'Pipeline']);

    const doughnutTable = screen.getByRole('table', { name: 'Agents vs Properties' });
    expect(within(doughnutTable).getByRole('row', { name: 'Agents 45' })).toBeTruthy();
    expect(within(doughnutTable).getByRole('row', { name: 'Properties 15' })).toBeTruthy();
    const lineTable = screen.getByRole('table', { name: 'Total vs Closed Properties' });
    expect(within(lineTable).getAllByRole('row')).toHaveLength(13);
  });

  it('lists five properties in demand, each with a star rating and a query count', async () => {
    await renderDashboard(() => <Dashboard mode="sample" />);
    const card = region('Top Properties In Demand');
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByText('Skyline Residency')).toBeTruthy();
    expect(within(items[0]!).getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeTruthy();
    expect(within(items[0]!).getByText('1,284 queries')).toBeTruthy();
    for (const item of items) {
      expect(within(item).getByRole('img', { name: /^Rated \d\.\d out of 5$/ })).toBeTruthy();
      expect(within(item).getByText(/^[\d,]+ quer(y|ies)$/)).toBeTruthy();
    }
  });

  it('shows the Total Leads table with its columns and coloured status badges', async () => {
    await renderDashboard(() => <Dashboard mode="sample" />);
    const table = screen.getByRole('table', { name: 'Total Leads' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Id', 'Company Name', 'Job Title', 'Status', 'Action']);
    const colourOf = (status: string) => within(table).getAllByText(status)[0]!.getAttribute('data-colour');
    expect(colourOf('Warm')).toBe('orange');
    expect(colourOf('Cold')).toBe('sky');
    expect(colourOf('Progress')).toBe('green');
    const action = within(table).getByRole('link', { name: 'View Sharma Realty Pvt Ltd lead' });
    expect(action.textContent).toBe('View');
  });

  it('pages the Total Leads table: Next, a page number, Previous, first and last', async () => {
    await renderDashboard(() => <Dashboard mode="sample" />);
    const table = () => screen.getByRole('table', { name: 'Total Leads' });
    const ids = () => within(table()).getAllByRole('row').slice(1).map((row) => row.querySelector('td')!.textContent);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });

    expect(ids()).toEqual(['1001', '1002', '1003', '1004', '1005']);
    expect(within(pager).getByText('Showing page 1 of 3')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(ids()).toEqual(['1006', '1007', '1008', '1009', '1010']);
    expect(within(pager).getByText('Showing page 2 of 3')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(ids()).toEqual(['1011', '1012']);
    expect((within(pager).getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(pager).getByRole('button', { name: /Previous/ }));
    expect(ids()[0]).toBe('1006');
    fireEvent.click(within(pager).getByRole('button', { name: 'First page' }));
    expect(ids()[0]).toBe('1001');
    fireEvent.click(within(pager).getByRole('button', { name: 'Last page' }));
    expect(ids()[0]).toBe('1011');
  });

  it('lays the cards out on a grid that follows the widget width, not the window', async () => {
    const { container } = await renderDashboard(() => <Dashboard mode="sample" />);
    expect(container.querySelector('[data-widget="dashboard"]')).toBeTruthy();
    const css = getStyleText();
    expect(css).toContain('container-type:inline-size');
    expect(css).toMatch(/@container ed-dashboard \(min-width: ?1080px\)/);
    expect(css).toMatch(/@container ed-dashboard \(min-width: ?640px\)/);
  });

  it('can hide its own heading for a host that shows one', async () => {
    await renderDashboard(() => <Dashboard mode="sample" showTitle={false} />);
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });
});
