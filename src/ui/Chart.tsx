/**
 * Dashboard charts (SPEC §2: line Total vs Closed Properties, doughnut Agents vs Properties, bar
 * Revenue vs Pipeline) on frappe-charts. The library is loaded with a dynamic `import()` inside
 * an effect, so it is a separate chunk fetched only when a chart is on screen; a placeholder of
 * the same height holds the space meanwhile. The chart is destroyed on unmount and rebuilt when
 * its data changes.
 *
 * @example
 * <Chart type="donut" labels={['Agents', 'Properties']} datasets={[{ values: [45, 15] }]} aria-label="Agents vs Properties" />
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { css, cx, insertStaticCss, keyframes, lazyStyles } from './css';
import { UI_TEXT } from './labels';
import { THEME_DEFAULTS, tint, v } from './theme';
import { visuallyHidden } from './visuallyHidden';

export type ChartType = 'line' | 'bar' | 'donut' | 'pie';

export interface ChartDataset {
  name?: string;
  values: number[];
}

/** What the component passes to frappe-charts' constructor (its module ships no types). */
export interface ChartOptions {
  title?: string;
  type: 'line' | 'bar' | 'pie' | 'donut' | 'percentage' | 'axis-mixed' | 'heatmap';
  data: { labels: string[]; datasets: Array<{ name?: string; values: number[]; chartType?: string }> };
  height?: number;
  colors?: string[];
  animate?: boolean | 0 | 1;
  truncateLegends?: boolean;
  maxSlices?: number;
  axisOptions?: Record<string, unknown>;
  lineOptions?: Record<string, unknown>;
  barOptions?: Record<string, unknown>;
  tooltipOptions?: Record<string, unknown>;
}

/** The part of frappe-charts' module the component uses (tests pass a fake one). */
export interface ChartModule {
  Chart: new (parent: HTMLElement, options: ChartOptions) => { destroy(): void };
}

export interface ChartProps {
  type: ChartType;
  labels: string[];
  datasets: ChartDataset[];
  /** Height in pixels (default 260). */
  height?: number;
  /** Series colours; defaults to the brand palette (orange first). */
  colors?: string[];
  title?: string;
  /** Accessible summary of what the chart shows. */
  'aria-label': string;
  className?: string;
  /** Loads the charting module; defaults to `import('frappe-charts')`. */
  load?: () => Promise<ChartModule>;
}

/** Brand series colours; frappe-charts needs literal colours, not CSS variables. */
export const CHART_COLOURS = [THEME_DEFAULTS.accent, THEME_DEFAULTS.text, '#0ea5e9', THEME_DEFAULTS.success, '#a855f7'];

// Bundlers resolving frappe-charts for the browser pick its UMD build (package.json `browser`),
// whose exports arrive under `default`; the ESM build has them at the top. Accept both.
const loadFrappe = (): Promise<ChartModule> =>
  import('frappe-charts').then((mod) => {
    const namespace = mod as unknown as Partial<ChartModule> & { default?: Partial<ChartModule> };
    const Chart = namespace.Chart ?? namespace.default?.Chart;
    if (!Chart) throw new Error('frappe-charts: no Chart export');
    return { Chart };
  });

// frappe-charts injects its CSS into document.head without a nonce at import time. Copying it
// into the suite's own sheet makes it work under a strict CSP and inside shadow-DOM mounts.
function adoptFrappeCss(): void {
  if (typeof document === 'undefined') return;
  for (const style of Array.from(document.head.querySelectorAll('style'))) {
    const text = style.textContent ?? '';
    if (text.startsWith('.chart-container{')) {
      insertStaticCss(text);
      return;
    }
  }
}

const styles = lazyStyles(() => {
  const shimmer = keyframes`0% { opacity: 0.55; } 50% { opacity: 1; } 100% { opacity: 0.55; }`;
  return {
    root: css`position: relative; width: 100%; min-width: 0;`,
    host: css`
      width: 100%;
      & .chart-container { font-family: inherit; }
      & .title { font-size: 14px; font-weight: 600; fill: ${v('text')}; }
      & .graph-svg-tip { z-index: ${v('z-overlay')}; }
    `,
    failed: css`
      position: absolute;
      inset: 0;
      display: flex;
      align-items: center;
      justify-content: center;
      border: 1px dashed ${v('border')};
      border-radius: ${v('radius')};
      color: ${v('muted')};
      font-size: 13px;
    `,
    placeholder: css`
      position: absolute;
      inset: 0;
      border-radius: ${v('radius')};
      background: linear-gradient(180deg, ${tint('text', 4)}, ${tint('text', 7)});
      animation: ${shimmer} 1.4s ease-in-out infinite;
      @media (prefers-reduced-motion: reduce) { animation: none; }
    `,
  };
});

/**
 * A lazily loaded chart.
 *
 * @example
 * <Chart type="bar" labels={['Q1', 'Q2', 'Q3', 'Q4']} datasets={[{ name: 'Revenue', values: [5, 8, 6, 9] }, { name: 'Pipeline', values: [7, 9, 8, 12] }]} aria-label="Revenue vs Pipeline" />
 */
export function Chart({ type, labels, datasets, height = 260, colors = CHART_COLOURS, title, className, load = loadFrappe, 'aria-label': ariaLabel }: ChartProps): ReactElement {
  const hostRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  // Rebuild only when what is drawn changes, not on every parent render.
  const signature = JSON.stringify({ type, labels, datasets, height, colors, title });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let chart: { destroy(): void } | null = null;
    const spec = JSON.parse(signature) as Pick<ChartProps, 'type' | 'labels' | 'datasets' | 'height' | 'colors' | 'title'>;
    load()
      .then((mod) => {
        if (cancelled) return;
        adoptFrappeCss();
        chart = new mod.Chart(host, {
          type: spec.type,
          title: spec.title,
          height: spec.height,
          colors: spec.colors,
          data: { labels: spec.labels, datasets: spec.datasets },
          axisOptions: { xIsSeries: true },
          lineOptions: { regionFill: 1, dotSize: 3 },
          barOptions: { spaceRatio: 0.4 },
          truncateLegends: true,
          // frappe's entry animation re-parents nodes on timers; a resize during it (a modal
          // opening, a sidebar collapsing) throws inside the library and leaves an empty chart.
          animate: false,
        });
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
      // frappe leaves its SVG and tooltip behind; clear them before a rebuild or unmount.
      host.replaceChildren();
    };
  }, [signature, load]);

  const s = styles();
  return (
    <div className={cx(s.root, className)} role="figure" aria-label={ariaLabel} aria-busy={(!ready && !failed) || undefined} style={{ minHeight: height }}>
      {/* Third-party markup: kept out of the scoped reset so frappe's own CSS applies. */}
      <div ref={hostRef} className={s.host} data-ed-foreign="" aria-hidden={failed || undefined} />
      {!ready && !failed && (
        <div className={s.placeholder} data-chart-placeholder="">
          <span className={visuallyHidden()}>{UI_TEXT.loading}</span>
        </div>
      )}
      {failed && <div className={s.failed}>{UI_TEXT.somethingWentWrong}</div>}
    </div>
  );
}
