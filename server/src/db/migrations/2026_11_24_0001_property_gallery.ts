/**
 * Property photos and the property list's filters. FROZEN once shipped; it imports nothing from
 * the app on purpose.
 *
 * `property_images` (2026_11_22_0001) gets the cover flag and the paths of each photo's two WebP
 * renditions (about 320 and 960 px wide, so the card grid never loads originals). A property's
 * photos are its rows in `position` order; the one with `is_cover = 1` is the
 * `property_cover_image` of docs/product/data.md, the others its `property_other_images`.
 *
 * Indexes: the company's list newest first (created_at, id), the same per status and per type,
 * and the company's rows by price and by bedrooms. Search (title, address, location, any case):
 * PostgreSQL gets a pg_trgm GIN index on the three fields joined (pg_trgm comes with
 * 2026_11_22_0002); SQLite scans the company's rows (a few hundred per company).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The searched text; modules/properties/repository.ts builds the same expression. */
const PG_DOCUMENT = `(coalesce(title, '') || ' ' || coalesce(address, '') || ' ' || coalesce(location, ''))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('property_images').addColumn('is_cover', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('property_images').addColumn('small_path', 'text').execute();
  await db.schema.alterTable('property_images').addColumn('medium_path', 'text').execute();

  await db.schema.createIndex('properties_company_newest').on('properties').columns(['company_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('properties_company_status')
    .on('properties')
    .columns(['company_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('properties_company_type')
    .on('properties')
    .columns(['company_id', 'property_type', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('properties_company_price').on('properties').columns(['company_id', 'price']).execute();
  await db.schema.createIndex('properties_company_bedrooms').on('properties').columns(['company_id', 'bedrooms']).execute();
  if (pg) {
    await sql.raw(`CREATE EXTENSION IF NOT EXISTS pg_trgm`).execute(db);
    await sql.raw(`CREATE INDEX properties_search_trgm ON properties USING gin (${PG_DOCUMENT} gin_trgm_ops)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['properties_search_trgm', 'properties_company_bedrooms', 'properties_company_price', 'properties_company_type', 'properties_company_status', 'properties_company_newest']) {
    await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
  }
  await db.schema.alterTable('property_images').dropColumn('medium_path').execute();
  await db.schema.alterTable('property_images').dropColumn('small_path').execute();
  await db.schema.alterTable('property_images').dropColumn('is_cover').execute();
}
