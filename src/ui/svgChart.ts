/**
 * The kit's own chart renderer: line, bar, donut and pie charts drawn as plain SVG into a parent
 * element. It replaced a charting library that cost 18 KB gzip for the three simple charts the
 * dashboard draws. `Chart.tsx` loads this module lazily (its own chunk) and hands it the options.
 *
 * What it draws: a title if given; the plot sized to the parent's width and what `options.height`
 * leaves after title and legend (redrawn when the parent's width changes); a legend when there is more than one series, or
 * always for donut and pie; a tooltip on pointer hover. Text and grid take the suite's theme
 * variables, series colours come from `options.colors` (the brand accent and text colours among
 * them follow the theme, see `paint`). The SVG is decorative to assistive
 * technology: whoever shows a chart also shows its figures as text (ChartCard's hidden table).
 *
 * @example
 * const chart = new Chart(el, { type: 'bar', height: 240, colors: ['#f97316', '#374151'],
 *   data: { labels: ['Q1', 'Q2'], datasets: [{ name: 'Revenue', values: [5, 8] }, { name: 'Pipeline', values: [7, 9] }] } });
 * chart.destroy();
 */
import type { ChartOptions } from './Chart';
import { arcPath, bands, labelStride, niceTicks, scaleLinear, slices, textWidth } from './chartGeometry';
import { css, flushStyles, lazyStyles } from './css';
import { THEME_DEFAULTS, tint, v } from './theme';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT_SIZE = 11;
/** Used when the parent has no width yet (hidden, or not laid out); the observer redraws later. */
const FALLBACK_WIDTH = 600;
const MIN_PLOT_HEIGHT = 100;
const FALLBACK_COLOURS: string[] = [THEME_DEFAULTS.accent, THEME_DEFAULTS.text, '#0ea5e9', THEME_DEFAULTS.success, '#a855f7'];

const styles = lazyStyles(() => ({
  // A flex column: no margin collapses through the empty plot, so title and legend measure true.
  root: css`position: relative; width: 100%; display: flex; flex-direction: column;`,
  title: css`font-size: 14px; font-weight: 600; color: ${v('text')}; margin: 0 0 8px;`,
  svg: css`display: block; overflow: visible; max-width: none;`,
  axisText: css`fill: ${v('muted')}; font-size: ${FONT_SIZE}px;`,
  grid: css`stroke: ${v('border')}; stroke-width: 1; shape-rendering: crispEdges;`,
  baseline: css`stroke: ${tint('muted', 45)}; stroke-width: 1; shape-rendering: crispEdges;`,
  hoverBand: css`fill: ${tint('text', 6)};`,
  dot: css`stroke: ${v('surface')}; stroke-width: 1.5;`,
  slice: css`
    stroke: ${v('surface')};
    stroke-width: 2;
    transition: opacity 0.15s;
    [data-active] > & { opacity: 0.55; }
    [data-active] > &[data-active] { opacity: 1; }
    @media (prefers-reduced-motion: reduce) { transition: none; }
  `,
  track: css`fill: ${tint('text', 6)};`,
  legend: css`
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 4px 16px;
    margin-top: 8px;
    font-size: 12px;
    color: ${v('muted')};
  `,
  legendItem: css`display: inline-flex; align-items: center; gap: 6px; white-space: nowrap;`,
  swatch: css`display: inline-block; width: 10px; height: 10px; border-radius: 3px; flex: none;`,
  tip: css`
    position: absolute;
    z-index: ${v('z-overlay')};
    pointer-events: none;
    padding: 6px 10px;
    border-radius: 6px;
    background: ${v('surface')};
    border: 1px solid ${v('border')};
    box-shadow: ${v('shadow')};
    color: ${v('text')};
    font-size: 12px;
    line-height: 1.5;
    white-space: nowrap;
  `,
  tipTitle: css`font-weight: 600; margin-bottom: 2px;`,
  tipRow: css`display: flex; align-items: center; gap: 6px;`,
  tipValue: css`margin-left: auto; padding-left: 12px; font-weight: 600; font-variant-numeric: tabular-nums;`,
}));

type Attributes = Record<string, string | number | undefined>;

function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Attributes, parent?: Element): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) el.setAttribute(name, String(value));
  parent?.appendChild(el);
  return el;
}

function htmlEl(tag: string, className: string, parent?: Element, text?: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  parent?.appendChild(el);
  return el;
}

const round = (n: number) => Math.round(n * 100) / 100;

let gradientSeq = 0;

