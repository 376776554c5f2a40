/**
 * Lead search and tab counts that stay fast at 100,000+ leads per company. FROZEN once
 * shipped; it imports nothing from the app on purpose.
 *
 * Search (substring, case-insensitive, over name, e-mail, phone, city and lead source):
 * - SQLite: an FTS5 table with the trigram tokenizer (`leads_search`, rowid = leads.id), kept in
 *   sync by triggers on `leads`.
 * - PostgreSQL: a pg_trgm GIN index on one expression joining the five fields with chr(31) (a
 *   separator no search text contains, so a match never spans two fields). The repository must
 *   use the very same expression (modules/leads/search.ts) or the planner will not use the index.
 *   Production needs the pg_trgm extension: this migration creates it, which takes a role allowed
 *   to (a superuser; on PostgreSQL 13+, where pg_trgm is trusted, CREATE on the database); otherwise run
 *   `CREATE EXTENSION pg_trgm;` once as an administrator before migrating.
 *
 * Counts: `lead_counts` holds the number of leads per (company, workflow) — workflow_key 0 for a
 * lead without status — kept by triggers, so a tab's total is one row read instead of counting
 * 100,000 index entries on every page view.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The five searched fields as one text (PostgreSQL). Same text as SEARCH_DOCUMENT_PG in modules/leads/search.ts. */
const PG_DOCUMENT = `(first_name || ' ' || coalesce(last_name, '') || chr(31) || coalesce(email, '') || chr(31) || coalesce(phone, '') || chr(31) || coalesce(city, '') || chr(31) || coalesce(lead_source, ''))`;

