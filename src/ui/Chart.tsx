/**
 * Dashboard charts (docs/product/screens.md: line Total vs Closed Properties, doughnut Agents vs
 * Properties, bar Revenue vs Pipeline) drawn by the kit's own SVG renderer (`svgChart.ts`). The
 * renderer is loaded with a dynamic `import()` inside an effect, so it is a separate chunk fetched
 * only when a chart is on screen; a placeholder of the same height holds the space meanwhile. The
 * chart is destroyed on unmount and rebuilt when its data changes.
 *
 * @example
 * <Chart type="donut" labels={['Agents', 'Properties']} datasets={[{ values: [45, 15] }]} aria-label="Agents vs Properties" />
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { css, cx, keyframes, lazyStyles } from './css';
import { UI_TEXT } from './labels';
import { THEME_DEFAULTS, tint, v } from './theme';
import { visuallyHidden } from './visuallyHidden';

export type ChartType = 'line' | 'bar' | 'donut' | 'pie';

export interface ChartDataset {
  name?: string;
  values: number[];
}

/** What the component passes to the chart module's constructor. */
export interface ChartOptions {
  title?: string;
  type: ChartType;
  data: { labels: string[]; datasets: ChartDataset[] };
  /** Height of the whole chart in pixels, title and legend included. */
  height?: number;
  colors?: string[];
  /** `regionFill`: a translucent area under each line; `dotSize`: radius of the points (0: none). */
  lineOptions?: { regionFill?: boolean | 0 | 1; dotSize?: number };
  /** `spaceRatio`: the share of each label's band left empty between bar groups (0–1). */
  barOptions?: { spaceRatio?: number };
}

/** A charting module: the kit's SVG renderer by default (tests and hosts may pass another). */
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
  /** Loads the charting module; defaults to the kit's lazily imported SVG renderer. */
  load?: () => Promise<ChartModule>;
}

/** Brand series colours, as literal colours: series are drawn as SVG presentation attributes. */
export const CHART_COLOURS = [THEME_DEFAULTS.accent, THEME_DEFAULTS.text, '#0ea5e9', THEME_DEFAULTS.success, '#a855f7'];

const loadSvgChart = (): Promise<ChartModule> => import('./svgChart');

const styles = lazyStyles(() => {
  const shimmer = keyframes`0% { opacity: 0.55; } 50% { opacity: 1; } 100% { opacity: 0.55; }`;
  return {
    root: css`position: relative; width: 100%; min-width: 0;`,
    host: css`position: relative; width: 100%;`,
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
export function Chart({ type, labels, datasets, height = 260, colors = CHART_COLOURS, title, className, load = loadSvgChart, 'aria-label': ariaLabel }: ChartProps): ReactElement {
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
        chart = new mod.Chart(host, {
          type: spec.type,
          title: spec.title,
          height: spec.height,
          colors: spec.colors,
          data: { labels: spec.labels, datasets: spec.datasets },
          lineOptions: { regionFill: 1, dotSize: 3 },
          barOptions: { spaceRatio: 0.4 },
        });
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
      // Whatever a swapped-in module left behind goes too, before a rebuild or unmount.
      host.replaceChildren();
    };
  }, [signature, load]);

  const s = styles();
  return (
    <div className={cx(s.root, className)} role="figure" aria-label={ariaLabel} aria-busy={(!ready && !failed) || undefined} style={{ minHeight: height }}>
      <div ref={hostRef} className={s.host} aria-hidden={failed || undefined} />
      {!ready && !failed && (
        <div className={s.placeholder} data-chart-placeholder="">
          <span className={visuallyHidden()}>{UI_TEXT.loading}</span>
        </div>
      )}
      {failed && <div className={s.failed}>{UI_TEXT.somethingWentWrong}</div>}
    </div>
  );
}
