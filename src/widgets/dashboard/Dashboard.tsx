/**
 * The dashboard home. `mode="sample"` is the static sample of docs/product/screens.md ("Dashboard")
 * exactly: the welcome card, two gauges and three trend cards on top, three charts in the middle,
 * the properties in demand and the Total Leads table at the bottom, every figure from
 * `dashboardData.ts`, nothing fetched. The default `live` mode shows the company's real figures
 * (`LiveDashboard.tsx`, one summary call refreshed every minute while visible).
 *
 * @example
 * <RuntimeProvider runtime={runtime}><Dashboard websiteUrl="https://www.example.com/" /></RuntimeProvider>
 */
import { useState, type ReactElement } from 'react';
import { useConfig } from '../../runtime/useConfig';
import { CHART_COLOURS, type ChartModule } from '../../ui/Chart';
import { cx } from '../../ui/css';
import { ChartCard } from './ChartCard';
import {
  AGENTS_VS_PROPERTIES,
  GAUGES,
  LEADS,
  LEADS_TABLE_PAGE_SIZE,
  REVENUE_VS_PIPELINE,
  TOP_PROPERTIES,
  TOTAL_VS_CLOSED,
  TRENDS,
} from './dashboardData';
import { dashboardStyles } from './dashboardStyles';
import { GaugeCard } from './GaugeCard';
import { LeadsTable } from './LeadsTable';
import { LiveDashboard } from './LiveDashboard';
import { TopProperties } from './TopProperties';
import { TrendCard } from './TrendCard';
import { WelcomeCard } from './WelcomeCard';

export interface DashboardProps {
  /** `live` (default): the company's real figures; `sample`: the static sample figures. */
  mode?: 'live' | 'sample';
  /** Where the welcome card's website link points (default `PRODUCT_WEBSITE_URL`). */
  websiteUrl?: string;
  /** What Get Started does; the product gives it no action, so by default nothing. */
  onGetStarted?: () => void;
  /** Shows the "Dashboard" heading above the grid (default true); a host with its own title hides it. */
  showTitle?: boolean;
  /** Loads the charting module; the kit's SVG renderer by default. */
  loadChart?: () => Promise<ChartModule>;
  className?: string;
}

/** Words of the dashboard's own header. */
export const DASHBOARD_TEXT = {
  title: 'Dashboard',
  sampleNote: 'Sample figures',
  liveNote: 'Live figures',
  updated: (time: string) => `Live figures · updated ${time}`,
} as const;

// The doughnut's two slices: Agents in the accent orange, Properties in the dark grey text colour.
const DOUGHNUT_COLOURS = CHART_COLOURS.slice(0, 2);

/**
 * The dashboard widget.
 *
 * @example
 * <Dashboard showTitle={false} />
 */
export default function Dashboard({ mode = 'live', websiteUrl, onGetStarted, showTitle = true, loadChart, className }: DashboardProps): ReactElement {
  const s = dashboardStyles();
  const { locale } = useConfig();
  const [generatedAt, setGeneratedAt] = useState<string | null>(null);
  const chartProps = loadChart ? { loadChart } : {};
  const welcome = <WelcomeCard className={s.area.welcome} {...(websiteUrl ? { websiteUrl } : {})} {...(onGetStarted ? { onGetStarted } : {})} />;
  const note = mode === 'sample' ? DASHBOARD_TEXT.sampleNote : generatedAt ? DASHBOARD_TEXT.updated(updatedTime(generatedAt, locale)) : DASHBOARD_TEXT.liveNote;
  return (
    <div className={cx(s.root, className)} data-widget="dashboard" data-mode={mode}>
      {showTitle && (
        <header className={s.header}>
          <h2 className={s.title}>{DASHBOARD_TEXT.title}</h2>
          <p className={s.note}>{note}</p>
        </header>
      )}
      {mode === 'live' ? <LiveDashboard welcome={welcome} onGenerated={setGeneratedAt} {...chartProps} /> : <SampleGrid welcome={welcome} {...chartProps} />}
    </div>
  );
}

/** "14:05" in the configured locale. */
function updatedTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/** The static sample's grid. */
function SampleGrid({ welcome, loadChart }: { welcome: ReactElement; loadChart?: () => Promise<ChartModule> }): ReactElement {
  const s = dashboardStyles();
  const chartProps = loadChart ? { loadChart } : {};
  return (
    <div className={s.grid}>
      {welcome}
      {GAUGES.map((gauge) => (
        <GaugeCard key={gauge.caption} gauge={gauge} className={s.area.gauge} />
      ))}
      {TRENDS.map((trend) => (
        <TrendCard key={trend.title} trend={trend} className={s.area.trend} />
      ))}
      <ChartCard type="line" chart={TOTAL_VS_CLOSED} className={s.area.line} {...chartProps} />
      <ChartCard type="donut" chart={AGENTS_VS_PROPERTIES} colors={DOUGHNUT_COLOURS} className={s.area.doughnut} {...chartProps} />
      <ChartCard type="bar" chart={REVENUE_VS_PIPELINE} className={s.area.bar} {...chartProps} />
      <TopProperties properties={TOP_PROPERTIES} className={s.area.list} />
      <LeadsTable leads={LEADS} pageSize={LEADS_TABLE_PAGE_SIZE} className={s.area.table} />
    </div>
  );
}
