/**
 * The property grid at 100,000 listings per company (bench/properties.bench.mjs measured each
 * part before and after). FROZEN once shipped; it imports nothing from the app on purpose.
 *
 * Totals, both engines: `property_counts` holds each company's number of properties, kept by
 * triggers, so an unfiltered page's total is one row read instead of counting 100,000 index
 * entries on every page (≈ 3 ms, the largest part of a list page).
 *
 * SQLite only:
 * - Search: an FTS5 table with the trigram tokenizer (`properties_search`, rowid = properties.id)
 *   over the very text the repository searches with LIKE (title, address, location joined by
 *   spaces; PROPERTY_DOCUMENT below), kept in sync by triggers. A text of three or more characters
 *   is a trigram phrase there; a LIKE scan of 100,000 rows took 35-130 ms.
 * - Filters: without statistics (SQLite has none unless ANALYZE runs) the planner took the price
 *   and bedrooms indexes of 2026_11_24_0001 for any price or bedrooms condition, then sorted every
 *   match newest first (10,000-40,000 rows: 20-100 ms for a page of 12), where walking the newest
 *   first index stops after a few dozen rows (≈ 0.1 ms). They are dropped here; the totals of
 *   filtered pages read `properties_company_filters` instead, which holds every filter column
 *   (covering, so no table row is read) behind the company and the id, so no condition can pick
 *   it for a page. PostgreSQL keeps both: it has statistics and chooses well.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The searched text of a property row; modules/properties/repository.ts `DOCUMENT` joins the same fields. */
const PROPERTY_DOCUMENT = (row: 'NEW' | 'properties') =>
  `coalesce(${row}.title, '') || ' ' || coalesce(${row}.address, '') || ' ' || coalesce(${row}.location, '')`;

async function countsSqlite(run: (text: string) => Promise<unknown>): Promise<void> {
  await run(`CREATE TABLE property_counts (
    company_id integer PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    n integer NOT NULL
  )`);
  await run(`INSERT INTO property_counts (company_id, n) SELECT company_id, count(*) FROM properties GROUP BY company_id`);
  const add = `INSERT INTO property_counts (company_id, n) VALUES (NEW.company_id, 1)
    ON CONFLICT (company_id) DO UPDATE SET n = n + 1;`;
  // Deletes only decrement: when a company is deleted its count row may already be gone.
  const remove = `UPDATE property_counts SET n = n - 1 WHERE company_id = OLD.company_id;`;
  await run(`CREATE TRIGGER property_counts_insert AFTER INSERT ON properties BEGIN ${add} END`);
  await run(`CREATE TRIGGER property_counts_delete AFTER DELETE ON properties BEGIN ${remove} END`);
  await run(`CREATE TRIGGER property_counts_update AFTER UPDATE OF company_id ON properties
    WHEN OLD.company_id IS NOT NEW.company_id BEGIN ${remove} ${add} END`);
}

async function searchSqlite(run: (text: string) => Promise<unknown>): Promise<void> {
  // columnsize=0: no per-row size record (only ranking uses it), one write less per property.
  await run(`CREATE VIRTUAL TABLE properties_search USING fts5(doc, tokenize = 'trigram case_sensitive 0', columnsize = 0)`);
  await run(`INSERT INTO properties_search (rowid, doc) SELECT id, ${PROPERTY_DOCUMENT('properties')} FROM properties`);
  await run(`CREATE TRIGGER properties_search_insert AFTER INSERT ON properties BEGIN
    INSERT INTO properties_search (rowid, doc) VALUES (NEW.id, ${PROPERTY_DOCUMENT('NEW')});
  END`);
  await run(`CREATE TRIGGER properties_search_delete AFTER DELETE ON properties BEGIN
    DELETE FROM properties_search WHERE rowid = OLD.id;
  END`);
  await run(`CREATE TRIGGER properties_search_update AFTER UPDATE OF title, address, location ON properties BEGIN
    UPDATE properties_search SET doc = ${PROPERTY_DOCUMENT('NEW')} WHERE rowid = NEW.id;
  END`);
}

async function filtersSqlite(run: (text: string) => Promise<unknown>): Promise<void> {
  await run(`DROP INDEX IF EXISTS properties_company_price`);
  await run(`DROP INDEX IF EXISTS properties_company_bedrooms`);
  // id second: no filter or order can use this index beyond the company, so the planner takes it
  // only to count (every filter column is in it); type or status second would win a page's plan
  // for type + status and sort all their matches.
  await run(`CREATE INDEX properties_company_filters ON properties (company_id, id, property_type, status, bedrooms, price)`);
}

async function countsPostgres(run: (text: string) => Promise<unknown>): Promise<void> {
  await run(`CREATE TABLE property_counts (
    company_id integer PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
    n integer NOT NULL
  )`);
  await run(`INSERT INTO property_counts (company_id, n) SELECT company_id, count(*) FROM properties GROUP BY company_id`);
  // Statement-level triggers with transition tables: a bulk insert updates each count row once.
  await run(`CREATE FUNCTION property_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO property_counts (company_id, n) SELECT company_id, count(*) FROM new_rows GROUP BY 1
    ON CONFLICT (company_id) DO UPDATE SET n = property_counts.n + excluded.n;
    RETURN NULL;
  END $$`);
  await run(`CREATE FUNCTION property_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE property_counts c SET n = c.n - d.n
      FROM (SELECT company_id, count(*) AS n FROM old_rows GROUP BY 1) d
      WHERE c.company_id = d.company_id;
    RETURN NULL;
  END $$`);
  // No column list is allowed beside transition tables: every UPDATE fires; only moved rows count.
  await run(`CREATE FUNCTION property_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await run(`CREATE TRIGGER property_counts_insert AFTER INSERT ON properties REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION property_counts_on_insert()`);
  await run(`CREATE TRIGGER property_counts_delete AFTER DELETE ON properties REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION property_counts_on_delete()`);
  await run(`CREATE TRIGGER property_counts_update AFTER UPDATE ON properties REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION property_counts_on_update()`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await countsPostgres(run);
    return;
  }
  await countsSqlite(run);
  await searchSqlite(run);
  await filtersSqlite(run);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const name of ['insert', 'delete', 'update']) await run(`DROP TRIGGER IF EXISTS property_counts_${name} ON properties`);
    await run(`DROP FUNCTION IF EXISTS property_counts_on_insert(), property_counts_on_delete(), property_counts_on_update()`);
  } else {
    for (const name of ['property_counts_insert', 'property_counts_delete', 'property_counts_update', 'properties_search_insert', 'properties_search_delete', 'properties_search_update']) {
      await run(`DROP TRIGGER IF EXISTS ${name}`);
    }
    await run(`DROP TABLE IF EXISTS properties_search`);
    await run(`DROP INDEX IF EXISTS properties_company_filters`);
    await run(`CREATE INDEX IF NOT EXISTS properties_company_price ON properties (company_id, price)`);
    await run(`CREATE INDEX IF NOT EXISTS properties_company_bedrooms ON properties (company_id, bedrooms)`);
  }
  await run(`DROP TABLE IF EXISTS property_counts`);
}
