/**
 * A chart in a card (docs/product/screens.md: Total vs Closed Properties, Agents vs Properties,
 * Revenue vs Pipeline). The kit's `Chart` loads its SVG renderer lazily; beside it sits the same
 * data as a visually hidden table, because an SVG chart tells a screen reader nothing about its
 * figures.
 *
 * @example
 * <ChartCard type="donut" chart={AGENTS_VS_PROPERTIES} />
 */
import { useMemo, type ReactElement } from 'react';
import { formatNumber } from '../../core/format';
import { useConfig } from '../../runtime/useConfig';
import { Card } from '../../ui/Card';
import { Chart, type ChartModule, type ChartType } from '../../ui/Chart';
import { css, cx, lazyStyles } from '../../ui/css';
import { visuallyHidden } from '../../ui/visuallyHidden';
import type { ChartSample } from './dashboardData';

export interface ChartCardProps {
  type: ChartType;
  chart: ChartSample;
  /** Series colours; the kit's brand palette by default. */
  colors?: string[];
  height?: number;
  /** Loads the charting module (tests and hosts may swap it); the kit's SVG renderer by default. */
  loadChart?: () => Promise<ChartModule>;
  className?: string;
}

const styles = lazyStyles(() => ({
  card: css`height: 100%;`,
}));

/**
 * A chart card.
 *
 * @example
 * <ChartCard type="line" chart={TOTAL_VS_CLOSED} />
 */
export function ChartCard({ type, chart, colors, height = 260, loadChart, className }: ChartCardProps): ReactElement {
  const { locale } = useConfig();
  // The kit's Chart wants mutable arrays; copy once per sample, not on every render.
  const labels = useMemo(() => [...chart.labels], [chart]);
  const datasets = useMemo(() => chart.datasets.map((d) => ({ name: d.name, values: [...d.values] })), [chart]);
  const s = styles();
  return (
    <Card title={chart.title} subtitle={chart.subtitle} headingAs="h3" className={cx(s.card, className)}>
      <Chart
        type={type}
        labels={labels}
        datasets={datasets}
        height={height}
        aria-label={chart.title}
        {...(colors ? { colors } : {})}
        {...(loadChart ? { load: loadChart } : {})}
      />
      <table className={visuallyHidden()}>
        <caption>{chart.title}</caption>
        <thead>
          <tr>
            <td />
            {chart.datasets.map((d) => (
              <th key={d.name} scope="col">
                {d.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {chart.datasets.map((d) => (
                <td key={d.name}>{formatNumber(d.values[i], locale)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
