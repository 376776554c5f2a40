/**
 * A tiny trend line for the dashboard's trend cards (docs/product/screens.md): green when the change is
 * positive, otherwise red, with a soft fill under the line.
 *
 * @example
 * <Sparkline values={[12, 14, 13, 17, 18]} change={2.6} label="Total Number of Leads trend" />
 */
import { useId, type ReactElement } from 'react';
import { sparklinePoints, sparklineTrend } from './sparklinePoints';
import { v } from './theme';

export interface SparklineProps {
  values: ReadonlyArray<number>;
  /** The period's change; decides the colour. */
  change: number;
  width?: number;
  height?: number;
  /** Accessible name; without it the line is decorative. */
  label?: string;
  className?: string;
}

/**
 * A sparkline.
 *
 * @example
 * <Sparkline values={lost} change={-0.1} />
 */
export function Sparkline({ values, change, width = 120, height = 36, label, className }: SparklineProps): ReactElement {
  const gradientId = `ed-spark${useId().replace(/[^\w-]/g, '')}`;
  const trend = sparklineTrend(change);
  const colour = v(trend === 'up' ? 'success' : 'danger');
  const points = sparklinePoints(values, width, height);
  const area = points ? `2,${height} ${points} ${width - 2},${height}` : '';
  return (
    <svg
      className={className}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      data-trend={trend}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
      style={{ color: colour, overflow: 'visible' }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity={0.18} />
          <stop offset="100%" stopColor="currentColor" stopOpacity={0} />
        </linearGradient>
      </defs>
      {area && <polygon points={area} fill={`url(#${gradientId})`} stroke="none" />}
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
