/**
 * The dashboard's default mode: the company's real figures from one call (GET /dashboard/summary),
 * fetched again every minute while the page is visible (and on return to it, when older than
 * that). Loading, an error with retry, and — for a company with no leads and no properties yet —
 * a welcome that says how the dashboard fills up, not a page of zeros.
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { useLiveReload } from '../../runtime/useLiveUpdates';
import { useQuery } from '../../runtime/useQuery';
import { Link } from '../../runtime/router';
import { CHART_COLOURS, type ChartModule } from '../../ui/Chart';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { buttonStyles } from '../../ui/Button';
import { ChartCard } from './ChartCard';
import { dashboardKeys, useDashboardApi } from './dashboardApi';
import { dashboardStyles } from './dashboardStyles';
import { GaugeCard } from './GaugeCard';
import { LatestLeads, LiveTopProperties } from './LiveLists';
import { agentsVsPropertiesChart, leadsVsWonChart, LIVE_TEXT, liveGauges, liveTrends, liveVisits, REFRESH_MS } from './liveModel';
import { TrendCard } from './TrendCard';
import { VisitsCard } from './VisitsCard';
import { LEADS_SCREENS } from '../leads-board/widget';
import { PROPERTY_SCREENS } from '../property-inventory/widget';

export interface LiveDashboardProps {
  welcome: ReactElement;
  loadChart?: () => Promise<ChartModule>;
  /** Tells the header when the figures were counted. */
  onGenerated?: (at: string | null) => void;
}

const DOUGHNUT_COLOURS = CHART_COLOURS.slice(0, 2);

/** Calls `refresh` every REFRESH_MS while the document is visible, and on coming back after longer. */
function useRefreshWhileVisible(refresh: () => void, fetchedAt: number | null): void {
  const last = useRef(fetchedAt);
  last.current = fetchedAt;
  useEffect(() => {
    if (typeof document === 'undefined') return;
    const stale = () => last.current !== null && Date.now() - last.current >= REFRESH_MS;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && stale()) refresh();
    }, REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && stale()) refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);
}

export function LiveDashboard({ welcome, loadChart, onGenerated }: LiveDashboardProps): ReactElement {
  const s = dashboardStyles();
  const api = useDashboardApi();
  const query = useQuery(dashboardKeys.summary, (signal) => api.summary(signal));
  // The figures follow a colleague's change at once, not only on the next timed refresh.
  useLiveReload(['lead', 'import', 'property', 'user', 'appointment'], [dashboardKeys.summary]);
  const summary = query.data;
  const fetchedAt = useRef<number | null>(null);
  const seen = useRef<unknown>(null);
  if (summary && seen.current !== summary) {
    seen.current = summary;
    fetchedAt.current = Date.now();
  }
  useRefreshWhileVisible(query.refetch, fetchedAt.current);
  useEffect(() => onGenerated?.(summary?.generated_at ?? null), [summary, onGenerated]);

  if (query.status === 'error' && !summary) return <ErrorState message={LIVE_TEXT.failed} onRetry={query.refetch} />;
  if (!summary) return <LoadingState label={LIVE_TEXT.loading} />;

  const chartProps = loadChart ? { loadChart } : {};
  if (!summary.has_data) {
    const button = buttonStyles();
    return (
      <div className={s.grid}>
        {welcome}
        <div className={`${s.area.welcome} ${s.emptyPanel}`}>
          <EmptyState
            icon="inbox"
            title={LIVE_TEXT.emptyTitle}
            description={LIVE_TEXT.emptyText}
            action={
              <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center' }}>
                {summary.visible.leads && (
                  <Link to={LEADS_SCREENS.board.href()} className={`${button.base} ${button.md} ${button.primary}`}>
                    {LIVE_TEXT.addLead}
                  </Link>
                )}
                {summary.visible.properties && (
                  <Link to={PROPERTY_SCREENS.add.href()} className={`${button.base} ${button.md} ${button.secondary}`}>
                    {LIVE_TEXT.addProperty}
                  </Link>
                )}
              </span>
            }
          />
        </div>
      </div>
    );
  }

  const leadsChart = leadsVsWonChart(summary);
  const doughnut = agentsVsPropertiesChart(summary);
  const visits = liveVisits(summary);
  // The visits card joins the trend cards' row; alone it takes a trend card's room.
  const statArea = visits ? s.area.stat : s.area.trend;
  return (
    <div className={s.grid} aria-busy={query.fetching || undefined}>
      {welcome}
      {liveGauges(summary).map((gauge) => (
        <GaugeCard key={gauge.caption} gauge={gauge} className={s.area.gauge} />
      ))}
      {liveTrends(summary).map((trend) => (
        <TrendCard key={trend.title} trend={trend} className={statArea} />
      ))}
      {visits && <VisitsCard visits={visits} className={statArea} />}
      {leadsChart && <ChartCard type="line" chart={leadsChart} className={doughnut ? s.area.liveLine : s.area.full} {...chartProps} />}
      {doughnut && <ChartCard type="donut" chart={doughnut} colors={DOUGHNUT_COLOURS} className={leadsChart ? s.area.liveDoughnut : s.area.full} {...chartProps} />}
      {summary.top_properties && <LiveTopProperties properties={summary.top_properties} className={summary.latest_leads ? s.area.list : s.area.full} />}
      {summary.latest_leads && <LatestLeads leads={summary.latest_leads} className={summary.top_properties ? s.area.table : s.area.full} />}
    </div>
  );
}
