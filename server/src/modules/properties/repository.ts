/**
 * The only code that queries properties and their photos. Every function takes the caller's
 * company and touches that company's rows only: another company's property is simply not found.
 */
import { CompiledQuery, type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { prepared } from '../../db/prepared';
import type { Database, NewProperty, NewPropertyImage, PropertiesTable, PropertyImageRow, PropertyRow } from '../../db/schema';
import type { Updateable } from 'kysely';
import type { PageKey } from './cursor';
import { keepFirstPage, keptFirstPage } from './firstPages';
import { currentListings, noteWrite, type PropertyFilter, timeOf } from './listings';
import { type PageJsonRow, type PageSource, pageText } from './pageQuery';

export type { PropertyFilter } from './listings';

const isUnfiltered = (filter: PropertyFilter): boolean =>
  !filter.search && !filter.type && !filter.status && filter.minPrice == null && filter.maxPrice == null && filter.bedrooms == null;

/** Where a page starts: after `offset` cards (page numbers), or after a card's order key (a cursor). */
export type ListPage = { size: number; offset: number } | { size: number; after: PageKey };

/** One page as the answer's JSON (pageQuery.ts). */
export interface ListedPage {
  /** The page's properties as JSON objects joined by commas, without the brackets. */
  json: string;
  total: number;
  /** The order key of the page's last card when more follow: where a cursor continues. */
  next: PageKey | null;
  /** Whether a photo on the page is one of the shared demo drawings. */
  demo: boolean;
}

async function pageJson(db: Kysely<Database>, source: PageSource, size: number, values: unknown[]): Promise<PageJsonRow> {
  const { rows } = await db.executeQuery<PageJsonRow>(CompiledQuery.raw(pageText(db, source, size), values));
  return rows[0]!;
}

const keyOf = (row: PageJsonRow): PageKey | null => (row.order_time && row.last_id != null ? { time: row.order_time, id: row.last_id } : null);

/**
 * One page of the company's properties, newest first (created_at, id), as JSON with their photos
 * (`mediaPrefix`: what lib/media-store `mediaUrl` puts before stored keys, '' for nothing); how
 * many match in all; and the order key of the page's last card when more follow.
 */
export async function listProperties(
  db: Kysely<Database>,
  companyId: number,
  filter: PropertyFilter,
  page: ListPage,
  mediaPrefix = '',
): Promise<ListedPage> {
  const postgres = isPostgres(db);
  if (!isUnfiltered(filter)) {
    // Filters and search: one pass over the company's listings in memory (listings.ts).
    const table = await currentListings(db, companyId);
    const found = table.filter(filter, 'after' in page ? { size: page.size, after: { time: timeOf(page.after.time), id: page.after.id } } : page);
    if (!found.ids.length) return { json: '', total: found.total, next: null, demo: false };
    const values = postgres ? [companyId, mediaPrefix, found.ids] : [mediaPrefix, JSON.stringify(found.ids), companyId];
    const row = await pageJson(db, 'ids', page.size, values);
    return { json: row.data, total: found.total, next: found.more ? keyOf(row) : null, demo: Boolean(row.demo) };
  }
  const source: PageSource = 'after' in page ? 'after' : page.offset > 0 ? 'offset' : 'first';
  // The first page as last written, while nothing on the grid changed since (firstPages.ts).
  const kept = source === 'first' ? await keptFirstPage(db, companyId, page.size, mediaPrefix) : null;
  if (kept) return kept;
  const start = 'after' in page ? [page.after.time, page.after.id] : source === 'offset' ? [page.offset] : [];
  const values = postgres ? [companyId, mediaPrefix, ...start] : [companyId, companyId, mediaPrefix, companyId, ...start];
  const row = await pageJson(db, source, page.size, values);
  // One more row than the page was read: whether it came says whether more follow. The total is
  // the company's as triggers keep it (property_counts, migration 2026_11_24_0101).
  const more = Number(row.found) > page.size;
  const listed = { json: row.data, total: Number(row.total ?? 0), next: more ? keyOf(row) : null, demo: Boolean(row.demo) };
  if (source === 'first') keepFirstPage(db, companyId, page.size, mediaPrefix, row.changes == null ? null : Number(row.changes), listed);
  return listed;
}

export function findProperty(db: Kysely<Database>, companyId: number, id: number): Promise<PropertyRow | undefined> {
  return db.selectFrom('properties').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

/**
 * The company's property `id`, held until the caller's transaction ends: `FOR UPDATE` on
 * PostgreSQL; SQLite transactions here begin IMMEDIATE, so no other writer (in this process or
 * another) runs meanwhile anyway. What is counted under it stays true until the commit.
 */
export function lockProperty(trx: Kysely<Database>, companyId: number, id: number): Promise<{ id: number; title: string | null } | undefined> {
  const query = trx.selectFrom('properties').select(['id', 'title']).where('company_id', '=', companyId).where('id', '=', id);
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
