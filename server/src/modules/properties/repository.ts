/**
 * The only code that queries properties and their photos. Every function takes the caller's
 * company and touches that company's rows only: another company's property is simply not found.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { prepared } from '../../db/prepared';
import type { Database, NewProperty, NewPropertyImage, PropertiesTable, PropertyImageRow, PropertyRow } from '../../db/schema';
import type { Updateable } from 'kysely';

export interface PropertyFilter {
  search?: string | null;
  type?: string | null;
  status?: string | null;
  minPrice?: number;
  maxPrice?: number;
  /** At least this many bedrooms. */
  bedrooms?: number;
}

/** `%text%` for LIKE, with its wildcards taken literally (escape character `\`). */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The text as one FTS5 phrase: every character literal, double quotes doubled. */
const trigramPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** The searched text: the same expression as the PostgreSQL trigram index (migration 2026_11_24_0001). */
const DOCUMENT = sql`(coalesce(title, '') || ' ' || coalesce(address, '') || ' ' || coalesce(location, ''))`;

function filtered(db: Kysely<Database>, companyId: number, filter: PropertyFilter) {
  let query = db.selectFrom('properties').where('company_id', '=', companyId);
  if (filter.type) query = query.where('property_type', '=', filter.type);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.minPrice != null) query = query.where('price', '>=', filter.minPrice);
  if (filter.maxPrice != null) query = query.where('price', '<=', filter.maxPrice);
  if (filter.bedrooms != null) query = query.where('bedrooms', '>=', filter.bedrooms);
  if (filter.search) {
    // SQLite: a text of 3+ characters is a phrase on the trigram FTS table (migration
    // 2026_11_24_0101: the same text as DOCUMENT, any case), not a LIKE scan of every row. `+id`
    // keeps the walk on the newest-first index (the matches are probed, the first 12 end it)
    // instead of reading every match and sorting them all.
    if (!isPostgres(db) && Array.from(filter.search).length >= 3) {
      return query.where(sql<SqlBool>`+properties.id IN (SELECT rowid FROM properties_search WHERE properties_search MATCH ${trigramPhrase(filter.search)})`);
    }
    const pattern = containsPattern(filter.search);
    // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE any case (and uses the trigram index).
    const match: Expression<SqlBool> = isPostgres(db)
      ? sql<SqlBool>`${DOCUMENT} ILIKE ${pattern} ESCAPE '\\'`
      : sql<SqlBool>`${DOCUMENT} LIKE ${pattern} ESCAPE '\\'`;
    query = query.where(match);
  }
  return query;
}

/**
 * A page past the first: its ids from the index alone, then those rows. The newest-first index
 * covers the ids, so the entries skipped by OFFSET read no table row (page 5,000 of 100,000:
 * ≈ 1.9 ms against ≈ 6 ms for the same OFFSET over whole rows).
 */
async function rowsByIds(db: Kysely<Database>, companyId: number, filter: PropertyFilter, page: { size: number; offset: number }): Promise<PropertyRow[]> {
  const ids = await filtered(db, companyId, filter).select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('properties')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids.map((row) => row.id))
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap(({ id }) => byId.get(id) ?? []);
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
  const unfiltered = isUnfiltered(filter);
  const rows =
    page.offset > 0
      ? await rowsByIds(db, companyId, filter, page)
      : unfiltered
        ? await firstPage.all(db, { companyId, size: page.size })
        : await filtered(db, companyId, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.size).execute();
  // A first page shorter than its size is the whole list: no count needed.
  if (page.offset === 0 && rows.length < page.size) return { rows, total: rows.length };
  // No filter: the company's total as triggers keep it (property_counts, migration
  // 2026_11_24_0101) instead of counting 100,000 index entries on every page.
  if (unfiltered) return { rows, total: Number((await keptTotal.first(db, { companyId }))?.n ?? 0) };
  const counted = await filtered(db, companyId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}

export function findProperty(db: Kysely<Database>, companyId: number, id: number): Promise<PropertyRow | undefined> {
  return db.selectFrom('properties').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

export async function insertProperty(db: Kysely<Database>, row: NewProperty): Promise<number> {
  const inserted = await db.insertInto('properties').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateProperty(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  changes: Updateable<PropertiesTable>,
): Promise<boolean> {
  const result = await db.updateTable('properties').set(changes).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the property and its photo rows; false when the company has no such property. */
export async function deleteProperty(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  await db.deleteFrom('property_images').where('company_id', '=', companyId).where('property_id', '=', id).execute();
  const result = await db.deleteFrom('properties').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
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
