/**
 * What the grid's copies in memory read (listings.ts, firstPages.ts): the company's listings, and
 * the `property_counts` numbers, kept by triggers, that say whether a kept copy is still current.
 */
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import type { Listing } from './listingColumns';

/** The columns read per listing; the triggers of 2026_11_25_0003 watch the same ones. */
const LISTING_COLUMNS = ['id', 'created_at', 'property_type', 'status', 'price', 'bedrooms', 'title', 'address', 'location'] as const;

// property_counts is kept by triggers and not part of the typed schema.
type CountsDb = Kysely<{ property_counts: { company_id: number; version: number; changes: number } }>;
const versionQuery = prepared<{ companyId: number }, { version: number | string }>((db, p) =>
  (db as unknown as CountsDb).selectFrom('property_counts').select('version').where('company_id', '=', p.companyId),
);
const changesQuery = prepared<{ companyId: number }, { changes: number | string }>((db, p) =>
  (db as unknown as CountsDb).selectFrom('property_counts').select('changes').where('company_id', '=', p.companyId),
);

/** The company's `property_counts.version` (listings.ts), -1 without a count row. */
export async function listingsVersion(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await versionQuery.first(db, { companyId });
  return row ? Number(row.version) : -1;
}

/** The company's `property_counts.changes` (firstPages.ts), undefined without a count row. */
export const gridChanges = (db: Kysely<Database>, companyId: number): Promise<{ changes: number | string } | undefined> =>
  changesQuery.first(db, { companyId });

/** Up to `limit` of the company's listings with ids above `after`, in id order. */
export function listingsAfter(db: Kysely<Database>, companyId: number, after: number, limit: number): Promise<Listing[]> {
  return db
    .selectFrom('properties')
    .select(LISTING_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One listing of the company, undefined when it is gone. */
export function listingOf(db: Kysely<Database>, companyId: number, id: number): Promise<Listing | undefined> {
  return db
    .selectFrom('properties')
    .select(LISTING_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}
