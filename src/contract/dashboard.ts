/**
 * The dashboard's live figures: one call, GET /api/v1/dashboard/summary, answering the caller's
 * company's real numbers for every card of the dashboard (docs/product/screens.md, "Dashboard"; its
 * static sample stays the widget's `sample` mode). Fresh within SUMMARY_FRESH_SECONDS: the server
 * may keep a summary that long, and drops it as soon as the company's data changes through the API.
 *
 * Definitions:
 * - decided leads: those whose workflow status is Won or Lost (by name, any case); conversions
 *   are won ÷ decided; active leads are all the others (Open, custom statuses, no status).
 * - trend cards: `value` is the count now; `last_30_days` counts those created today or in the
 *   29 days before (UTC days), `previous_30_days` those of the 30 days before that;
 *   `change_percent` compares them (null when the earlier period had none); `sparkline` counts
 *   them per seven-day week created, the 12 weeks ending today, oldest first.
 * - leads vs won: leads created per calendar month (UTC), the 12 months up to the current one,
 *   oldest first, and how many of those are Won now.
 * - top properties: among the company's TOP_PROPERTIES_SCAN newest listings, those with the most
 *   leads whose wishes match them — a lead property type the property's type answers
 *   (`leadTypeIndexesFor`) and the lead's city written in the property's location or address —
 *   most first; properties matching nobody are left out.
 * - visits: site visits with status done whose start lies in the current calendar month of the
 *   company's time zone (the calendar's zone), the company's whoever ran them; `month` is that
 *   month as "YYYY-MM".
 *
 * Visibility: the lead figures (conversions, leads, leads_vs_won, latest_leads, top_properties)
 * need lead-read, the property figures (properties, agents_vs_properties, top_properties)
 * property-read — or any other permission of the same resource, which carries its -read one
 * (docs/product/rules.md: ticking any permission of a resource ticks its -read). What the caller
 * may not see is null and `visible` says so. Company admins hold every permission, agents what
 * their role grants. The visits figure needs event-read (the calendar's own permission).
 *
 * @example
 * const { data } = DashboardSummaryAnswer.parse(await api.get(DASHBOARD_PATHS.summary));
 * if (!data.has_data) showEmptyDashboard();
 */
import * as z from 'zod/mini';
import { Id, OptText } from './common';

export const DASHBOARD_PATHS = {
  summary: '/dashboard/summary',
} as const;

/** How old a summary may be, at most. */
export const SUMMARY_FRESH_SECONDS = 60;
/** The trend cards' two periods, in days. */
export const TREND_PERIOD_DAYS = 30;
/** Weeks in a trend card's sparkline. */
export const SPARKLINE_WEEKS = 12;
/** Months in the leads vs won chart. */
export const SUMMARY_MONTHS = 12;
/** Rows of Top Properties In Demand. */
export const TOP_PROPERTIES_LIMIT = 5;
/** How many of a company's newest listings Top Properties In Demand looks at (every one, for most agencies). */
export const TOP_PROPERTIES_SCAN = 2000;
/** Rows of the latest leads table. */
export const LATEST_LEADS_LIMIT = 10;

/** One trend card (Total Number of Leads, Total Active Leads, Total Lost Leads). */
export const LeadTrend = z.looseObject({
  value: z.number(),
  last_30_days: z.number(),
  previous_30_days: z.number(),
  /** Percent change of last_30_days against previous_30_days, one decimal; null when there was nothing before. */
  change_percent: z.nullable(z.number()),
  /** SPARKLINE_WEEKS weekly counts, oldest first. */
  sparkline: z.array(z.number()),
});
export type LeadTrend = z.infer<typeof LeadTrend>;

export const TopProperty = z.looseObject({
  id: Id,
  title: OptText,
  property_type: OptText,
  location: OptText,
  status: OptText,
  /** How many of the company's leads match it (type and city). */
  matching_leads: z.number(),
});
export type TopProperty = z.infer<typeof TopProperty>;

export const LatestLead = z.looseObject({
  id: Id,
  name: z.string(),
  email: OptText,
  phone: OptText,
  workflow_id: z.nullable(Id),
  /** The lead's workflow status name now, or null when it has none. */
  status: OptText,
  created_at: z.string(),
});
export type LatestLead = z.infer<typeof LatestLead>;

/** GET /api/v1/dashboard/summary `data`. */
export const DashboardSummary = z.looseObject({
  /** When these figures were counted (ISO 8601); at most SUMMARY_FRESH_SECONDS old. */
  generated_at: z.string(),
  /** Which figure groups the caller may see (the others are null). */
  visible: z.looseObject({ leads: z.boolean(), properties: z.boolean(), appointments: z.optional(z.boolean()) }),
  /** False for a company with no leads and no properties yet: show a welcome, not zeros. */
  has_data: z.boolean(),
  /** Gauge: won ÷ decided, percent 0–100 with one decimal (0 when nothing is decided yet). */
  conversions: z.nullable(z.looseObject({ percentage: z.number(), won: z.number(), decided: z.number() })),
  /** Gauge: available ÷ total, percent 0–100 with one decimal. */
  properties: z.nullable(z.looseObject({ total: z.number(), available: z.number(), percentage: z.number() })),
  leads: z.nullable(z.looseObject({ total: LeadTrend, active: LeadTrend, lost: LeadTrend })),
  leads_vs_won: z.nullable(
    z.looseObject({
      /** SUMMARY_MONTHS months as "YYYY-MM", oldest first. */
      months: z.array(z.string()),
      leads: z.array(z.number()),
      won: z.array(z.number()),
    }),
  ),
  /** Doughnut: the company's active agents and its properties. */
  agents_vs_properties: z.nullable(z.looseObject({ agents: z.number(), properties: z.number() })),
  /** Up to TOP_PROPERTIES_LIMIT, most matching leads first. */
  top_properties: z.nullable(z.array(TopProperty)),
  /** Up to LATEST_LEADS_LIMIT, the most recently added first (the leads board's order: by id). */
  latest_leads: z.nullable(z.array(LatestLead)),
  /** Site visits done this month (company's zone); null without event-read. Optional: a server without a calendar leaves it out. */
  visits: z.optional(z.nullable(z.looseObject({ done_this_month: z.number(), month: z.string() }))),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

export const DashboardSummaryAnswer = z.looseObject({ status: z.optional(z.string()), data: DashboardSummary });
export type DashboardSummaryAnswer = z.infer<typeof DashboardSummaryAnswer>;