/**
 * The CSS value of a series colour. The brand palette's accent and text colours follow the
 * theme variables (an agency's own accent, light text in dark mode); set through the style
 * object, which a strict CSP allows and SVG presentation attributes (no `var()`) would not.
 */
function paint(colour: string): string {
  if (colour === THEME_DEFAULTS.accent) return v('accent');
  if (colour === THEME_DEFAULTS.text) return v('text');
  return colour;
}

function setPaint<E extends Element & ElementCSSInlineStyle>(el: E, property: 'fill' | 'stroke' | 'stop-color' | 'background', colour: string): E {
  el.style.setProperty(property, paint(colour));
  return el;
}

interface TipRow {
  colour: string;
  name: string;
  value: number;
}

/**
 * Draws one chart into `parent` and keeps it sized to the parent's width until `destroy()`.
 *
 * @example
 * new Chart(el, { type: 'donut', data: { labels: ['Agents', 'Properties'], datasets: [{ values: [45, 15] }] } })
 */
export class Chart {
  private readonly root: HTMLElement;
  private readonly plot: HTMLElement;
  private readonly tip: HTMLElement;
  private readonly observer: ResizeObserver | undefined;
  private readonly format: (n: number) => string;
  private readonly compact: (n: number) => string;
  private drawnWidth = -1;

  constructor(
    private readonly parent: HTMLElement,
    private readonly options: ChartOptions,
  ) {
    const s = styles();
    const lang = parent.closest('[lang]')?.getAttribute('lang') || undefined;
    const plain = new Intl.NumberFormat(lang);
    const short = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
    this.format = (n) => plain.format(n);
    this.compact = (n) => (Math.abs(n) >= 10_000 ? short.format(n) : plain.format(n));

    this.root = htmlEl('div', s.root);
    this.root.setAttribute('data-chart', options.type);
    if (options.title) htmlEl('div', s.title, this.root, options.title);
    this.plot = htmlEl('div', '', this.root);
    this.drawLegend();
    this.tip = htmlEl('div', s.tip, this.root);
    this.tip.hidden = true;
    this.tip.setAttribute('data-chart-tip', '');
    parent.appendChild(this.root);
    this.draw();

    if (typeof ResizeObserver !== 'undefined') {
      this.observer = new ResizeObserver(() => {
        if (this.width() !== this.drawnWidth) this.draw();
      });
      this.observer.observe(parent);
    }
  }

  /** Stops following the parent's size and removes everything this chart added. */
  destroy(): void {
    this.observer?.disconnect();
    this.root.remove();
  }

  private width(): number {
    return Math.round(this.parent.clientWidth) || FALLBACK_WIDTH;
  }

  private colour(i: number): string {
    const colours = this.options.colors?.length ? this.options.colors : FALLBACK_COLOURS;
    return colours[i % colours.length]!;
  }

  private draw(): void {
    const width = this.width();
    this.drawnWidth = width;
    this.hideTip();
    // The whole chart (title and legend included) keeps the height it was given, which is the
    // height of the placeholder shown while this module loads: nothing below it jumps. The
    // classes are written to the sheet first, or the legend would be measured unstyled.
    flushStyles();
    const chrome = this.root.offsetHeight - this.plot.offsetHeight;
    const height = Math.max(MIN_PLOT_HEIGHT, (this.options.height ?? 240) - chrome);
    const svg = svgEl('svg', { width, height, viewBox: `0 0 ${width} ${height}`, 'aria-hidden': 'true', focusable: 'false', class: styles().svg });
    if (this.options.type === 'donut' || this.options.type === 'pie') this.drawRound(svg, width, height);
    else this.drawAxes(svg, width, height);
    this.plot.replaceChildren(svg);
  }

  private drawLegend(): void {
    const { type, data } = this.options;
    const round = type === 'donut' || type === 'pie';
    const items = round
      ? data.labels.map((label, i) => `${label}: ${this.format(data.datasets[0]?.values[i] ?? 0)}`)
      : data.datasets.length > 1
        ? data.datasets.map((d, i) => d.name ?? `${i + 1}`)
        : [];
    if (items.length === 0) return;
    const s = styles();
    const legend = htmlEl('div', s.legend, this.root);
    legend.setAttribute('aria-hidden', 'true');
    items.forEach((text, i) => {
      const item = htmlEl('span', s.legendItem, legend);
      setPaint(htmlEl('span', s.swatch, item), 'background', this.colour(i));
      item.append(text);
    });
  }

