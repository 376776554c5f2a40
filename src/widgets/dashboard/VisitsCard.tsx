/**
 * The dashboard's "Visits done this month" card: site visits marked done whose start is in the
 * company's current month (contract/dashboard.ts, `visits`), and a link to the calendar. Shown to
 * those who may read appointments (event-read).
 *
 * @example
 * <VisitsCard visits={{ title: 'Visits done this month', value: 4, note: 'Site visits marked done in November 2026' }} />
 */
import type { ReactElement } from 'react';
import { formatNumber } from '../../core/format';
import { Link } from '../../runtime/router';
import { useConfig } from '../../runtime/useConfig';
import { css, cx, lazyStyles } from '../../ui/css';
import { Icon } from '../../ui/Icon';
import { tint, v } from '../../ui/theme';
import { CALENDAR_SCREENS } from '../calendar/widget';
import { LIVE_TEXT, type VisitsSample } from './liveModel';

const styles = lazyStyles(() => ({
  card: css`
    display: flex;
    flex-direction: column;
    gap: 10px;
    min-width: 0;
    height: 100%;
    padding: 18px 20px;
    border: 1px solid ${v('border')};
    border-radius: calc(${v('radius')} + 4px);
    background: ${v('surface')};
    box-shadow: ${v('shadow')};
  `,
  head: css`display: flex; align-items: center; justify-content: space-between; gap: 8px;`,
  title: css`margin: 0; font-size: 14px; font-weight: 500; color: ${v('muted')};`,
  icon: css`display: inline-flex; padding: 6px; border-radius: 999px; background: ${tint('accent', 12)}; color: ${v('accent')};`,
  value: css`margin: 0; font-size: 26px; font-weight: 700; line-height: 1.15; color: ${v('text')}; font-variant-numeric: tabular-nums;`,
  note: css`margin: 0; font-size: 13px; color: ${v('muted')};`,
  link: css`margin-top: auto; font-size: 13px; font-weight: 600; color: ${v('accent')};`,
}));

export function VisitsCard({ visits, className }: { visits: VisitsSample; className?: string }): ReactElement {
  const s = styles();
  const { locale } = useConfig();
  return (
    <section className={cx(s.card, className)} aria-label={visits.title}>
      <div className={s.head}>
        <h3 className={s.title}>{visits.title}</h3>
        <span className={s.icon} aria-hidden="true">
          <Icon name="check" size={16} />
        </span>
      </div>
      <p className={s.value}>{formatNumber(visits.value, locale)}</p>
      <p className={s.note}>{visits.note}</p>
      <Link to={CALENDAR_SCREENS.calendar.href()} className={s.link}>
        {LIVE_TEXT.openCalendar}
      </Link>
    </section>
  );
}
