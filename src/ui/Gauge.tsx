/**
 * The dashboard's circular gauge (docs/product/screens.md: Conversions at 48 percent with value
 * 38,566): an SVG ring of radius 27 and stroke 6 whose arc is proportional to the percentage
 * (clamped 0–100), the percentage in the middle, the value and caption beside it.
 *
 * @example
 * <Gauge percentage={48} value="38,566" caption="Conversions" />
 */
import type { ReactElement, ReactNode } from 'react';
import { css, lazyStyles } from './css';
import { gaugeArc } from './gaugeArc';
import { v, type ThemeToken } from './theme';

export interface GaugeProps {
  /** 0–100; values outside are clamped. */
  percentage: number;
  /** The figure shown beside the ring (already formatted). */
  value: ReactNode;
  caption: ReactNode;
  /** What is measured (default 'user', docs/product/screens.md); picks the ring colour and is exposed as `data-type`. */
  type?: 'user' | 'property' | (string & {});
  /** Rendered diameter in pixels (default 88). */
  size?: number;
}

const TYPE_COLOUR: Record<string, ThemeToken> = { user: 'accent', property: 'info' };

const styles = lazyStyles(() => ({
  root: css`display: flex; align-items: center; gap: 16px; min-width: 0;`,
  ring: css`position: relative; flex: none;`,
  svg: css`display: block; width: 100%; height: 100%; transform: rotate(-90deg);`,
  centre: css`
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    font-size: 16px;
    font-weight: 700;
    color: ${v('text')};
  `,
  value: css`margin: 0; font-size: 22px; font-weight: 700; line-height: 1.2; color: ${v('text')};`,
  caption: css`margin: 2px 0 0; font-size: 13px; color: ${v('muted')};`,
}));

/**
 * A percentage ring with a value and caption.
 *
 * @example
 * <Gauge percentage={75} value="45,566" caption="Total number of properties" type="property" />
 */
export function Gauge({ percentage, value, caption, type = 'user', size = 88 }: GaugeProps): ReactElement {
  const arc = gaugeArc(percentage);
  const centre = arc.size / 2;
  const colour = v(TYPE_COLOUR[type] ?? 'accent');
  const rounded = Math.round(arc.percentage);
  const s = styles();
  return (
    <div className={s.root} data-type={type}>
      <div className={s.ring} style={{ width: size, height: size }} role="img" aria-label={typeof caption === 'string' ? `${caption}: ${rounded}%` : `${rounded}%`}>
        <svg className={s.svg} viewBox={`0 0 ${arc.size} ${arc.size}`} aria-hidden="true" focusable="false">
          <circle cx={centre} cy={centre} r={arc.radius} fill="none" strokeWidth={arc.strokeWidth} style={{ stroke: v('border') }} />
          <circle
            data-arc=""
            cx={centre}
            cy={centre}
            r={arc.radius}
            fill="none"
            strokeWidth={arc.strokeWidth}
            strokeLinecap="round"
            strokeDasharray={arc.dashArray}
            strokeDashoffset={arc.dashOffset}
            style={{ stroke: colour, transition: 'stroke-dashoffset 0.6s ease' }}
          />
        </svg>
        <span className={s.centre} aria-hidden="true">
          {rounded}%
        </span>
      </div>
      <div>
        <p className={s.value}>{value}</p>
        <p className={s.caption}>{caption}</p>
      </div>
    </div>
  );
}