  /** Line and bar charts: y axis with round ticks, x labels that fit, one series per dataset. */
  private drawAxes(svg: SVGSVGElement, width: number, height: number): void {
    const s = styles();
    const { labels, datasets } = this.options.data;
    const isBar = this.options.type === 'bar';
    const axis = niceTicks(datasets.flatMap((d) => d.values));
    const tickTexts = axis.ticks.map((t) => this.compact(t));
    const left = Math.max(...tickTexts.map((t) => textWidth(t, FONT_SIZE))) + 10;
    const top = 8;
    const bottom = height - FONT_SIZE - 12;
    const right = width - 8;
    const y = scaleLinear(axis.min, axis.max, bottom, top);
    const x = bands(labels.length, left, Math.max(0, right - left));

    const hoverBand = svgEl('rect', { class: s.hoverBand, x: 0, y: top, width: x.width, height: bottom - top, visibility: 'hidden' }, svg);
    axis.ticks.forEach((tick, i) => {
      const py = Math.round(y(tick)) + 0.5;
      svgEl('line', { class: tick === 0 ? s.baseline : s.grid, x1: left, x2: right, y1: py, y2: py }, svg);
      svgEl('text', { class: s.axisText, x: left - 8, y: py, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, svg).textContent = tickTexts[i]!;
    });
    const stride = labelStride(labels.length, x.width, Math.max(0, ...labels.map((l) => textWidth(l, FONT_SIZE))) + 8);
    labels.forEach((label, i) => {
      if (i % stride !== 0) return;
      svgEl('text', { class: s.axisText, x: x.centres[i], y: height - 4, 'text-anchor': 'middle' }, svg).textContent = label;
    });

    const zero = y(Math.min(Math.max(0, axis.min), axis.max));
    if (isBar) {
      const spaceRatio = this.options.barOptions?.spaceRatio ?? 0.4;
      const group = x.width * (1 - spaceRatio);
      const barWidth = group / Math.max(1, datasets.length);
      datasets.forEach((dataset, j) => {
        const series = setPaint(svgEl('g', { 'data-series': j }, svg), 'fill', this.colour(j));
        labels.forEach((_, i) => {
          const value = dataset.values[i] ?? 0;
          const barTop = Math.min(y(value), zero);
          const h = Math.abs(y(value) - zero);
          const px = x.centres[i]! - group / 2 + j * barWidth;
          svgEl('rect', { x: round(px + 1), y: round(barTop), width: round(Math.max(1, barWidth - 2)), height: round(h), rx: Math.min(3, barWidth / 4, h / 2) }, series);
        });
      });
    } else {
      const regionFill = Boolean(this.options.lineOptions?.regionFill ?? true);
      const dotSize = this.options.lineOptions?.dotSize ?? 3;
      datasets.forEach((dataset, j) => {
        const colour = this.colour(j);
        const points = labels.map((_, i) => [x.centres[i]!, y(dataset.values[i] ?? 0)] as const);
        const series = svgEl('g', { 'data-series': j }, svg);
        if (regionFill && points.length > 1) {
          const id = `ed-chart-fill-${++gradientSeq}`;
          const gradient = svgEl('linearGradient', { id, x1: 0, y1: 0, x2: 0, y2: 1 }, svgEl('defs', {}, series));
          setPaint(svgEl('stop', { offset: 0, 'stop-opacity': 0.22 }, gradient), 'stop-color', colour);
          setPaint(svgEl('stop', { offset: 1, 'stop-opacity': 0.02 }, gradient), 'stop-color', colour);
          const edge = points.map(([px, py]) => `L${round(px)} ${round(py)}`).join('');
          svgEl('path', { d: `M${round(points[0]![0])} ${round(zero)}${edge}L${round(points.at(-1)![0])} ${round(zero)}Z`, fill: `url(#${id})`, 'data-region': '' }, series);
        }
        const line = svgEl('polyline', { points: points.map(([px, py]) => `${round(px)},${round(py)}`).join(' '), fill: 'none', 'stroke-width': 2, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }, series);
        setPaint(line, 'stroke', colour);
        if (dotSize > 0) for (const [px, py] of points) setPaint(svgEl('circle', { class: s.dot, cx: round(px), cy: round(py), r: dotSize }, series), 'fill', colour);
      });
    }

    // Hover (or a tap): the band under the pointer is highlighted and its figures shown.
    const point = (event: PointerEvent) => {
      const [px] = this.pointer(svg, event, width);
      const i = Math.floor((px - left) / (x.width || 1));
      if (i < 0 || i >= labels.length) return this.leave(hoverBand);
      hoverBand.setAttribute('x', String(round(left + i * x.width)));
      hoverBand.setAttribute('visibility', 'visible');
      const highest = Math.max(axis.min, ...datasets.map((d) => d.values[i] ?? 0));
      const rows = datasets.map((d, j) => ({ colour: this.colour(j), name: d.name ?? '', value: d.values[i] ?? 0 }));
      this.showTip(labels[i] ?? '', rows, x.centres[i]!, y(highest));
    };
    svg.addEventListener('pointermove', point);
    svg.addEventListener('pointerdown', point);
    svg.addEventListener('pointerleave', (event) => {
      // A finger "leaves" as it lifts: the tapped figures stay until the next tap.
      if (event.pointerType !== 'touch') this.leave(hoverBand);
    });
  }

  /** Donut and pie: slices clockwise from twelve o'clock, a hole for donut. */
  private drawRound(svg: SVGSVGElement, width: number, height: number): void {
    const s = styles();
    const { labels, datasets } = this.options.data;
    const values = datasets[0]?.values ?? [];
    // Not the whole height: a ring as tall as the card outweighs the axis charts beside it.
    const outer = Math.max(10, Math.min(width / 2 - 4, height * 0.38));
    const inner = this.options.type === 'donut' ? outer * 0.64 : 0;
    const cx = width / 2;
    const cy = height / 2;
    const parts = slices(values);
    if (parts.length === 0) {
      svgEl('path', { class: s.track, d: arcPath(cx, cy, outer, inner, 0, 2 * Math.PI), 'fill-rule': 'evenodd' }, svg);
      return;
    }
    const group = svgEl('g', {}, svg);
    for (const part of parts) {
      const path = svgEl('path', { class: s.slice, d: arcPath(cx, cy, outer, inner, part.start, part.end), 'fill-rule': 'evenodd', 'data-index': part.index }, group);
      setPaint(path, 'fill', this.colour(part.index));
      const point = (event: PointerEvent) => {
        for (const other of Array.from(group.children)) other.toggleAttribute('data-active', other === path);
        group.setAttribute('data-active', '');
        const [px, py] = this.pointer(svg, event, width);
        const percent = `${Math.round(part.share * 1000) / 10}%`;
        this.showTip(labels[part.index] ?? '', [{ colour: this.colour(part.index), name: percent, value: part.value }], px, py - 8);
      };
      path.addEventListener('pointermove', point);
      path.addEventListener('pointerdown', point);
    }
    group.addEventListener('pointerleave', (event) => {
      if (event.pointerType === 'touch') return;
      group.removeAttribute('data-active');
      for (const other of Array.from(group.children)) other.removeAttribute('data-active');
      this.hideTip();
    });
  }

  private leave(hoverBand: SVGElement): void {
    hoverBand.setAttribute('visibility', 'hidden');
    this.hideTip();
  }

  /** The pointer's position in SVG units (the SVG is drawn 1:1 with the parent's width). */
  private pointer(svg: SVGSVGElement, event: PointerEvent, width: number): [number, number] {
    const box = svg.getBoundingClientRect();
    const scale = box.width ? width / box.width : 1;
    return [(event.clientX - box.left) * scale, (event.clientY - box.top) * scale];
  }

  /** Shows the tooltip above (x, y) of the plot, kept inside the chart's width. */
  private showTip(title: string, rows: TipRow[], x: number, y: number): void {
    const s = styles();
    const tip = this.tip;
    tip.replaceChildren();
    htmlEl('div', s.tipTitle, tip, title);
    for (const row of rows) {
      const line = htmlEl('div', s.tipRow, tip);
      setPaint(htmlEl('span', s.swatch, line), 'background', row.colour);
      if (row.name) line.append(row.name);
      htmlEl('span', s.tipValue, line, this.format(row.value));
    }
    tip.hidden = false;
    const offsetTop = this.plot.offsetTop;
    const w = tip.offsetWidth;
    const h = tip.offsetHeight;
    const chartWidth = this.root.clientWidth;
    let left = x - w / 2;
    let top = offsetTop + y - h - 10;
    if (top < 0) {
      // No room above the point: beside it instead, so the tip never hides what it describes.
      top = offsetTop + Math.max(0, y - h / 2);
      left = x + 16 + w <= chartWidth ? x + 16 : x - 16 - w;
    }
    tip.style.left = `${Math.round(Math.min(Math.max(0, chartWidth - w), Math.max(0, left)))}px`;
    tip.style.top = `${Math.round(top)}px`;
  }

  private hideTip(): void {
    this.tip.hidden = true;
  }
}
