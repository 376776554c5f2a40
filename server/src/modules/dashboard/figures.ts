/**
 * Pure arithmetic of the dashboard summary: from lead counts per status and per UTC day created,
 * the cards, charts and lists contract/dashboard.ts defines. No database here, so the definitions
 * are tested on their own.
 */
import {
  type DashboardSummary,
  type LeadTrend,
  leadTypeIndexesFor,
  SPARKLINE_WEEKS,
  SUMMARY_MONTHS,
  TOP_PROPERTIES_LIMIT,
  type TopProperty,
  TREND_PERIOD_DAYS,
} from '@contract';
import type { PropertyPlaceRow } from './repository';

const DAY = 24 * 60 * 60 * 1000;

/** The UTC day `days` before `now`, as 'YYYY-MM-DD'. */
export const dayBefore = (now: Date, days: number): string => new Date(now.getTime() - days * DAY).toISOString().slice(0, 10);

/** The SUMMARY_MONTHS months up to `now`'s (UTC), oldest first, as 'YYYY-MM'. */
export function monthsUpTo(now: Date): string[] {
  const months: string[] = [];
  for (let back = SUMMARY_MONTHS - 1; back >= 0; back--) {
    months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  }
  return months;
}

/** The first day the summary needs counted by day: the oldest of the chart's months and of the trend periods. */
export function firstCountedDay(now: Date): string {
  const monthStart = `${monthsUpTo(now)[0]}-01`;
  const periods = dayBefore(now, Math.max(2 * TREND_PERIOD_DAYS, 7 * SPARKLINE_WEEKS) - 1);
  return monthStart < periods ? monthStart : periods;
}

/** Lead groups of the cards: by status name, any case. */
export type LeadGroup = 'won' | 'lost' | 'active';
export const groupOfStatus = (name: string | null | undefined): LeadGroup => {
  const key = (name ?? '').trim().toLowerCase();
  return key === 'won' ? 'won' : key === 'lost' ? 'lost' : 'active';
};

/** One group's leads: how many in all, and how many per day created ('YYYY-MM-DD'). */
export interface Tally {
  total: number;
  days: Map<string, number>;
}

export const emptyTally = (): Tally => ({ total: 0, days: new Map() });

/** Adds a day's count to a tally. */
export function addDay(tally: Tally, day: string, n: number): void {
  tally.days.set(day, (tally.days.get(day) ?? 0) + n);
}

/** Leads of `tally` created from `from` to `to` (days, both included). */
function between(tally: Tally, from: string, to: string): number {
  let sum = 0;
  for (const [day, n] of tally.days) if (day >= from && day <= to) sum += n;
  return sum;
}

/** Percent change, one decimal; null when there is nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** `part` of `whole` in percent, one decimal (0 for an empty whole). */
export const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * A trend card. Periods are UTC days: the last one is today and the 29 days before, the previous
 * one the 30 before those; sparkline weeks are seven-day blocks ending today, oldest first.
 */
export function trend(tally: Tally, now: Date): LeadTrend {
  const today = dayBefore(now, 0);
  const lastPeriod = between(tally, dayBefore(now, TREND_PERIOD_DAYS - 1), today);
  const previousPeriod = between(tally, dayBefore(now, 2 * TREND_PERIOD_DAYS - 1), dayBefore(now, TREND_PERIOD_DAYS));
  const sparkline: number[] = [];
  for (let week = SPARKLINE_WEEKS; week >= 1; week--) {
    sparkline.push(between(tally, dayBefore(now, 7 * week - 1), dayBefore(now, 7 * (week - 1))));
  }
  return {
    value: tally.total,
    last_30_days: lastPeriod,
    previous_30_days: previousPeriod,
    change_percent: changePercent(lastPeriod, previousPeriod),
    sparkline,
  };
}

/** Leads created per month and, of those, the ones won now. */
export function leadsVsWon(all: Tally, won: Tally, now: Date): NonNullable<DashboardSummary['leads_vs_won']> {
  const months = monthsUpTo(now);
  const perMonth = (tally: Tally) => months.map((month) => between(tally, `${month}-01`, `${month}-31`));
  return { months, leads: perMonth(all), won: perMonth(won) };
}

/**
 * The properties most leads are looking for: a lead's type is one the property's type answers
 * (`leadTypeIndexesFor`, as GET /properties/{id}/leads) and its city is written in the property's
 * location or address. Ties: the newer property (higher id) first.
 */
export function topProperties(
  properties: readonly PropertyPlaceRow[],
  wishes: ReadonlyArray<{ property_type: number; city: string; n: number }>,
): TopProperty[] {
  const byType = new Map<number, Array<{ city: string; n: number }>>();
  for (const wish of wishes) {
    const list = byType.get(wish.property_type) ?? [];
    list.push(wish);
    byType.set(wish.property_type, list);
  }
  const scored: TopProperty[] = [];
  for (const property of properties) {
    const place = `${property.location ?? ''} ${property.address ?? ''}`.toLowerCase();
    let count = 0;
    for (const type of leadTypeIndexesFor(property.property_type)) {
      for (const wish of byType.get(type) ?? []) if (place.includes(wish.city)) count += wish.n;
    }
    if (count > 0) {
      scored.push({
        id: Number(property.id),
        title: property.title,
        property_type: property.property_type,
        location: property.location,
        status: property.status,
        matching_leads: count,
      });
    }
  }
  scored.sort((a, b) => b.matching_leads - a.matching_leads || Number(b.id) - Number(a.id));
  return scored.slice(0, TOP_PROPERTIES_LIMIT);
}
