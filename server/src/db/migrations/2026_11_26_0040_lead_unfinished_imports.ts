/**
 * Imports that are still writing. FROZEN once shipped; it imports nothing from the app on purpose.
 *
 * An import commits its leads in batches, each a short transaction, so that other people's edits
 * go in between (modules/leads/import/importer.ts); an import that fails removes the leads it
 * wrote. A process that dies mid-import cannot, so each running import has a row here, and each
 * lead it writes carries its id (`leads.import_id`; null for every other lead): what a dead import
 * left is found and removed (modules/leads/import/runs.repository.ts says when). The row goes
 * when its import ends.
 *
 * - `first_lead_id`: no lead of the import has a smaller id, so its leads are found on the
 *   (company_id, id) index from there, without an index of their own;
 * - `seen_at_ms`: when it last wrote a batch (epoch milliseconds), for whoever looks into one.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('lead_imports')
    .addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('first_lead_id', 'integer', (col) => col.notNull())
    .addColumn('seen_at_ms', 'bigint', (col) => col.notNull())
    .execute();
  // Nullable without a default: a change of the catalogue only, on either engine (no table rewrite).
  await sql`ALTER TABLE leads ADD COLUMN import_id integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE leads DROP COLUMN import_id`.execute(db);
  await db.schema.dropTable('lead_imports').ifExists().execute();
}
