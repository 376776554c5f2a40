/**
 * The grid's filters are answered from a copy of each company's listings held in memory
 * (modules/properties/listings.ts). This migration gives that copy a way to know it is current:
 * `property_counts.version`, raised by triggers whenever one of the company's properties is
 * added, deleted, moved, or changed in a field the grid filters, searches or orders by — by this
 * server, another process, or a hand-written statement alike. FROZEN once shipped; it imports
 * nothing from the app on purpose.
 *
 * The SQLite trigram search table of 2026_11_24_0101 answered searches alone and only on SQLite,
 * and its covering index of every filter column served only filtered totals; the copy in memory
 * answers both on both engines, so they go, with PostgreSQL's trigram index (each was written on
 * every insert).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The fields the copy in memory holds (listings.ts `LISTING_COLUMNS`), besides id and company. */
const WATCHED = ['title', 'address', 'location', 'property_type', 'status', 'price', 'bedrooms', 'created_at'] as const;
const changed = (old: string, neu: string) => WATCHED.map((c) => `${old}.${c} IS DISTINCT FROM ${neu}.${c}`).join(' OR ');
const changedSqlite = WATCHED.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');

async function sqlite(run: (text: string) => Promise<unknown>): Promise<void> {
  await run(`ALTER TABLE property_counts ADD COLUMN version integer NOT NULL DEFAULT 0`);
  for (const name of ['property_counts_insert', 'property_counts_delete', 'property_counts_update']) await run(`DROP TRIGGER IF EXISTS ${name}`);
  const add = `INSERT INTO property_counts (company_id, n, version) VALUES (NEW.company_id, 1, 1)
    ON CONFLICT (company_id) DO UPDATE SET n = n + 1, version = version + 1;`;
  const remove = `UPDATE property_counts SET n = n - 1, version = version + 1 WHERE company_id = OLD.company_id;`;
  await run(`CREATE TRIGGER property_counts_insert AFTER INSERT ON properties BEGIN ${add} END`);
  await run(`CREATE TRIGGER property_counts_delete AFTER DELETE ON properties BEGIN ${remove} END`);
  await run(`CREATE TRIGGER property_counts_update AFTER UPDATE OF company_id ON properties
    WHEN OLD.company_id IS NOT NEW.company_id BEGIN ${remove} ${add} END`);
  await run(`CREATE TRIGGER property_versions_update AFTER UPDATE OF ${WATCHED.join(', ')} ON properties
    WHEN OLD.company_id IS NEW.company_id AND (${changedSqlite})
    BEGIN UPDATE property_counts SET version = version + 1 WHERE company_id = NEW.company_id; END`);
  for (const name of ['properties_search_insert', 'properties_search_delete', 'properties_search_update']) await run(`DROP TRIGGER IF EXISTS ${name}`);
  await run(`DROP TABLE IF EXISTS properties_search`);
  await run(`DROP INDEX IF EXISTS properties_company_filters`);
}

