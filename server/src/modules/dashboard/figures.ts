/**
 * Pure arithmetic of the dashboard summary: the time boundaries its lead query counts against,
 * and the cards, charts and lists built from the counts (contract/dashboard.ts defines each).
 * No database here, so the definitions are tested on their own.
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
import type { Boundaries, LeadBucketRow, PropertyPlaceRow } from './repository';

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;

/**
 * `after`: [now, now − 30 d, now − 60 d, now − 1 w, …, now − 12 w]; `since`: the first instant of
 * each of the SUMMARY_MONTHS months up to the current one (UTC), oldest first, then of next month.
 */
export function boundariesAt(now: Date): Boundaries {
  const t = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const after = [iso(t), iso(t - TREND_PERIOD_DAYS * DAY), iso(t - 2 * TREND_PERIOD_DAYS * DAY)];
  for (let week = 1; week <= SPARKLINE_WEEKS; week++) after.push(iso(t - week * WEEK));
  const since: string[] = [];
  for (let back = SUMMARY_MONTHS - 1; back >= -1; back--) {
    since.push(iso(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
  }
  return { after, since };
}

/** The "YYYY-MM" label of each month counted by `boundariesAt` (the last boundary is not a month of the chart). */
export const monthLabels = (boundaries: Boundaries): string[] => boundaries.since.slice(0, -1).map((iso) => iso.slice(0, 7));

/** Lead groups of the cards: by status name, any case. */
export type LeadGroup = 'won' | 'lost' | 'active';
export const groupOfStatus = (name: string | null | undefined): LeadGroup => {
  const key = (name ?? '').trim().toLowerCase();
  return key === 'won' ? 'won' : key === 'lost' ? 'lost' : 'active';
};

/** Counts added up over a set of status rows. */
interface Tally {
  total: number;
  after: number[];
  since: number[];
}

export function tally(rows: readonly LeadBucketRow[], boundaries: Boundaries): Tally {
  const sum: Tally = { total: 0, after: boundaries.after.map(() => 0), since: boundaries.since.map(() => 0) };
  for (const row of rows) {
    sum.total += row.total;
    row.after.forEach((n, i) => (sum.after[i] = sum.after[i]! + n));
    row.since.forEach((n, i) => (sum.since[i] = sum.since[i]! + n));
  }
  return sum;
}

/** Percent change, one decimal; null when there is nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** `part` of `whole` in percent, one decimal (0 for an empty whole). */
export const percentOf = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** A trend card from a tally (indexes as `boundariesAt` lays them out). */
export function trend(t: Tally): LeadTrend {
  // after: [0] now, [1] now − 30 d, [2] now − 60 d, [3 + k] now − (k + 1) weeks.
  const lastPeriod = t.after[1]! - t.after[0]!;
  const previousPeriod = t.after[2]! - t.after[1]!;
  const sparkline: number[] = [];
  for (let week = SPARKLINE_WEEKS; week >= 1; week--) {
    const older = t.after[2 + week]!;
    const newer = week === 1 ? t.after[0]! : t.after[1 + week]!;
    sparkline.push(older - newer);
  }
  return {
    value: t.total,
    last_30_days: lastPeriod,
    previous_30_days: previousPeriod,
    change_percent: changePercent(lastPeriod, previousPeriod),
    sparkline,
  };
}

/** Leads created per month and, of those, the ones won now. */
export function leadsVsWon(all: Tally, won: Tally, boundaries: Boundaries): NonNullable<DashboardSummary['leads_vs_won']> {
  const perMonth = (t: Tally) => t.since.slice(0, -1).map((n, i) => n - t.since[i + 1]!);
  return { months: monthLabels(boundaries), leads: perMonth(all), won: perMonth(won) };
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
