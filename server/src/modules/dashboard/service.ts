/**
 * The dashboard summary of a company (contract/dashboard.ts): counted once per company and kept
 * briefly (cache.ts, freshness.ts), then cut to what the caller may see — lead figures (the latest leads' names
 * and contacts among them) need lead-read, property figures property-read, as every read call does
 * (src/route-access.ts), and the visits done this month event-read. An agent whose role lacks it
 * sees that group as null, and the widget says so instead of showing zeros.
 */
import { type DashboardSummary, PERMISSIONS } from '@contract';
import { monthRange } from '../../lib/zoned-time';
import type { AuthContext, Deps } from '../../types';
import type { CompanySummary } from './cache';
import type { DashboardSummaries } from './freshness';
import { addDay, emptyTally, firstCountedDay, groupOfStatus, leadsVsWon, percentOf, topProperties, trend } from './figures';
import { activeAgents, latestLeads, leadDays, leadTotals, leadWishes, propertyCounts, propertyPlaces, workflowNames } from './repository';
import { companyZone, visitsDone } from './visits.repository';

export type { CompanySummary };

/** Site visits done this calendar month in the company's zone, and that month ("YYYY-MM"). */
async function visitsThisMonth(deps: Deps, companyId: number, now: Date): Promise<NonNullable<CompanySummary['visits']>> {
  const zone = await companyZone(deps.db, companyId);
  const { start, end } = monthRange(now.getTime(), zone);
  const iso = (ms: number) => new Date(ms).toISOString();
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(now);
  return { done_this_month: await visitsDone(deps.db, companyId, iso(start), iso(end)), month };
}

export async function computeSummary(deps: Deps, companyId: number): Promise<CompanySummary> {
  const now = deps.clock();
  const [totals, days, names, properties, agents, wishes, places, latest, visits] = await Promise.all([
    leadTotals(deps.db, companyId),
    leadDays(deps.db, companyId, firstCountedDay(now)),
    workflowNames(deps.db, companyId),
    propertyCounts(deps.db, companyId),
    activeAgents(deps.db, companyId),
    leadWishes(deps.db, companyId),
    propertyPlaces(deps.db, companyId),
    latestLeads(deps.db, companyId),
    visitsThisMonth(deps, companyId, now),
  ]);
  const groups = { won: emptyTally(), lost: emptyTally(), active: emptyTally() };
  const all = emptyTally();
  const groupOf = (workflowKey: number) => groups[groupOfStatus(names.get(workflowKey))];
  for (const row of totals) {
    groupOf(row.workflow_key).total += row.n;
    all.total += row.n;
  }
  for (const row of days) {
    addDay(groupOf(row.workflow_key), row.day, row.n);
    addDay(all, row.day, row.n);
  }
  const { won, lost, active } = groups;
  const decided = won.total + lost.total;
  return {
    generated_at: now.toISOString(),
    has_data: all.total > 0 || properties.total > 0,
    conversions: { percentage: percentOf(won.total, decided), won: won.total, decided },
    properties: { ...properties, percentage: percentOf(properties.available, properties.total) },
    leads: { total: trend(all, now), active: trend(active, now), lost: trend(lost, now) },
    leads_vs_won: leadsVsWon(all, won, now),
    agents_vs_properties: { agents, properties: properties.total },
    top_properties: topProperties(places, wishes),
    latest_leads: latest.map((lead) => ({
      id: Number(lead.id),
      name: [lead.first_name, lead.last_name].filter(Boolean).join(' '),
      email: lead.email,
      phone: lead.phone,
      workflow_id: lead.workflow_id == null ? null : Number(lead.workflow_id),
      status: lead.status,
      created_at: lead.created_at,
    })),
    visits,
  };
}

/** The caller's view of their company's summary. */
export async function summaryFor(deps: Deps, summaries: DashboardSummaries, auth: AuthContext, companyId: number): Promise<DashboardSummary> {
  const [summary, held] = await Promise.all([summaries.get(companyId, () => computeSummary(deps, companyId)), auth.permissions()]);
  const leads = held.has(PERMISSIONS.leadRead);
  const properties = held.has(PERMISSIONS.propertyRead);
  const appointments = held.has(PERMISSIONS.eventRead);
  return {
    ...summary,
    visible: { leads, properties, appointments },
    conversions: leads ? summary.conversions : null,
    leads: leads ? summary.leads : null,
    leads_vs_won: leads ? summary.leads_vs_won : null,
    latest_leads: leads ? summary.latest_leads : null,
    properties: properties ? summary.properties : null,
    agents_vs_properties: properties ? summary.agents_vs_properties : null,
    top_properties: leads && properties ? summary.top_properties : null,
    visits: appointments ? summary.visits : null,
  };
}
