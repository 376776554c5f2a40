/**
 * Counts the dashboard summary reads instead of scanning a company's leads (100,000 rows took
 * about a second per recount on SQLite). FROZEN once shipped; it imports nothing from the app on
 * purpose. Kept by triggers, as `lead_counts` (2026_11_22_0002):
 *
 * - `lead_day_counts`: leads per (company, UTC day created, workflow) — workflow_key 0 for a lead
 *   without status, day as 'YYYY-MM-DD'. The trend cards, sparklines and monthly chart add days.
 * - `lead_wish_counts`: leads per (company, lead property type, city lower-cased and trimmed), for
 *   the top properties (a lead without type or city wishes for nothing matchable).
 *
 * Deletes only decrement (a company's rows may already be gone with it); rows at 0 stay and add
 * nothing. The account migration's `leads_company_created` index goes: nothing reads it now.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const SQLITE_DAY = (row: string) => `substr(${row}.created_at, 1, 10)`;
const PG_DAY = (row: string) => `to_char(${row}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const CITY = (row: string) => `lower(trim(${row}.city))`;

async function createTables(run: (text: string) => Promise<unknown>): Promise<void> {
  await run(`CREATE TABLE lead_day_counts (
    company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    day text NOT NULL,
    workflow_key integer NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (company_id, day, workflow_key)
  )`);
  await run(`CREATE TABLE lead_wish_counts (
    company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    property_type integer NOT NULL,
    city text NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (company_id, property_type, city)
  )`);
}

async function backfill(run: (text: string) => Promise<unknown>, day: (row: string) => string): Promise<void> {
  await run(`INSERT INTO lead_day_counts (company_id, day, workflow_key, n)
    SELECT company_id, ${day('leads')}, coalesce(workflow_id, 0), count(*) FROM leads GROUP BY 1, 2, 3`);
  await run(`INSERT INTO lead_wish_counts (company_id, property_type, city, n)
    SELECT company_id, property_type, ${CITY('leads')}, count(*) FROM leads
     WHERE property_type IS NOT NULL AND ${CITY('leads')} <> '' GROUP BY 1, 2, 3`);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await createTables(run);
  await backfill(run, SQLITE_DAY);
  const addDay = (row: string) =>
    `INSERT INTO lead_day_counts (company_id, day, workflow_key, n) VALUES (${row}.company_id, ${SQLITE_DAY(row)}, coalesce(${row}.workflow_id, 0), 1)
     ON CONFLICT (company_id, day, workflow_key) DO UPDATE SET n = n + 1;`;
  const removeDay = (row: string) =>
    `UPDATE lead_day_counts SET n = n - 1 WHERE company_id = ${row}.company_id AND day = ${SQLITE_DAY(row)} AND workflow_key = coalesce(${row}.workflow_id, 0);`;
  // A lead wishes for something matchable only with a type and a city.
  const addWish = (row: string) =>
    `INSERT INTO lead_wish_counts (company_id, property_type, city, n)
     SELECT ${row}.company_id, ${row}.property_type, ${CITY(row)}, 1 WHERE ${row}.property_type IS NOT NULL AND coalesce(${CITY(row)}, '') <> ''
     ON CONFLICT (company_id, property_type, city) DO UPDATE SET n = n + 1;`;
  const removeWish = (row: string) =>
    `UPDATE lead_wish_counts SET n = n - 1 WHERE company_id = ${row}.company_id AND property_type = ${row}.property_type AND city = ${CITY(row)};`;
  await run(`CREATE TRIGGER lead_day_counts_insert AFTER INSERT ON leads BEGIN ${addDay('NEW')} ${addWish('NEW')} END`);
  await run(`CREATE TRIGGER lead_day_counts_delete AFTER DELETE ON leads BEGIN ${removeDay('OLD')} ${removeWish('OLD')} END`);
  await run(`CREATE TRIGGER lead_day_counts_update AFTER UPDATE OF company_id, workflow_id, created_at ON leads
    WHEN OLD.company_id IS NOT NEW.company_id OR OLD.workflow_id IS NOT NEW.workflow_id OR OLD.created_at IS NOT NEW.created_at
    BEGIN ${removeDay('OLD')} ${addDay('NEW')} END`);
  await run(`CREATE TRIGGER lead_wish_counts_update AFTER UPDATE OF company_id, property_type, city ON leads
    WHEN OLD.company_id IS NOT NEW.company_id OR OLD.property_type IS NOT NEW.property_type OR OLD.city IS NOT NEW.city
    BEGIN ${removeWish('OLD')} ${addWish('NEW')} END`);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await createTables(run);
  await backfill(run, PG_DAY);
  // Statement-level triggers with transition tables, as lead_counts: an import of 100,000 rows
  // updates each count row once.
  const addDays = (rows: string, where = 'true') => `INSERT INTO lead_day_counts (company_id, day, workflow_key, n)
      SELECT r.company_id, ${PG_DAY('r')}, coalesce(r.workflow_id, 0), count(*) FROM ${rows} WHERE ${where} GROUP BY 1, 2, 3
    ON CONFLICT (company_id, day, workflow_key) DO UPDATE SET n = lead_day_counts.n + excluded.n;`;
  const removeDays = (rows: string, where = 'true') => `UPDATE lead_day_counts c SET n = c.n - d.n
      FROM (SELECT r.company_id, ${PG_DAY('r')} AS day, coalesce(r.workflow_id, 0) AS workflow_key, count(*) AS n FROM ${rows} WHERE ${where} GROUP BY 1, 2, 3) d
     WHERE c.company_id = d.company_id AND c.day = d.day AND c.workflow_key = d.workflow_key;`;
  const addWishes = (rows: string, where = 'true') => `INSERT INTO lead_wish_counts (company_id, property_type, city, n)
      SELECT r.company_id, r.property_type, ${CITY('r')}, count(*) FROM ${rows}
       WHERE ${where} AND r.property_type IS NOT NULL AND coalesce(${CITY('r')}, '') <> '' GROUP BY 1, 2, 3
    ON CONFLICT (company_id, property_type, city) DO UPDATE SET n = lead_wish_counts.n + excluded.n;`;
  const removeWishes = (rows: string, where = 'true') => `UPDATE lead_wish_counts c SET n = c.n - d.n
      FROM (SELECT r.company_id, r.property_type, ${CITY('r')} AS city, count(*) AS n FROM ${rows}
             WHERE ${where} AND r.property_type IS NOT NULL AND coalesce(${CITY('r')}, '') <> '' GROUP BY 1, 2, 3) d
     WHERE c.company_id = d.company_id AND c.property_type = d.property_type AND c.city = d.city;`;
  await run(`CREATE FUNCTION lead_day_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${addDays('new_rows r')}
    ${addWishes('new_rows r')}
    RETURN NULL;
  END $$`);
  await run(`CREATE FUNCTION lead_day_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${removeDays('old_rows r')}
    ${removeWishes('old_rows r')}
    RETURN NULL;
  END $$`);
  // Every UPDATE fires (no column list beside transition tables); only rows whose counted fields
  // changed move: out of the old row's count (`r` old, `w` new), into the new row's (`r` new, `o` old).
  const dayMoved = (a: string, b: string) => `(${a}.company_id <> ${b}.company_id OR ${a}.workflow_id IS DISTINCT FROM ${b}.workflow_id OR ${a}.created_at <> ${b}.created_at)`;
  const wishMoved = (a: string, b: string) => `(${a}.company_id <> ${b}.company_id OR ${a}.property_type IS DISTINCT FROM ${b}.property_type OR ${a}.city IS DISTINCT FROM ${b}.city)`;
  const oldRows = 'old_rows r JOIN new_rows w ON w.id = r.id';
  const newRows = 'new_rows r JOIN old_rows o ON o.id = r.id';
  await run(`CREATE FUNCTION lead_day_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${removeDays(oldRows, dayMoved('r', 'w'))}
    ${addDays(newRows, dayMoved('o', 'r'))}
    ${removeWishes(oldRows, wishMoved('r', 'w'))}
    ${addWishes(newRows, wishMoved('o', 'r'))}
    RETURN NULL;
  END $$`);
  await run(`CREATE TRIGGER lead_day_counts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION lead_day_counts_on_insert()`);
  await run(`CREATE TRIGGER lead_day_counts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION lead_day_counts_on_delete()`);
  await run(`CREATE TRIGGER lead_day_counts_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION lead_day_counts_on_update()`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS leads_company_created').execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const trigger of ['lead_day_counts_insert', 'lead_day_counts_delete', 'lead_day_counts_update']) await run(`DROP TRIGGER IF EXISTS ${trigger} ON leads`);
    await run('DROP FUNCTION IF EXISTS lead_day_counts_on_insert(), lead_day_counts_on_delete(), lead_day_counts_on_update()');
  } else {
    for (const trigger of ['lead_day_counts_insert', 'lead_day_counts_delete', 'lead_day_counts_update', 'lead_wish_counts_update']) await run(`DROP TRIGGER IF EXISTS ${trigger}`);
  }
  await run('DROP TABLE IF EXISTS lead_wish_counts');
  await run('DROP TABLE IF EXISTS lead_day_counts');
  await db.schema.createIndex('leads_company_created').on('leads').columns(['company_id', 'created_at']).execute();
}
