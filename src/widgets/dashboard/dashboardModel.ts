/**
 * Pure logic of the dashboard: the sign and colour of a trend (docs/product/screens.md), paging the
 * sample leads, status badge colours, star ratings and whom the welcome card greets. The gauge ring
 * (docs/product/rules.md) and sparkline geometry live in the UI kit (`ui/gaugeArc.ts`,
 * `ui/sparklinePoints.ts`). No React; tested without rendering.
 */
import type { LeadTemperature, TrendSample } from './dashboardData';

/** The signed change of a trend card: positive when up, negative when down. */
export const signedChange = (trend: Pick<TrendSample, 'change' | 'direction'>): number =>
  trend.direction === 'down' ? -Math.abs(trend.change) : Math.abs(trend.change);

/** A trend's tone: `positive` only for a change above zero (docs/product/screens.md: "otherwise red"). */
export type TrendTone = 'positive' | 'negative';

/**
 * docs/product/screens.md: the sparkline is green when the change is positive, otherwise red (zero
 * included).
 *
 * @example
 * trendTone({ change: 2.6, direction: 'up' })   // 'positive'
 * trendTone({ change: 0.1, direction: 'down' }) // 'negative'
 */
export const trendTone = (trend: Pick<TrendSample, 'change' | 'direction'>): TrendTone =>
  signedChange(trend) > 0 ? 'positive' : 'negative';

/** Theme colour of each tone: the same success and danger colours the kit's Sparkline draws in. */
export const TREND_TOKENS: Readonly<Record<TrendTone, 'success' | 'danger'>> = { positive: 'success', negative: 'danger' };

/**
 * A change as the card prints it: one decimal, a percent sign.
 *
 * @example
 * formatChange(2.6) // '2.6%'
 */
export const formatChange = (change: number): string => `${Math.abs(change).toFixed(1)}%`;

/** One page of a list, with the page number clamped into range. */
export interface PageSlice<T> {
  rows: T[];
  page: number;
  pageCount: number;
}

/**
 * Cuts a client-side list into pages (the Total Leads table pages over its sample rows).
 *
 * @example
 * pageSlice([1, 2, 3, 4, 5, 6], 2, 5) // { rows: [6], page: 2, pageCount: 2 }
 */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): PageSlice<T> {
  const size = Math.max(1, Math.floor(pageSize) || 1);
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  return { rows: rows.slice(start, start + size), page: current, pageCount };
}

/**
 * Badge colours of the Total Leads statuses: warm leads in the brand orange, cold ones sky blue,
 * those in progress green. (The Open/Won/Lost colours of `STATUS_BADGE_COLOURS` are for the leads
 * page's workflows.)
 */
export const TEMPERATURE_BADGE: Readonly<Record<LeadTemperature, 'orange' | 'sky' | 'green'>> = {
  Warm: 'orange',
  Cold: 'sky',
  Progress: 'green',
};

/** Whole, half and empty stars of a rating (rounded to the nearest half). */
export interface StarSplit {
  full: number;
  half: boolean;
  empty: number;
}

/**
 * @example
 * starSplit(4.3) // { full: 4, half: true, empty: 0 }
 * starSplit(4.1) // { full: 4, half: false, empty: 1 }
 */
export function starSplit(rating: number, max = 5): StarSplit {
  const halves = Math.round(Math.min(max, Math.max(0, Number.isFinite(rating) ? rating : 0)) * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2 === 1;
  return { full, half, empty: max - full - (half ? 1 : 0) };
}

/** The parts of a signed-in user the welcome card may greet. */
export interface GreetableUser {
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/**
 * Whom "Welcome back" greets: the user's name, else first and last name, else the e-mail, else
 * `fallback`.
 *
 * @example
 * greetingName({ name: 'Priya Sharma' }, 'admin') // 'Priya Sharma'
 * greetingName(null, 'admin')                    // 'admin'
 */
export function greetingName(user: GreetableUser | null | undefined, fallback: string): string {
  const clean = (s: unknown): string => (typeof s === 'string' ? s.trim() : '');
  const name = clean(user?.name);
  if (name) return name;
  const full = [clean(user?.first_name), clean(user?.last_name)].filter(Boolean).join(' ');
  return full || clean(user?.email) || fallback;
}
