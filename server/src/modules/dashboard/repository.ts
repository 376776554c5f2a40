/**
 * The dashboard summary's queries: small tables of counts for the caller's company. The lead
 * counts are kept by triggers (per status, per day created, per wish), so a summary reads a few
 * hundred rows however many leads the company has. Each query is built once (db/prepared.ts):
 * named statements on PostgreSQL, cached statements on SQLite.
 */
import type { Kysely } from 'kysely';
import { LATEST_LEADS_LIMIT, TOP_PROPERTIES_SCAN } from '@contract';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';

/** Tables kept by triggers (db/migrations 2026_11_22_0002 and 2026_11_25_0002). */
type CountTables = {
  lead_counts: { company_id: number; workflow_key: number; n: number };
  lead_day_counts: { company_id: number; day: string; workflow_key: number; n: number };
  lead_wish_counts: { company_id: number; property_type: number; city: string; n: number };
};

const totalsQuery = prepared<{ companyId: number }, { workflow_key: number; n: number }>((db, p) =>
  db.withTables<CountTables>().selectFrom('lead_counts').select(['workflow_key', 'n']).where('company_id', '=', p.companyId),
);

/** Leads per workflow status (workflow_key 0: none), all time. */
export async function leadTotals(db: Kysely<Database>, companyId: number): Promise<Array<{ workflow_key: number; n: number }>> {
  const rows = await totalsQuery.all(db, { companyId });
  return rows.map((row) => ({ workflow_key: Number(row.workflow_key), n: Number(row.n) }));
}

const daysQuery = prepared<{ companyId: number; fromDay: string }, { day: string; workflow_key: number; n: number }>((db, p) =>
  db
    .withTables<CountTables>()
    .selectFrom('lead_day_counts')
    .select(['day', 'workflow_key', 'n'])
    .where('company_id', '=', p.companyId)
    .where('day', '>=', p.fromDay)
    .where('n', '<>', 0),
);

/** Leads per UTC day created ('YYYY-MM-DD') and workflow status, from `fromDay` on. */
export async function leadDays(
  db: Kysely<Database>,
  companyId: number,
  fromDay: string,
): Promise<Array<{ day: string; workflow_key: number; n: number }>> {
  const rows = await daysQuery.all(db, { companyId, fromDay });
  return rows.map((row) => ({ day: row.day, workflow_key: Number(row.workflow_key), n: Number(row.n) }));
}

const namesQuery = prepared<{ companyId: number }, { id: number; name: string }>((db, p) =>
  db.selectFrom('workflow_statuses').select(['id', 'name']).where('company_id', '=', p.companyId),
);

/** The company's workflow statuses by id. */
export async function workflowNames(db: Kysely<Database>, companyId: number): Promise<Map<number, string>> {
  const rows = await namesQuery.all(db, { companyId });
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

const propertiesQuery = prepared<{ companyId: number }, { status: string; n: number | string }>((db, p) =>
  db
    .selectFrom('properties')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .where('company_id', '=', p.companyId)
    .groupBy('status'),
);

/** The company's properties: how many, and how many are available. */
export async function propertyCounts(db: Kysely<Database>, companyId: number): Promise<{ total: number; available: number }> {
  const rows = await propertiesQuery.all(db, { companyId });
  let total = 0;
  let available = 0;
  for (const row of rows) {
    total += Number(row.n);
    if (row.status === 'available') available += Number(row.n);
  }
  return { total, available };
}

const agentsQuery = prepared<{ companyId: number }, { n: number | string }>((db, p) =>
  db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', p.companyId)
    .where('user_type', '=', 'agent')
    .where('status', '=', 'active'),
);

/** The company's active agents (invited and disabled ones do not work the leads). */
export async function activeAgents(db: Kysely<Database>, companyId: number): Promise<number> {
  return Number((await agentsQuery.first(db, { companyId }))?.n ?? 0);
}

const wishesQuery = prepared<{ companyId: number }, { property_type: number; city: string; n: number }>((db, p) =>
  db
    .withTables<CountTables>()
    .selectFrom('lead_wish_counts')
    .select(['property_type', 'city', 'n'])
    .where('company_id', '=', p.companyId)
    .where('n', '>', 0),
);

/** What the company's leads look for: how many leads per lead property type and city (lower case, trimmed). */
export async function leadWishes(db: Kysely<Database>, companyId: number): Promise<Array<{ property_type: number; city: string; n: number }>> {
  const rows = await wishesQuery.all(db, { companyId });
  return rows.map((row) => ({ property_type: Number(row.property_type), city: row.city, n: Number(row.n) }));
}

export interface PropertyPlaceRow {
  id: number;
  title: string | null;
  property_type: string | null;
  location: string | null;
  address: string | null;
  status: string;
}

const placesQuery = prepared<{ companyId: number }, PropertyPlaceRow>((db, p) =>
  db
    .selectFrom('properties')
    .select(['id', 'title', 'property_type', 'location', 'address', 'status'])
    .where('company_id', '=', p.companyId)
    .orderBy('id', 'desc')
    .limit(TOP_PROPERTIES_SCAN),
);

/**
 * The company's TOP_PROPERTIES_SCAN newest properties with what matching needs (type and place):
 * bounded, since scoring runs in the process (100,000 listings took about 1.6 s).
 */
export async function propertyPlaces(db: Kysely<Database>, companyId: number): Promise<PropertyPlaceRow[]> {
  return placesQuery.all(db, { companyId });
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

const latestQuery = prepared<{ companyId: number }, LatestLeadRow>((db, p) =>
  db
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
    .where('leads.company_id', '=', p.companyId)
    .orderBy('leads.id', 'desc')
    .limit(LATEST_LEADS_LIMIT),
);

/** The company's newest leads (ids grow with time) with their status names. */
export async function latestLeads(db: Kysely<Database>, companyId: number): Promise<LatestLeadRow[]> {
  return latestQuery.all(db, { companyId });
}
