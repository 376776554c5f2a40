/**
 * Beyond the original description: the company's leads looking for what a property is — a lead
 * property type the property's type answers (contract `leadTypeIndexesFor`), those whose city
 * appears in the property's location or address first, then the most recently added. Kept apart
 * from repository.ts (the list's queries) since it reads the leads table (its queries:
 * matchingLeads.repository.ts); it only reads it, and only the caller's company's rows.
 */
import type { Kysely } from 'kysely';
import { leadTypeIndexesFor, PROPERTY_MATCHING_LEADS_SCAN } from '@contract';
import type { Database, PropertyRow } from '../../db/schema';
import { toLead } from '../leads/mapper';
import { findMatchingLeads } from './matchingLeads.repository';

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
  const { rows, total } = await findMatchingLeads(db, companyId, types, place);
  return {
    data: rows.map(({ city_match, ...lead }) => ({ ...toLead(lead), city_match: Number(city_match) === 1 })),
    total: Math.min(total, PROPERTY_MATCHING_LEADS_SCAN),
    capped: total > PROPERTY_MATCHING_LEADS_SCAN,
  };
}
