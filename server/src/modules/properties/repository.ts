/**
 * The only code that queries properties and their photos. Every function takes the caller's
 * company and touches that company's rows only: another company's property is simply not found.
 */
import { type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { prepared } from '../../db/prepared';
import type { Database, NewProperty, NewPropertyImage, PropertiesTable, PropertyImageRow, PropertyRow } from '../../db/schema';
import type { Updateable } from 'kysely';
import { currentListings, noteWrite, type PropertyFilter } from './listings';

export type { PropertyFilter } from './listings';

/**
 * A page past the first of the company's whole list, newest first: its ids from the newest-first
 * index alone (covering, so the entries OFFSET skips read no row: page 5,000 of 100,000 ≈ 1.9 ms
 * against ≈ 6 ms over whole rows), then those rows.
 */
async function unfilteredPage(db: Kysely<Database>, companyId: number, page: { size: number; offset: number }): Promise<PropertyRow[]> {
  const ids = await db
    .selectFrom('properties')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return rowsInOrder(db, companyId, ids.map((row) => row.id));
}

/** The company's rows `ids`, in that order. */
async function rowsInOrder(db: Kysely<Database>, companyId: number, ids: readonly number[]): Promise<PropertyRow[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('properties').selectAll().where('company_id', '=', companyId).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// The grid's most asked page — the first, unfiltered — and the kept total, built once: building
// and compiling the queries cost about a third of such a request's time (db/prepared.ts).
const firstPage = prepared<{ companyId: number; size: number }, PropertyRow>((db, p) =>
  db.selectFrom('properties').selectAll().where('company_id', '=', p.companyId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(p.size),
);
// property_counts is kept by triggers (migration 2026_11_24_0101) and not part of the typed schema.
const keptTotal = prepared<{ companyId: number }, { n: number | string }>((db, p) =>
  (db as unknown as Kysely<{ property_counts: { company_id: number; n: number } }>).selectFrom('property_counts').select('n').where('company_id', '=', p.companyId),
);

const isUnfiltered = (filter: PropertyFilter): boolean =>
  !filter.search && !filter.type && !filter.status && filter.minPrice == null && filter.maxPrice == null && filter.bedrooms == null;

/** One page of the company's properties, newest first, and how many match in all. */
export async function listProperties(
  db: Kysely<Database>,
  companyId: number,
  filter: PropertyFilter,
  page: { size: number; offset: number },
): Promise<{ rows: PropertyRow[]; total: number }> {
  if (!isUnfiltered(filter)) {
    // Filters and search: one pass over the company's listings in memory (listings.ts).
    const { ids, total } = (await currentListings(db, companyId)).filter(filter, page);
    return { rows: await rowsInOrder(db, companyId, ids), total };
  }
  const rows = page.offset > 0 ? await unfilteredPage(db, companyId, page) : await firstPage.all(db, { companyId, size: page.size });
  // A first page shorter than its size is the whole list: no count needed.
  if (page.offset === 0 && rows.length < page.size) return { rows, total: rows.length };
  // The company's total as triggers keep it (property_counts, migration 2026_11_24_0101) instead
  // of counting 100,000 index entries on every page.
  return { rows, total: Number((await keptTotal.first(db, { companyId }))?.n ?? 0) };
}

export function findProperty(db: Kysely<Database>, companyId: number, id: number): Promise<PropertyRow | undefined> {
  return db.selectFrom('properties').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

/**
 * The company's property `id`, held until the caller's transaction ends: `FOR UPDATE` on
 * PostgreSQL; SQLite transactions here begin IMMEDIATE, so no other writer (in this process or
 * another) runs meanwhile anyway. What is counted under it stays true until the commit.
 */
export function lockProperty(trx: Kysely<Database>, companyId: number, id: number): Promise<{ id: number } | undefined> {
  const query = trx.selectFrom('properties').select('id').where('company_id', '=', companyId).where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertProperty(db: Kysely<Database>, row: NewProperty): Promise<number> {
  const inserted = await db.insertInto('properties').values(row).returning('id').executeTakeFirstOrThrow();
  await noteWrite(db, row.company_id, inserted.id);
  return inserted.id;
}

export async function updateProperty(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  changes: Updateable<PropertiesTable>,
): Promise<boolean> {
  const result = await db.updateTable('properties').set(changes).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  await noteWrite(db, companyId, id);
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the property and its photo rows; false when the company has no such property. */
export async function deleteProperty(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  await db.deleteFrom('property_images').where('company_id', '=', companyId).where('property_id', '=', id).execute();
  const result = await db.deleteFrom('properties').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  await noteWrite(db, companyId, id);
  return Number(result.numDeletedRows) > 0;
}

/** The photos of the company's properties `ids`, each property's in gallery order. */
export function imagesOf(db: Kysely<Database>, companyId: number, ids: readonly number[]): Promise<PropertyImageRow[]> {
  if (!ids.length) return Promise.resolve([]);
  // The ids go as one parameter (a JSON array on SQLite, an integer array on PostgreSQL), so the
  // query is built once however many properties a page shows.
  return pageImages.all(db, { companyId, ids: isPostgres(db) ? [...ids] : JSON.stringify(ids) });
}

const pageImages = prepared<{ companyId: number; ids: unknown }, PropertyImageRow>((db, p) =>
  db
    .selectFrom('property_images')
    .selectAll()
    .where('company_id', '=', p.companyId)
    .where(
      isPostgres(db)
        ? sql<SqlBool>`property_id = ANY(${p.ids}::int[])`
        : sql<SqlBool>`property_id IN (SELECT value FROM json_each(${p.ids}))`,
    )
    .orderBy('property_id')
    .orderBy('position')
    .orderBy('id'),
);

export async function insertImages(db: Kysely<Database>, rows: NewPropertyImage[]): Promise<void> {
  if (rows.length) await db.insertInto('property_images').values(rows).execute();
}

export async function deleteImage(db: Kysely<Database>, companyId: number, propertyId: number, imageId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('property_images')
    .where('company_id', '=', companyId)
    .where('property_id', '=', propertyId)
    .where('id', '=', imageId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Sets one photo's place and cover flag. */
export async function placeImage(
  db: Kysely<Database>,
  companyId: number,
  propertyId: number,
  imageId: number,
  position: number,
  isCover: boolean,
): Promise<void> {
  await db
    .updateTable('property_images')
    .set({ position, is_cover: isCover ? 1 : 0 })
    .where('company_id', '=', companyId)
    .where('property_id', '=', propertyId)
    .where('id', '=', imageId)
    .execute();
}