async function postgres(run: (text: string) => Promise<unknown>): Promise<void> {
  await run(`ALTER TABLE property_counts ADD COLUMN version integer NOT NULL DEFAULT 0`);
  // Statement-level with transition tables, as before: a bulk insert raises each count row once.
  await run(`CREATE OR REPLACE FUNCTION property_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO property_counts (company_id, n, version) SELECT company_id, count(*), 1 FROM new_rows GROUP BY 1
    ON CONFLICT (company_id) DO UPDATE SET n = property_counts.n + excluded.n, version = property_counts.version + 1;
    RETURN NULL;
  END $$`);
  await run(`CREATE OR REPLACE FUNCTION property_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE property_counts c SET n = c.n - d.n, version = c.version + 1
      FROM (SELECT company_id, count(*) AS n FROM old_rows GROUP BY 1) d
      WHERE c.company_id = d.company_id;
    RETURN NULL;
  END $$`);
  // Every UPDATE fires this one (no column list beside transition tables): moved rows change both
  // companies' counts; rows whose watched fields changed raise their company's version.
  await run(`CREATE OR REPLACE FUNCTION property_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE property_counts c SET n = c.n - d.n, version = c.version + 1
      FROM (SELECT o.company_id, count(*) AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
             WHERE o.company_id <> w.company_id GROUP BY 1) d
      WHERE c.company_id = d.company_id;
    INSERT INTO property_counts (company_id, n, version)
      SELECT w.company_id, count(*), 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
       WHERE o.company_id <> w.company_id GROUP BY 1
    ON CONFLICT (company_id) DO UPDATE SET n = property_counts.n + excluded.n, version = property_counts.version + 1;
    UPDATE property_counts c SET version = c.version + 1
      WHERE c.company_id IN (SELECT w.company_id FROM old_rows o JOIN new_rows w ON w.id = o.id
                              WHERE o.company_id = w.company_id AND (${changed('o', 'w')}));
    RETURN NULL;
  END $$`);
  await run(`DROP INDEX IF EXISTS properties_search_trgm`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgres(run);
  else await sqlite(run);
}

/** Back to 2026_11_24_0101's triggers, with the search table (or PostgreSQL's index) rebuilt from the rows. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const document = (row: string) => `coalesce(${row}.title, '') || ' ' || coalesce(${row}.address, '') || ' ' || coalesce(${row}.location, '')`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await run(`CREATE OR REPLACE FUNCTION property_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO property_counts (company_id, n) SELECT company_id, count(*) FROM new_rows GROUP BY 1
      ON CONFLICT (company_id) DO UPDATE SET n = property_counts.n + excluded.n;
      RETURN NULL;
    END $$`);
    await run(`CREATE OR REPLACE FUNCTION property_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE property_counts c SET n = c.n - d.n
        FROM (SELECT company_id, count(*) AS n FROM old_rows GROUP BY 1) d
        WHERE c.company_id = d.company_id;
      RETURN NULL;
    END $$`);
    await run(`CREATE OR REPLACE FUNCTION property_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE property_counts c SET n = c.n - d.n
        FROM (SELECT o.company_id, count(*) AS n FROM old_rows o JOIN new_rows w ON w.id = o.id
               WHERE o.company_id <> w.company_id GROUP BY 1) d
        WHERE c.company_id = d.company_id;
      INSERT INTO property_counts (company_id, n)
        SELECT w.company_id, count(*) FROM old_rows o JOIN new_rows w ON w.id = o.id
         WHERE o.company_id <> w.company_id GROUP BY 1
      ON CONFLICT (company_id) DO UPDATE SET n = property_counts.n + excluded.n;
      RETURN NULL;
    END $$`);
    await run(`CREATE INDEX IF NOT EXISTS properties_search_trgm ON properties USING gin ((coalesce(title, '') || ' ' || coalesce(address, '') || ' ' || coalesce(location, '')) gin_trgm_ops)`);
    await run(`ALTER TABLE property_counts DROP COLUMN version`);
    return;
  }
  for (const name of ['property_counts_insert', 'property_counts_delete', 'property_counts_update', 'property_versions_update']) await run(`DROP TRIGGER IF EXISTS ${name}`);
  await run(`ALTER TABLE property_counts DROP COLUMN version`);
  const add = `INSERT INTO property_counts (company_id, n) VALUES (NEW.company_id, 1) ON CONFLICT (company_id) DO UPDATE SET n = n + 1;`;
  const remove = `UPDATE property_counts SET n = n - 1 WHERE company_id = OLD.company_id;`;
  await run(`CREATE TRIGGER property_counts_insert AFTER INSERT ON properties BEGIN ${add} END`);
  await run(`CREATE TRIGGER property_counts_delete AFTER DELETE ON properties BEGIN ${remove} END`);
  await run(`CREATE TRIGGER property_counts_update AFTER UPDATE OF company_id ON properties
    WHEN OLD.company_id IS NOT NEW.company_id BEGIN ${remove} ${add} END`);
  await run(`CREATE INDEX IF NOT EXISTS properties_company_filters ON properties (company_id, id, property_type, status, bedrooms, price)`);
  await run(`CREATE VIRTUAL TABLE properties_search USING fts5(doc, tokenize = 'trigram case_sensitive 0', columnsize = 0)`);
  await run(`INSERT INTO properties_search (rowid, doc) SELECT id, ${document('properties')} FROM properties`);
  await run(`CREATE TRIGGER properties_search_insert AFTER INSERT ON properties BEGIN
    INSERT INTO properties_search (rowid, doc) VALUES (NEW.id, ${document('NEW')});
  END`);
  await run(`CREATE TRIGGER properties_search_delete AFTER DELETE ON properties BEGIN
    DELETE FROM properties_search WHERE rowid = OLD.id;
  END`);
  await run(`CREATE TRIGGER properties_search_update AFTER UPDATE OF title, address, location ON properties BEGIN
    UPDATE properties_search SET doc = ${document('NEW')} WHERE rowid = NEW.id;
  END`);
}
