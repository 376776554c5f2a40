/**
 * Pure mapping of the live summary (contract/dashboard.ts) onto the dashboard's cards: the same
 * shapes the sample figures have, so the gauge, trend and chart cards draw either. No React.
 */
import type { DashboardSummary, LeadTrend } from '../../contract';
import type { ChartSample, GaugeSample, TrendSample } from './dashboardData';

export const LIVE_TEXT = {
  conversions: 'Conversions',
  properties: 'Total number of properties',
  totalLeads: 'Total Number of Leads',
  activeLeads: 'Total Active Leads',
  lostLeads: 'Total Lost Leads',
  leadsVsWon: 'Leads vs Won',
  leadsVsWonSubtitle: 'Leads added per month, and how many of them are won now',
  agentsVsProperties: 'Agents vs Properties',
  liveNote: 'Live figures',
  updated: (time: string) => `Updated ${time}`,
  loading: 'Loading dashboard...',
  failed: 'The dashboard could not be loaded.',
  emptyTitle: 'Your dashboard fills up as you work',
  emptyText: 'There are no leads or properties yet. Add your first lead or property and their figures appear here within a minute.',
  addLead: 'Go to Leads',
  addProperty: 'Add a property',
  trendNote: 'vs the previous 30 days',
  noEarlier: 'New',
  visitsDone: 'Visits done this month',
  visitsNote: (month: string) => `Site visits marked done in ${month}`,
  openCalendar: 'Open the calendar',
} as const;

/** A trend card from a summary trend: the change's size and direction against the previous 30 days. */
export function trendFrom(title: string, trend: LeadTrend): TrendSample {
  // No leads in the earlier period: there is no percentage to give, so the card says so instead.
  if (trend.change_percent === null) {
    return { title, value: trend.value, change: 0, direction: 'up', series: trend.sparkline, ...(trend.last_30_days > 0 ? { changeLabel: LIVE_TEXT.noEarlier } : {}) };
  }
  const change = trend.change_percent;
  return { title, value: trend.value, change: Math.abs(change), direction: change < 0 ? 'down' : 'up', series: trend.sparkline };
}

/** The gauges the caller may see. */
export function liveGauges(summary: DashboardSummary): GaugeSample[] {
  const gauges: GaugeSample[] = [];
  if (summary.conversions) gauges.push({ percentage: summary.conversions.percentage, value: summary.conversions.won, caption: LIVE_TEXT.conversions });
  if (summary.properties) gauges.push({ percentage: summary.properties.percentage, value: summary.properties.total, caption: LIVE_TEXT.properties, type: 'property' });
  return gauges;
}

/** The three trend cards, when the caller may see leads. */
export function liveTrends(summary: DashboardSummary): TrendSample[] {
  if (!summary.leads) return [];
  return [
    trendFrom(LIVE_TEXT.totalLeads, summary.leads.total),
    trendFrom(LIVE_TEXT.activeLeads, summary.leads.active),
    trendFrom(LIVE_TEXT.lostLeads, summary.leads.lost),
  ];
}

const FULL_MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The visits card, when the caller may see appointments (event-read) and the server counts them. */
export interface VisitsSample {
  title: string;
  value: number;
  /** "Site visits marked done in November 2026". */
  note: string;
}

/**
 * The "Visits done this month" card; null when the figure is hidden (no event-read) or the server
 * has no calendar. The month is the company's (its time zone), as the server counted it.
 * @example liveVisits({ ...summary, visits: { done_this_month: 4, month: '2026-11' } }) // { title: 'Visits done this month', value: 4, note: 'Site visits marked done in November 2026' }
 */
export function liveVisits(summary: DashboardSummary): VisitsSample | null {
  const visits = summary.visits;
  if (!visits) return null;
  const match = /^(\d{4})-(\d{2})$/.exec(visits.month);
  const name = match ? FULL_MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return { title: LIVE_TEXT.visitsDone, value: visits.done_this_month, note: LIVE_TEXT.visitsNote(match && name ? `${name} ${match[1]}` : visits.month) };
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * "2026-11" as "Nov 26"; anything else as it came.
 * @example monthLabel('2026-01') // 'Jan 26'
 */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]!.slice(2)}` : month;
}

export function leadsVsWonChart(summary: DashboardSummary): ChartSample | null {
  const series = summary.leads_vs_won;
  if (!series) return null;
  return {
    title: LIVE_TEXT.leadsVsWon,
    subtitle: LIVE_TEXT.leadsVsWonSubtitle,
    labels: series.months.map(monthLabel),
    datasets: [
      { name: 'Leads', values: series.leads },
      { name: 'Won', values: series.won },
    ],
  };
}

export function agentsVsPropertiesChart(summary: DashboardSummary): ChartSample | null {
  const counts = summary.agents_vs_properties;
  if (!counts) return null;
  return { title: LIVE_TEXT.agentsVsProperties, labels: ['Agents', 'Properties'], datasets: [{ name: 'Count', values: [counts.agents, counts.properties] }] };
}

/** The status badge colours of docs/product/rules.md: Open sky, Won green, Lost black, others grey. */
export function statusColour(status: string | null | undefined): 'sky' | 'green' | 'black' | 'grey' {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'open':
      return 'sky';
    case 'won':
      return 'green';
    case 'lost':
      return 'black';
    default:
      return 'grey';
  }
}

/** How often the live figures are fetched again while the dashboard is on screen. */
export const REFRESH_MS = 60_000;