const SQLITE_NAME = `trim(NEW.first_name || ' ' || coalesce(NEW.last_name, ''))`;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(
    // columnsize=0: no per-row size record (only ranking uses it), one write less per lead.
    `CREATE VIRTUAL TABLE leads_search USING fts5(name, email, phone, city, lead_source, tokenize = 'trigram case_sensitive 0', columnsize = 0)`,
  );
  await run(
    `INSERT INTO leads_search (rowid, name, email, phone, city, lead_source)
     SELECT id, trim(first_name || ' ' || coalesce(last_name, '')), email, phone, city, lead_source FROM leads`,
  );
  await run(`CREATE TRIGGER leads_search_insert AFTER INSERT ON leads BEGIN
    INSERT INTO leads_search (rowid, name, email, phone, city, lead_source)
    VALUES (NEW.id, ${SQLITE_NAME}, NEW.email, NEW.phone, NEW.city, NEW.lead_source);
  END`);
  await run(`CREATE TRIGGER leads_search_delete AFTER DELETE ON leads BEGIN
    DELETE FROM leads_search WHERE rowid = OLD.id;
  END`);
  await run(`CREATE TRIGGER leads_search_update AFTER UPDATE OF first_name, last_name, email, phone, city, lead_source ON leads BEGIN
    UPDATE leads_search SET name = ${SQLITE_NAME}, email = NEW.email, phone = NEW.phone, city = NEW.city, lead_source = NEW.lead_source
    WHERE rowid = NEW.id;
  END`);

  await run(`CREATE TABLE lead_counts (
    company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    workflow_key integer NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (company_id, workflow_key)
  )`);
  await run(
    `INSERT INTO lead_counts (company_id, workflow_key, n)
     SELECT company_id, coalesce(workflow_id, 0), count(*) FROM leads GROUP BY company_id, coalesce(workflow_id, 0)`,
  );
  const add = (row: 'NEW') =>
    `INSERT INTO lead_counts (company_id, workflow_key, n) VALUES (${row}.company_id, coalesce(${row}.workflow_id, 0), 1)
     ON CONFLICT (company_id, workflow_key) DO UPDATE SET n = n + 1;`;
  // Deletes only decrement: when a company is deleted its count rows may already be gone.
  const remove = `UPDATE lead_counts SET n = n - 1 WHERE company_id = OLD.company_id AND workflow_key = coalesce(OLD.workflow_id, 0);`;
  await run(`CREATE TRIGGER lead_counts_insert AFTER INSERT ON leads BEGIN ${add('NEW')} END`);
  await run(`CREATE TRIGGER lead_counts_delete AFTER DELETE ON leads BEGIN ${remove} END`);
  await run(`CREATE TRIGGER lead_counts_update AFTER UPDATE OF company_id, workflow_id ON leads
    WHEN OLD.company_id IS NOT NEW.company_id OR OLD.workflow_id IS NOT NEW.workflow_id
    BEGIN ${remove} ${add('NEW')} END`);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await run(`CREATE INDEX leads_search_trgm ON leads USING gin (${PG_DOCUMENT} gin_trgm_ops)`);

  await run(`CREATE TABLE lead_counts (
    company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    workflow_key integer NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (company_id, workflow_key)
  )`);
  await run(
    `INSERT INTO lead_counts (company_id, workflow_key, n)
     SELECT company_id, coalesce(workflow_id, 0), count(*) FROM leads GROUP BY company_id, coalesce(workflow_id, 0)`,
  );
  // Statement-level triggers with transition tables: an import of 100,000 rows updates each
  // count row once, not 100,000 times.
  await run(`CREATE FUNCTION lead_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO lead_counts (company_id, workflow_key, n)
      SELECT company_id, coalesce(workflow_id, 0), count(*) FROM new_rows GROUP BY 1, 2
    ON CONFLICT (company_id, workflow_key) DO UPDATE SET n = lead_counts.n + excluded.n;
    RETURN NULL;
  END $$`);
  await run(`CREATE FUNCTION lead_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE lead_counts c SET n = c.n - d.n
      FROM (SELECT company_id, coalesce(workflow_id, 0) AS workflow_key, count(*) AS n FROM old_rows GROUP BY 1, 2) d
      WHERE c.company_id = d.company_id AND c.workflow_key = d.workflow_key;
    RETURN NULL;
  END $$`);
  // PostgreSQL allows no column list beside transition tables: every UPDATE fires, and only the
  // rows whose company or workflow changed count.
  await run(`CREATE FUNCTION lead_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE lead_counts c SET n = c.n - d.n
      FROM (SELECT o.company_id, coalesce(o.workflow_id, 0) AS workflow_key, count(*) AS n
              FROM old_rows o JOIN new_rows w ON w.id = o.id
             WHERE o.company_id <> w.company_id OR o.workflow_id IS DISTINCT FROM w.workflow_id
             GROUP BY 1, 2) d
      WHERE c.company_id = d.company_id AND c.workflow_key = d.workflow_key;
    INSERT INTO lead_counts (company_id, workflow_key, n)
      SELECT w.company_id, coalesce(w.workflow_id, 0), count(*)
        FROM old_rows o JOIN new_rows w ON w.id = o.id
       WHERE o.company_id <> w.company_id OR o.workflow_id IS DISTINCT FROM w.workflow_id
       GROUP BY 1, 2
    ON CONFLICT (company_id, workflow_key) DO UPDATE SET n = lead_counts.n + excluded.n;
    RETURN NULL;
  END $$`);
  await run(`CREATE TRIGGER lead_counts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_on_insert()`);
  await run(`CREATE TRIGGER lead_counts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_on_delete()`);
  await run(`CREATE TRIGGER lead_counts_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_on_update()`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await run(`DROP TRIGGER IF EXISTS lead_counts_insert ON leads`);
    await run(`DROP TRIGGER IF EXISTS lead_counts_delete ON leads`);
    await run(`DROP TRIGGER IF EXISTS lead_counts_update ON leads`);
    await run(`DROP FUNCTION IF EXISTS lead_counts_on_insert(), lead_counts_on_delete(), lead_counts_on_update()`);
    await run(`DROP INDEX IF EXISTS leads_search_trgm`);
  } else {
    for (const trigger of ['leads_search_insert', 'leads_search_delete', 'leads_search_update', 'lead_counts_insert', 'lead_counts_delete', 'lead_counts_update']) {
      await run(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
    await run(`DROP TABLE IF EXISTS leads_search`);
  }
  await run(`DROP TABLE IF EXISTS lead_counts`);
}
