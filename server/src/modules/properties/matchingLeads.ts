/**
 * Beyond the original description: the company's leads looking for what a property is — a lead
 * property type the property's type answers (contract `leadTypeIndexesFor`), those whose city
 * appears in the property's location or address first, then the most recently added. Kept apart
 * from repository.ts (the list's queries) since it reads the leads table; it only reads it, and
 * only the caller's company's rows.
 */
import { type Kysely, type SqlBool, sql } from 'kysely';
import { leadTypeIndexesFor, PROPERTY_MATCHING_LEADS_LIMIT, PROPERTY_MATCHING_LEADS_SCAN } from '@contract';
import { isPostgres } from '../../db/dialect';
import type { Database, PropertyRow } from '../../db/schema';
import { toLead } from '../leads/mapper';
import { LEAD_ROW_COLUMNS } from '../leads/repository';

/** A lead as the leads calls answer it, and whether its city fits the property. */
export type MatchingLeadBody = ReturnType<typeof toLead> & { city_match: boolean };

/** Lower-cased location and address, one text a lead's city is looked for in. */
const placeText = (property: PropertyRow): string => `${property.location ?? ''} ${property.address ?? ''}`.toLowerCase();

/**
 * Up to PROPERTY_MATCHING_LEADS_LIMIT of the company's leads matching `property`, and how many
 * match (counted up to PROPERTY_MATCHING_LEADS_SCAN; `capped` when there are more). A property
 * without a (known) type matches nobody.
 *
 * Bounded work whatever the company's size: only the newest PROPERTY_MATCHING_LEADS_SCAN matching
 * leads (walked newest first along the company's lead index, stopping there) are ranked by city,
 * and only the ten chosen are read whole. Ranking every match instead took about 50 ms for 100,000
 * leads on SQLite (whose calls block the process), this about 2.5 ms.
 */
export async function matchingLeads(
  db: Kysely<Database>,
  companyId: number,
  property: PropertyRow,
): Promise<{ data: MatchingLeadBody[]; total: number; capped: boolean }> {
  const types = leadTypeIndexesFor(property.property_type);
  if (!types.length) return { data: [], total: 0, capped: false };
  const place = placeText(property);
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
  const total = Number(counted.n);
  return {
    data: rows.map(({ city_match, ...lead }) => ({ ...toLead(lead), city_match: Number(city_match) === 1 })),
    total: Math.min(total, PROPERTY_MATCHING_LEADS_SCAN),
    capped: total > PROPERTY_MATCHING_LEADS_SCAN,
  };
}
