/**
 * The queries of a property's matching leads (matchingLeads.ts says which leads and why this
 * shape). Kept apart from repository.ts (the list's queries) since they read the leads table; they
 * only read it, and only the caller's company's rows.
 */
import { type Kysely, type SqlBool, sql } from 'kysely';
import { PROPERTY_MATCHING_LEADS_LIMIT, PROPERTY_MATCHING_LEADS_SCAN } from '@contract';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { LEAD_ROW_COLUMNS } from '../leads/repository';

/**
 * The chosen leads of the company whose lead property type is one of `types` (rows with
 * `city_match` 1 when the lead's city is written in `place`, the lower-cased place text), and how
 * many such leads there are, counted up to PROPERTY_MATCHING_LEADS_SCAN + 1. Two statements.
 */
export async function findMatchingLeads(db: Kysely<Database>, companyId: number, types: number[], place: string) {
  // A city "fits" when it is written inside the property's place text; an empty city never does.
  const found = isPostgres(db)
    ? sql<SqlBool>`strpos(${place}, lower(leads.city)) > 0`
    : sql<SqlBool>`instr(${place}, lower(leads.city)) > 0`;
  const cityMatch = sql<number>`case when leads.city is not null and trim(leads.city) <> '' and ${found} then 1 else 0 end`;
  const matching = () => db.selectFrom('leads').where('leads.company_id', '=', companyId).where('leads.property_type', 'in', types);
  const recent = matching()
    .select(['leads.id', cityMatch.as('city_match')])
    .orderBy('leads.id', 'desc')
    .limit(PROPERTY_MATCHING_LEADS_SCAN)
    .as('recent');
  const picked = db
    .selectFrom(recent)
    .select(['recent.id', 'recent.city_match'])
    .orderBy('recent.city_match', 'desc')
    .orderBy('recent.id', 'desc')
    .limit(PROPERTY_MATCHING_LEADS_LIMIT)
    .as('picked');
  const rows = await db
    .selectFrom(picked)
    .innerJoin('leads', 'leads.id', 'picked.id')
    .leftJoin('workflow_statuses', 'workflow_statuses.id', 'leads.workflow_id')
    .select([...LEAD_ROW_COLUMNS, 'picked.city_match'])
    .orderBy('picked.city_match', 'desc')
    .orderBy('leads.id', 'desc')
    .execute();
  const counted = await db
    .selectFrom(matching().select('leads.id').limit(PROPERTY_MATCHING_LEADS_SCAN + 1).as('some'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}
