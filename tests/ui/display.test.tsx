import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAUGE, statusBadgeColour } from '../../src/contract/constants';
import { MESSAGES } from '../../src/contract/messages';
import { Avatar } from '../../src/ui/Avatar';
import { Badge } from '../../src/ui/Badge';
import { Card } from '../../src/ui/Card';
import { Chart, type ChartModule } from '../../src/ui/Chart';
import { EmptyState } from '../../src/ui/EmptyState';
import { ErrorState } from '../../src/ui/ErrorState';
import { Gauge } from '../../src/ui/Gauge';
import { LoadingState } from '../../src/ui/LoadingState';
import { Sparkline } from '../../src/ui/Sparkline';
import { Spinner } from '../../src/ui/Spinner';

afterEach(cleanup);

describe('Gauge', () => {
  const arcOf = (container: HTMLElement) => container.querySelector('circle[data-arc]') as SVGCircleElement;

  it('draws a radius-27, stroke-6 ring whose dash offset leaves 52% empty at 48%', () => {
    const { container } = render(<Gauge percentage={48} value="38,566" caption="Conversions" />);
    const arc = arcOf(container);
    expect(arc.getAttribute('r')).toBe('27');
    expect(arc.getAttribute('stroke-width')).toBe('6');
    expect(Number(arc.getAttribute('stroke-dasharray'))).toBeCloseTo(GAUGE.circumference, 6);
    expect(Number(arc.getAttribute('stroke-dashoffset'))).toBeCloseTo(GAUGE.circumference * 0.52, 6);
    expect(screen.getByRole('img', { name: 'Conversions: 48%' })).toBeTruthy();
    expect(screen.getByText('38,566')).toBeTruthy();
    expect(container.firstElementChild?.getAttribute('data-type')).toBe('user');
  });

  it('leaves 25% empty at 75% and clamps outside 0–100', () => {
    const { container, rerender } = render(<Gauge percentage={75} value="45,566" caption="Total number of properties" type="property" />);
    expect(Number(arcOf(container).getAttribute('stroke-dashoffset'))).toBeCloseTo(42.4115, 3);
    expect(container.firstElementChild?.getAttribute('data-type')).toBe('property');
    rerender(<Gauge percentage={180} value="1" caption="Over" />);
    expect(Number(arcOf(container).getAttribute('stroke-dashoffset'))).toBe(0);
    expect(screen.getByText('100%')).toBeTruthy();
    rerender(<Gauge percentage={-5} value="1" caption="Under" />);
    expect(Number(arcOf(container).getAttribute('stroke-dashoffset'))).toBeCloseTo(GAUGE.circumference, 6);
  });
});

describe('Sparkline', () => {
  it('is green for a positive change', () => {
    const { container } = render(<Sparkline values={[3, 5, 4, 8]} change={2.6} label="Leads trend" />);
    const svg = screen.getByRole('img', { name: 'Leads trend' });
    expect(svg.getAttribute('data-trend')).toBe('up');
    expect(svg.getAttribute('style')).toContain('var(--ed-success, #12853d)');
    expect(container.querySelector('polyline')?.getAttribute('points')).toBeTruthy();
  });

  it('is red for a negative or zero change, and decorative without a label', () => {
    const { container, rerender } = render(<Sparkline values={[8, 5, 4]} change={-0.1} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('data-trend')).toBe('down');
    expect(svg.getAttribute('style')).toContain('var(--ed-danger, #dc2626)');
    rerender(<Sparkline values={[8, 5, 4]} change={0} />);
    expect(container.querySelector('svg')?.getAttribute('data-trend')).toBe('down');
  });
});

