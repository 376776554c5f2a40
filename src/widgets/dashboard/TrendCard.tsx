/**
 * A trend card (docs/product/screens.md): a total, its change ("up 2.6 percent") and a sparkline
 * that is green when the change is positive, otherwise red.
 *
 * @example
 * <TrendCard trend={{ title: 'Total Active Leads', value: 4876, change: 0.2, direction: 'up', series }} />
 */
import type { ReactElement } from 'react';
import { formatNumber } from '../../core/format';
import { useConfig } from '../../runtime/useConfig';
import { css, cx, lazyStyles } from '../../ui/css';
import { Sparkline } from '../../ui/Sparkline';
import { tint, v } from '../../ui/theme';
import { visuallyHidden } from '../../ui/visuallyHidden';
import type { TrendSample } from './dashboardData';
import { formatChange, signedChange, TREND_TOKENS, trendTone } from './dashboardModel';

export interface TrendCardProps {
  trend: TrendSample;
  className?: string;
}

/** Screen-reader words for the direction of a change. */
export const TREND_DIRECTION_TEXT = { up: 'Up', down: 'Down' } as const;

const styles = lazyStyles(() => ({
  card: css`
    display: flex;
    flex-direction: column;
    gap: 12px;
    min-width: 0;
    height: 100%;
    padding: 18px 20px;
    border: 1px solid ${v('border')};
    border-radius: calc(${v('radius')} + 4px);
    background: ${v('surface')};
    box-shadow: ${v('shadow')};
  `,
  title: css`margin: 0; font-size: 14px; font-weight: 500; color: ${v('muted')};`,
  row: css`
    display: flex;
    align-items: flex-end;
    justify-content: space-between;
    gap: 8px 16px;
  `,
  value: css`
    margin: 0;
    font-size: 26px;
    font-weight: 700;
    line-height: 1.15;
    color: ${v('text')};
    font-variant-numeric: tabular-nums;
  `,
  change: css`
    display: inline-flex;
    align-items: center;
    gap: 4px;
    margin-top: 6px;
    padding: 2px 8px;
    border-radius: 999px;
    font-size: 12px;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  `,
  positive: css`color: ${v('success-text')}; background: ${tint('success', 12)};`,
  negative: css`color: ${v('danger-text')}; background: ${tint('danger', 12)};`,
  // Shrinks (keeping its proportions) before it would push the figure onto its own line.
  figures: css`flex: none;`,
  arrow: css`flex: none;`,
  spark: css`flex: 0 1 128px; min-width: 56px; height: auto;`,
}));

function Arrow({ down, className }: { down: boolean; className: string }): ReactElement {
  return (
    <svg className={className} width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={down ? 'M12 5v14M19 12l-7 7-7-7' : 'M12 19V5M5 12l7-7 7 7'} />
    </svg>
  );
}

/**
 * A trend card.
 *
 * @example
 * <TrendCard trend={TRENDS[2]} />
 */
export function TrendCard({ trend, className }: TrendCardProps): ReactElement {
  const { locale } = useConfig();
  const tone = trendTone(trend);
  const change = signedChange(trend);
  const s = styles();
  return (
    <section className={cx(s.card, className)} aria-label={trend.title} data-tone={tone} data-colour={TREND_TOKENS[tone]}>
      <h3 className={s.title}>{trend.title}</h3>
      <div className={s.row}>
        <div className={s.figures}>
          <p className={s.value}>{formatNumber(trend.value, locale)}</p>
          <span className={cx(s.change, s[tone])}>
            <Arrow down={trend.direction === 'down'} className={s.arrow} />
            <span className={visuallyHidden()}>{TREND_DIRECTION_TEXT[trend.direction]} </span>
            <span>{trend.changeLabel ?? formatChange(trend.change)}</span>
          </span>
        </div>
        <Sparkline className={s.spark} values={trend.series} change={change} width={128} height={44} />
      </div>
    </section>
  );
}
