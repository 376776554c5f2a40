/**
 * The dashboard summary's queries. Each answers one small table of counts for the caller's
 * company, computed by the database (no lead rows travel), in SQL both engines run: ISO text
 * parameters compare with SQLite's text and PostgreSQL's timestamptz `created_at` alike.
 */
import { type Kysely, sql } from 'kysely';
import { LATEST_LEADS_LIMIT } from '@contract';
import type { Database } from '../../db/schema';

/** Leads per workflow status: how many, and how many were created after each of `after`. */
export interface LeadBucketRow {
  workflow_id: number | null;
  total: number;
  /** `after[i]`: created strictly after `boundaries.after[i]`. */
  after: number[];
  /** `since[i]`: created at or after `boundaries.since[i]`. */
  since: number[];
}

export interface Boundaries {
  /** ISO instants; counted with `created_at > instant`. */
  after: string[];
  /** ISO instants; counted with `created_at >= instant`. */
  since: string[];
}

/**
 * One pass over the company's leads grouped by status, with a conditional count per boundary
 * (the trend periods, the sparkline weeks and the chart's months all come out of it).
 */
export async function leadBuckets(db: Kysely<Database>, companyId: number, boundaries: Boundaries): Promise<LeadBucketRow[]> {
  const afterColumns = boundaries.after.map((at, i) =>
    sql<number | string>`sum(case when created_at > ${at} then 1 else 0 end)`.as(`a${i}`),
  );
  const sinceColumns = boundaries.since.map((at, i) =>
    sql<number | string>`sum(case when created_at >= ${at} then 1 else 0 end)`.as(`s${i}`),
  );
  const rows = (await db
    .selectFrom('leads')
    .select((eb) => [eb.ref('workflow_id').as('workflow_id'), eb.fn.countAll<number | string>().as('total'), ...afterColumns, ...sinceColumns])
    .where('company_id', '=', companyId)
    .groupBy('workflow_id')
    .execute()) as Array<Record<string, number | string | null>>;
  return rows.map((row) => ({
    workflow_id: row.workflow_id == null ? null : Number(row.workflow_id),
    total: Number(row.total),
    after: boundaries.after.map((_, i) => Number(row[`a${i}`] ?? 0)),
    since: boundaries.since.map((_, i) => Number(row[`s${i}`] ?? 0)),
  }));
}

/** The company's workflow statuses by id. */
export async function workflowNames(db: Kysely<Database>, companyId: number): Promise<Map<number, string>> {
  const rows = await db.selectFrom('workflow_statuses').select(['id', 'name']).where('company_id', '=', companyId).execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/** The company's properties: how many, and how many are available. */
export async function propertyCounts(db: Kysely<Database>, companyId: number): Promise<{ total: number; available: number }> {
  const rows = await db
    .selectFrom('properties')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .where('company_id', '=', companyId)
    .groupBy('status')
    .execute();
  let total = 0;
  let available = 0;
  for (const row of rows) {
    total += Number(row.n);
    if (row.status === 'available') available += Number(row.n);
  }
  return { total, available };
}

/** The company's active agents (invited and disabled ones do not work the leads). */
export async function activeAgents(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('user_type', '=', 'agent')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the company's leads look for: how many leads per lead property type and city (lower case). */
export async function leadWishes(db: Kysely<Database>, companyId: number): Promise<Array<{ property_type: number; city: string; n: number }>> {
  const city = sql<string>`lower(trim(city))`;
  const rows = await db
    .selectFrom('leads')
    .select((eb) => ['property_type', city.as('city'), eb.fn.countAll<number | string>().as('n')])
    .where('company_id', '=', companyId)
    .where('property_type', 'is not', null)
    .where('city', 'is not', null)
    .groupBy(['property_type', city])
    .execute();
  return rows
    .filter((row) => row.city !== '')
    .map((row) => ({ property_type: Number(row.property_type), city: row.city, n: Number(row.n) }));
}

export interface PropertyPlaceRow {
  id: number;
  title: string | null;
  property_type: string | null;
  location: string | null;
  address: string | null;
  status: string;
}

/** The company's properties with what matching needs (type and place). */
export async function propertyPlaces(db: Kysely<Database>, companyId: number): Promise<PropertyPlaceRow[]> {
  return db
    .selectFrom('properties')
    .select(['id', 'title', 'property_type', 'location', 'address', 'status'])
    .where('company_id', '=', companyId)
    .where('property_type', 'is not', null)
    .execute();
}

export interface LatestLeadRow {
  id: number;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  workflow_id: number | null;
  status: string | null;
  created_at: string;
}

/** The company's newest leads (ids grow with time) with their status names. */
export async function latestLeads(db: Kysely<Database>, companyId: number): Promise<LatestLeadRow[]> {
  return db
    .selectFrom('leads')
    .leftJoin('workflow_statuses', (join) =>
      join.onRef('workflow_statuses.id', '=', 'leads.workflow_id').onRef('workflow_statuses.company_id', '=', 'leads.company_id'),
    )
    .select([
      'leads.id',
      'leads.first_name',
      'leads.last_name',
      'leads.email',
      'leads.phone',
      'leads.workflow_id',
      'workflow_statuses.name as status',
      'leads.created_at',
    ])
    .where('leads.company_id', '=', companyId)
    .orderBy('leads.id', 'desc')
    .limit(LATEST_LEADS_LIMIT)
    .execute();
}
