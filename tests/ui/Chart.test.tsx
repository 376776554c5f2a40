// The kit's SVG chart renderer, drawn for real through <Chart> (its default, lazily loaded module).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Chart } from '../../src/ui/Chart';
import { Chart as SvgChart } from '../../src/ui/svgChart';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
const TOTAL = { name: 'Total', values: [320, 345, 362, 390, 410, 428] };
const CLOSED = { name: 'Closed', values: [110, 124, 131, 150, 162, 171] };

/** Renders a chart and waits for the lazily loaded renderer to draw its SVG. */
async function drawn(element: React.ReactElement, name: string) {
  const view = render(element);
  const figure = screen.getByRole('figure', { name });
  await waitFor(() => expect(figure.querySelector('svg')).toBeTruthy());
  expect(figure.getAttribute('aria-busy')).toBeNull();
  return { ...view, figure, svg: figure.querySelector('svg')! };
}

const textsOf = (root: Element) => Array.from(root.querySelectorAll('text')).map((t) => t.textContent);
const tipOf = (figure: Element) => figure.querySelector('[data-chart-tip]') as HTMLElement;

describe('Chart drawn by the SVG renderer', () => {
  it('draws a line chart: one polyline with a filled region and dots per dataset, round y ticks, x labels and a legend', async () => {
    const { figure, svg } = await drawn(<Chart type="line" labels={MONTHS} datasets={[TOTAL, CLOSED]} aria-label="Total vs Closed" />, 'Total vs Closed');
    const lines = svg.querySelectorAll('polyline');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.getAttribute('points')!.split(' ')).toHaveLength(6);
    expect(svg.querySelectorAll('[data-region]')).toHaveLength(2);
    expect(svg.querySelectorAll('circle')).toHaveLength(12);
    // The higher series sits higher on screen (smaller y) at every point.
    const ys = (i: number) => lines[i]!.getAttribute('points')!.split(' ').map((p) => Number(p.split(',')[1]));
    ys(0).forEach((y, i) => expect(y).toBeLessThan(ys(1)[i]!));
    expect(textsOf(svg)).toEqual(['0', '100', '200', '300', '400', '500', ...MONTHS]);
    // Series colours: the brand accent follows the theme variable, the second is the brand text colour.
    expect(lines[0]!.style.getPropertyValue('stroke')).toBe('var(--ed-accent, #bb5611)');
    expect(lines[1]!.style.getPropertyValue('stroke')).toBe('var(--ed-text, #374151)');
    expect(figure.textContent).toContain('Total');
    expect(figure.textContent).toContain('Closed');
  });

  it('leaves the legend out for a single series', async () => {
    const { figure } = await drawn(<Chart type="line" labels={MONTHS} datasets={[TOTAL]} aria-label="Total" />, 'Total');
    expect(figure.textContent).not.toContain('Total');
  });

  it('draws a bar chart: one bar per label and dataset, grouped, growing from zero', async () => {
    const { svg } = await drawn(
      <Chart type="bar" labels={['Q1', 'Q2', 'Q3', 'Q4']} datasets={[{ name: 'Revenue', values: [420, 510, 480, 610] }, { name: 'Pipeline', values: [560, 640, 700, 760] }]} aria-label="Revenue vs Pipeline" />,
      'Revenue vs Pipeline',
    );
    const series = svg.querySelectorAll('[data-series]');
    expect(series).toHaveLength(2);
    for (const group of series) expect(group.querySelectorAll('rect')).toHaveLength(4);
    const [revenue, pipeline] = Array.from(series).map((g) => Array.from(g.querySelectorAll('rect')));
    // Each label's Pipeline bar stands right of its Revenue bar, taller, and both end on the same baseline.
    revenue!.forEach((bar, i) => {
      const other = pipeline![i]!;
      expect(Number(other.getAttribute('x'))).toBeGreaterThan(Number(bar.getAttribute('x')));
      expect(Number(other.getAttribute('height'))).toBeGreaterThan(Number(bar.getAttribute('height')));
      const bottom = (r: Element) => Number(r.getAttribute('y')) + Number(r.getAttribute('height'));
      expect(bottom(other)).toBeCloseTo(bottom(bar), 1);
    });
    expect(textsOf(svg)).toEqual(['0', '200', '400', '600', '800', 'Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('draws a donut: one path per slice in the series colours, and a legend with the values', async () => {
    const { figure, svg } = await drawn(
      <Chart type="donut" labels={['Agents', 'Properties']} datasets={[{ values: [45, 15] }]} colors={['#f97316', '#0ea5e9']} aria-label="Agents vs Properties" />,
      'Agents vs Properties',
    );
    const paths = svg.querySelectorAll<SVGPathElement>('path[data-index]');
    expect(paths).toHaveLength(2);
    expect(paths[1]!.style.getPropertyValue('fill')).toBe('#0ea5e9');
    // A donut's slices are rings: two arcs each.
    expect(paths[0]!.getAttribute('d')!.match(/A/g)).toHaveLength(2);
    expect(figure.textContent).toContain('Agents: 45');
    expect(figure.textContent).toContain('Properties: 15');
  });

  it('draws a pie as wedges from the centre', async () => {
    const { svg } = await drawn(<Chart type="pie" labels={['A', 'B', 'C']} datasets={[{ values: [1, 1, 2] }]} aria-label="Pie" />, 'Pie');
    const paths = Array.from(svg.querySelectorAll('path[data-index]'));
    expect(paths).toHaveLength(3);
    for (const p of paths) expect(p.getAttribute('d')!.match(/A/g)).toHaveLength(1);
  });

  it('shows a tooltip with the label and each value under the pointer, and hides it on leave', async () => {
    const { figure, svg } = await drawn(<Chart type="line" labels={MONTHS} datasets={[TOTAL, CLOSED]} aria-label="Trend" />, 'Trend');
    expect(tipOf(figure).hidden).toBe(true);
    const feb = Array.from(svg.querySelectorAll('text')).find((t) => t.textContent === 'Feb')!;
    fireEvent.pointerMove(svg, { clientX: Number(feb.getAttribute('x')), clientY: 50 });
    const tip = tipOf(figure);
    expect(tip.hidden).toBe(false);
    expect(tip.textContent).toBe('FebTotal345Closed124');
    fireEvent.pointerLeave(svg);
    expect(tipOf(figure).hidden).toBe(true);
    // A tap shows a band's figures too, and they stay as the finger lifts.
    const apr = Array.from(svg.querySelectorAll('text')).find((t) => t.textContent === 'Apr')!;
    fireEvent.pointerDown(svg, { clientX: Number(apr.getAttribute('x')), clientY: 50, pointerType: 'touch' });
    fireEvent.pointerLeave(svg, { pointerType: 'touch' });
    expect(tipOf(figure).hidden).toBe(false);
    expect(tipOf(figure).textContent).toBe('AprTotal390Closed150');
  });

  it('shows a slice’s label, share and value on hover over a donut', async () => {
    const { figure, svg } = await drawn(<Chart type="donut" labels={['Agents', 'Properties']} datasets={[{ values: [45, 15] }]} aria-label="Split" />, 'Split');
    const properties = svg.querySelector('path[data-index="1"]')!;
    fireEvent.pointerMove(properties, { clientX: 10, clientY: 10 });
    expect(tipOf(figure).textContent).toBe('Properties25%15');
    expect(properties.hasAttribute('data-active')).toBe(true);
    fireEvent.pointerLeave(properties.parentElement!);
    expect(tipOf(figure).hidden).toBe(true);
    expect(properties.hasAttribute('data-active')).toBe(false);
  });

  it('redraws when the data changes, and leaves the host empty when unmounted', async () => {
    const { figure, svg, rerender, unmount } = await drawn(<Chart type="line" labels={MONTHS} datasets={[TOTAL]} aria-label="Live" />, 'Live');
    const before = svg.querySelector('polyline')!.getAttribute('points');
    rerender(<Chart type="line" labels={MONTHS} datasets={[{ name: 'Total', values: [900, 10, 10, 10, 10, 10] }]} aria-label="Live" />);
    await waitFor(() => expect(figure.querySelector('polyline')?.getAttribute('points')).not.toBe(before));
    expect(figure.querySelectorAll('svg')).toHaveLength(1);
    expect(textsOf(figure.querySelector('svg')!)).toContain('1,000');
    const host = figure.firstElementChild!;
    unmount();
    expect(host.childNodes).toHaveLength(0);
  });

  it('draws an empty ring for a donut of zeros and an axis for a line of zeros', async () => {
    const { svg } = await drawn(<Chart type="donut" labels={['A', 'B']} datasets={[{ values: [0, 0] }]} aria-label="Nothing" />, 'Nothing');
    expect(svg.querySelectorAll('path[data-index]')).toHaveLength(0);
    expect(svg.querySelectorAll('path')).toHaveLength(1);
    cleanup();
    const line = await drawn(<Chart type="line" labels={['Jan', 'Feb']} datasets={[{ values: [0, 0] }]} aria-label="Flat" />, 'Flat');
    expect(textsOf(line.svg).slice(0, 2)).toEqual(['0', '0.2']);
  });
});

describe('svgChart renderer', () => {
  const options = { type: 'bar' as const, height: 200, title: 'Quarterly', data: { labels: ['Q1', 'Q2'], datasets: [{ name: 'Revenue', values: [5, 8] }] } };

  it('draws a title, sizes the SVG to the parent, follows its width, and cleans up on destroy', () => {
    const observers: Array<{ callback: () => void; observed: Element[]; disconnected: boolean }> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        entry: (typeof observers)[number];
        constructor(callback: () => void) {
          this.entry = { callback, observed: [], disconnected: false };
          observers.push(this.entry);
        }
        observe(el: Element) {
          this.entry.observed.push(el);
        }
        unobserve() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    const parent = document.createElement('div');
    let width = 480;
    Object.defineProperty(parent, 'clientWidth', { get: () => width });
    document.body.appendChild(parent);

    const chart = new SvgChart(parent, options);
    expect(parent.textContent).toContain('Quarterly');
    const svg = () => parent.querySelector('svg')!;
    expect(svg().getAttribute('width')).toBe('480');
    expect(svg().getAttribute('height')).toBe('200');
    expect(observers[0]!.observed).toEqual([parent]);

    width = 320;
    act(() => observers[0]!.callback());
    expect(parent.querySelectorAll('svg')).toHaveLength(1);
    expect(svg().getAttribute('width')).toBe('320');

    chart.destroy();
    expect(parent.childNodes).toHaveLength(0);
    expect(observers[0]!.disconnected).toBe(true);
    parent.remove();
  });
});
