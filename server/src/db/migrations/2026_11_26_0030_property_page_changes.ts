/**
 * `property_counts.changes`: raised by triggers whenever anything on a company's grid could
 * change — a property added, deleted, moved or changed in any field, a photo added, removed or
 * reordered — by this server, another process or a statement by hand. A process keeps the first
 * page of each company's grid as it last wrote it (modules/properties/firstPages.ts) and serves it
 * again only while this number is what it was then. `version` (2026_11_25_0003) moves only for the
 * fields the listings in memory hold, so a new description or photo does not make them read again.
 * FROZEN once shipped; it imports nothing from the app on purpose.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

async function postgres(run: (text: string) => Promise<unknown>): Promise<void> {
  await run(`ALTER TABLE property_counts ADD COLUMN changes integer NOT NULL DEFAULT 0`);
  // Statement-level with transition tables, as the counts' own triggers: a bulk insert raises each
  // company's number once. One function for both tables (both have company_id); TG_OP picks the
  // transition tables the statement has.
  await run(`CREATE FUNCTION property_page_changes() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE property_counts c SET changes = c.changes + 1 WHERE c.company_id IN (SELECT company_id FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE property_counts c SET changes = c.changes + 1 WHERE c.company_id IN (SELECT company_id FROM old_rows);
    ELSE
      UPDATE property_counts c SET changes = c.changes + 1
        WHERE c.company_id IN (SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows);
    END IF;
    RETURN NULL;
  END $$`);
  // Named after property_counts_*, so they fire after them (PostgreSQL goes by name): the first
  // property of a company has its count row by then.
  for (const table of ['properties', 'property_images']) {
    const name = table === 'properties' ? 'property_page_changes' : 'property_images_page_changes';
    await run(`CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION property_page_changes()`);
    await run(`CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION property_page_changes()`);
    await run(`CREATE TRIGGER ${name}_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION property_page_changes()`);
  }
}

async function sqlite(run: (text: string) => Promise<unknown>): Promise<void> {
  await run(`ALTER TABLE property_counts ADD COLUMN changes integer NOT NULL DEFAULT 0`);
  const raise = (row: 'NEW' | 'OLD') => `UPDATE property_counts SET changes = changes + 1 WHERE company_id = ${row}.company_id;`;
  for (const table of ['properties', 'property_images']) {
    const name = table === 'properties' ? 'property_page_changes' : 'property_images_page_changes';
    await run(`CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} BEGIN ${raise('NEW')} END`);
    await run(`CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} BEGIN ${raise('OLD')} END`);
    await run(`CREATE TRIGGER ${name}_update AFTER UPDATE ON ${table} BEGIN ${raise('NEW')}
      UPDATE property_counts SET changes = changes + 1 WHERE company_id = OLD.company_id AND OLD.company_id IS NOT NEW.company_id; END`);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgres(run);
  else await sqlite(run);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const postgresDb = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['properties', 'property_images']) {
    const name = table === 'properties' ? 'property_page_changes' : 'property_images_page_changes';
    for (const event of ['insert', 'delete', 'update']) await run(`DROP TRIGGER IF EXISTS ${name}_${event}${postgresDb ? ` ON ${table}` : ''}`);
  }
  if (postgresDb) await run(`DROP FUNCTION IF EXISTS property_page_changes()`);
  await run(`ALTER TABLE property_counts DROP COLUMN changes`);
}
