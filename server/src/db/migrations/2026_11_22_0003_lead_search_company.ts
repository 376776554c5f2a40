/**
 * The company in the SQLite search index. FROZEN once shipped; it imports nothing from
 * the app on purpose.
 *
 * `leads_search` (migration 2026_11_22_0002) held only the five searched fields, so a search walked
 * every company's matches and checked each one's company on the `leads_company` index: ~25,000
 * lookups for a broad term. It is rebuilt here with a first column `company` holding a token of
 * three characters of the Private Use Area (U+E000 + the company id in base 6,400, most significant
 * first): exactly one trigram, which no searched text holds, and the same token for no two
 * companies below 6,400³ (≈ 2.6 × 10¹¹) ids. A search matches `company : "<token>" AND
 * {name email phone city lead_source} : "<text>"` (modules/leads/search.ts), so FTS5 intersects the
 * company's posting list with the text's and counts inside the index. The table keeps its name (and
 * rowid = leads.id), the triggers theirs; the update trigger also fires on a change of company.
 *
 * PostgreSQL: nothing changes (the pg_trgm index stays; the company is a plain WHERE there).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The company token of `row` (NEW, or the leads table itself in the rebuild). Same as companyToken in modules/leads/search.ts. */
const token = (row: string) =>
  `char(57344 + (${row}company_id / 40960000) % 6400, 57344 + (${row}company_id / 6400) % 6400, 57344 + ${row}company_id % 6400)`;
const name = (row: string) => `trim(${row}first_name || ' ' || coalesce(${row}last_name, ''))`;
const TRIGGERS = ['leads_search_insert', 'leads_search_delete', 'leads_search_update'];

async function rebuild(db: Kysely<unknown>, withCompany: boolean): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const trigger of TRIGGERS) await run(`DROP TRIGGER IF EXISTS ${trigger}`);
  await run(`DROP TABLE IF EXISTS leads_search`);
  const company = (value: string) => (withCompany ? value : '');
  await run(
    // columnsize=0: no per-row size record (only ranking uses it), one write less per lead.
    `CREATE VIRTUAL TABLE leads_search USING fts5(${company('company, ')}name, email, phone, city, lead_source, tokenize = 'trigram case_sensitive 0', columnsize = 0)`,
  );
  await run(
    `INSERT INTO leads_search (rowid, ${company('company, ')}name, email, phone, city, lead_source)
     SELECT id, ${company(`${token('')}, `)}${name('')}, email, phone, city, lead_source FROM leads`,
  );
  await run(`CREATE TRIGGER leads_search_insert AFTER INSERT ON leads BEGIN
    INSERT INTO leads_search (rowid, ${company('company, ')}name, email, phone, city, lead_source)
    VALUES (NEW.id, ${company(`${token('NEW.')}, `)}${name('NEW.')}, NEW.email, NEW.phone, NEW.city, NEW.lead_source);
  END`);
  await run(`CREATE TRIGGER leads_search_delete AFTER DELETE ON leads BEGIN
    DELETE FROM leads_search WHERE rowid = OLD.id;
  END`);
  await run(`CREATE TRIGGER leads_search_update AFTER UPDATE OF ${company('company_id, ')}first_name, last_name, email, phone, city, lead_source ON leads BEGIN
    UPDATE leads_search SET ${company(`company = ${token('NEW.')}, `)}name = ${name('NEW.')}, email = NEW.email, phone = NEW.phone, city = NEW.city, lead_source = NEW.lead_source
    WHERE rowid = NEW.id;
  END`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await rebuild(db, true);
}

/** Back to the index of 2026_11_22_0002 (no company column). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await rebuild(db, false);
}
