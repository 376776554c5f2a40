/**
 * One circular gauge of the dashboard (docs/product/screens.md) in its card: the kit's `Gauge` ring
 * (`GAUGE` geometry), the value with thousands separators, and the caption.
 *
 * @example
 * <GaugeCard gauge={{ percentage: 48, value: 38566, caption: 'Conversions' }} />
 */
import type { ReactElement } from 'react';
import { formatNumber } from '../../core/format';
import { useConfig } from '../../runtime/useConfig';
import { css, cx, lazyStyles } from '../../ui/css';
import { Gauge } from '../../ui/Gauge';
import { v } from '../../ui/theme';
import { DEFAULT_GAUGE_TYPE, type GaugeSample } from './dashboardData';

export interface GaugeCardProps {
  gauge: GaugeSample;
  className?: string;
}

const styles = lazyStyles(() => ({
  card: css`
    display: flex;
    align-items: center;
    min-width: 0;
    height: 100%;
    padding: 20px 22px;
    border: 1px solid ${v('border')};
    border-radius: calc(${v('radius')} + 4px);
    background: ${v('surface')};
    box-shadow: ${v('shadow')};
    font-variant-numeric: tabular-nums;
  `,
}));

/**
 * A gauge card.
 *
 * @example
 * <GaugeCard gauge={GAUGES[1]} />
 */
export function GaugeCard({ gauge, className }: GaugeCardProps): ReactElement {
  const { locale } = useConfig();
  const s = styles();
  return (
    <section className={cx(s.card, className)} aria-label={gauge.caption}>
      <Gauge
        percentage={gauge.percentage}
        value={formatNumber(gauge.value, locale)}
        caption={gauge.caption}
        type={gauge.type ?? DEFAULT_GAUGE_TYPE}
        size={96}
      />
    </section>
  );
}