describe('Chart', () => {
  function fakeModule() {
    const destroy = vi.fn();
    const created: Array<{ parent: HTMLElement; options: unknown }> = [];
    class FakeChart {
      constructor(parent: HTMLElement, options: unknown) {
        created.push({ parent, options });
        parent.innerHTML = '<svg data-fake-chart=""></svg>';
      }
      destroy = destroy;
    }
    let resolve!: (m: ChartModule) => void;
    const promise = new Promise<ChartModule>((r) => (resolve = r));
    const load = vi.fn(() => promise);
    return { load, created, destroy, ready: () => act(async () => resolve({ Chart: FakeChart } as unknown as ChartModule)) };
  }

  it('shows a placeholder, loads the library lazily, then draws and cleans up', async () => {
    const fake = fakeModule();
    const { container, unmount } = render(
      <Chart type="donut" labels={['Agents', 'Properties']} datasets={[{ values: [45, 15] }]} aria-label="Agents vs Properties" load={fake.load} height={220} />,
    );
    const figure = screen.getByRole('figure', { name: 'Agents vs Properties' });
    expect(figure.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('[data-chart-placeholder]')).toBeTruthy();
    expect(fake.load).toHaveBeenCalledOnce();
    expect(fake.created).toHaveLength(0);

    await fake.ready();
    expect(fake.created).toHaveLength(1);
    const options = fake.created[0]!.options as { type: string; height: number; data: unknown; colors: string[] };
    expect(options.type).toBe('donut');
    expect(options.height).toBe(220);
    expect(options.data).toEqual({ labels: ['Agents', 'Properties'], datasets: [{ values: [45, 15] }] });
    expect(options.colors[0]).toBe('#bb5611');
    expect(container.querySelector('[data-chart-placeholder]')).toBeNull();
    expect(figure.hasAttribute('aria-busy')).toBe(false);

    const host = fake.created[0]!.parent;
    unmount();
    expect(fake.destroy).toHaveBeenCalledOnce();
    expect(host.innerHTML).toBe('');
  });

  it('does not draw if unmounted before the library arrives', async () => {
    const fake = fakeModule();
    const { unmount } = render(<Chart type="line" labels={['Jan']} datasets={[{ values: [1] }]} aria-label="Line" load={fake.load} />);
    unmount();
    await fake.ready();
    expect(fake.created).toHaveLength(0);
  });

  it('shows a message when the library fails to load', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    render(<Chart type="bar" labels={['Q1']} datasets={[{ values: [1] }]} aria-label="Bar" load={load} />);
    await act(async () => {});
    expect(screen.getByText(MESSAGES.generic.unexpected)).toBeTruthy();
  });
});

describe('Avatar, Badge, Card, states', () => {
  it('Avatar shows the image, or initials when there is none or it fails', () => {
    const { rerender } = render(<Avatar name="Asha Rao" src="/a.png" />);
    const img = screen.getByRole('img', { name: 'Asha Rao' });
    expect(img.tagName).toBe('IMG');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Asha Rao' }).textContent).toBe('AR');
    rerender(<Avatar name="Vikram Shah" />);
    expect(screen.getByRole('img', { name: 'Vikram Shah' }).textContent).toBe('VS');
  });

  it('Badge takes the product status colours', () => {
    render(
      <>
        {['Open', 'Won', 'Lost', 'Cold'].map((status) => (
          <Badge key={status} colour={statusBadgeColour(status)}>
            {status}
          </Badge>
        ))}
        <Badge colour="orange">Sale</Badge>
      </>,
    );
    expect(['Open', 'Won', 'Lost', 'Cold', 'Sale'].map((t) => screen.getByText(t).getAttribute('data-colour'))).toEqual(['sky', 'green', 'black', 'grey', 'orange']);
  });

  it('Card is a region named by its title, with actions', () => {
    render(
      <Card title="Total Leads" actions={<button type="button">Export</button>}>
        body
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Total Leads' });
    expect(region.textContent).toContain('Export');
    expect(screen.getByRole('heading', { level: 2, name: 'Total Leads' })).toBeTruthy();
  });

  it('LoadingState, EmptyState and ErrorState', () => {
    const onRetry = vi.fn();
    render(
      <>
        <LoadingState label={MESSAGES.users.loading} />
        <EmptyState title={MESSAGES.properties.noFavourites} description="Tap the heart on a property." />
        <ErrorState message={MESSAGES.companies.fetchFailed} onRetry={onRetry} />
      </>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading users...');
    expect(screen.getByText('No favorite properties yet')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch companies');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('LoadingState defaults to "Loading..."; Spinner is decorative unless labelled', () => {
    const { container } = render(
      <>
        <LoadingState />
        <Spinner />
        <Spinner label="Busy" />
      </>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Busy' })).toBeTruthy();
    expect(container.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThan(0);
  });
});
