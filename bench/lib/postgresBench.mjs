/**
 * PostgreSQL side of `leads.bench.mjs` (BENCH_DB=postgres): the bench database's life (dropped
 * and re-created through the `postgres` maintenance database with the same credentials, settled
 * after the seed, dropped at the end) and the search measured on the database itself with `pg`.
 *
 * The database named in the URL is dropped, so its name must contain "bench": a mistyped
 * BENCH_PG_URL cannot drop the test database or someone's data.
 */
import pg from 'pg';
import { containsPattern, searchRounds } from './searchRounds.mjs';

/** Default BENCH_PG_URL. */
export const DEFAULT_PG_URL = 'postgres://estatedesk:estatedesk@127.0.0.1:5432/estatedesk_bench';

/**
 * The bench database named by `url` and the URL of the `postgres` database on the same server with
 * the same credentials (where a database can be dropped and created).
 * @example benchDatabase('postgres://u:p@127.0.0.1:5432/estatedesk_bench').name // 'estatedesk_bench'
 */
export function benchDatabase(url) {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/bench/i.test(name)) throw new Error(`BENCH_PG_URL names database "${name}": the bench drops it, so its name must contain "bench"`);
  parsed.pathname = '/postgres';
  return { url, name, adminUrl: parsed.href };
}

/** Runs `fn(client)` on one connection to `url`, closed afterwards. */
async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops the bench database if it exists (closing any connection left to it). */
export async function dropDatabase(target) {
  await withClient(target.adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(target.name)} WITH (FORCE)`));
}

/** Drops (a leftover of an earlier run) and creates the bench database, empty. */
export async function recreateDatabase(target) {
  await dropDatabase(target);
  await withClient(target.adminUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(target.name)}`));
}

/**
 * VACUUM (ANALYZE) after the seed: what autovacuum does about a minute after a bulk insert, done
 * before measuring so the planner has statistics (the trigram index's expression included) and
 * autovacuum does not start in the middle of a measurement.
 */
export async function settle(target) {
  await withClient(target.url, (client) => client.query('VACUUM (ANALYZE)'));
}

/**
 * The server's search document on PostgreSQL, exactly as `SEARCH_DOCUMENT_PG` in
 * server/src/modules/leads/search.ts (the expression of index leads_search_trgm).
 */
const SEARCH_DOCUMENT_PG = `(leads.first_name || ' ' || coalesce(leads.last_name, '') || chr(31) || coalesce(leads.email, '') || chr(31) || coalesce(leads.phone, '') || chr(31) || coalesce(leads.city, '') || chr(31) || coalesce(leads.lead_source, ''))`;
/** search.ts `usesIndex(true, text)`: without a run of three letters or digits pg_trgm has no trigram to look up. */
const usesIndex = (text) => /[\p{L}\p{N}]{3}/u.test(text);

/**
 * The same search two ways on the bench database, as `databaseSearch` does on the SQLite file:
 * - indexed: the server's own condition (search.ts `searchCondition`): ILIKE on the expression of
 *   the trigram index, or, for a text without three letters or digits in a row (e.g. "+91 7"), the
 *   same ILIKE kept off the index with `|| ''`, as the server runs it;
 * - scan: the same ILIKE always kept off the trigram index with `|| ''`.
 * Each is the count and the first 1,000 rows newest first of the company's matches; both must
 * count the same (searchRounds.mjs). The page's order is left to the planner here; the server
 * counts first and picks it (repository.ts `walkNewestFirst`), so the API rows show that choice.
 */
export async function postgresSearch(target, companyId, searches) {
  return withClient(target.url, async (client) => {
    const statements = (condition) => ({
      count: `SELECT count(*) AS n FROM leads WHERE leads.company_id = $1 AND ${condition}`,
      page: `SELECT leads.* FROM leads WHERE leads.company_id = $1 AND ${condition} ORDER BY leads.id DESC LIMIT 1000`,
    });
    const onIndex = statements(`${SEARCH_DOCUMENT_PG} ILIKE $2`);
    const offIndex = statements(`(${SEARCH_DOCUMENT_PG} || '') ILIKE $2`);
    const run = async (sqls, term) => {
      const values = [companyId, containsPattern(term)];
      const { rows } = await client.query(sqls.count, values);
      await client.query(sqls.page, values);
      return Number(rows[0].n);
    };
    return searchRounds(searches, { indexed: (term) => run(usesIndex(term) ? onIndex : offIndex, term), scan: (term) => run(offIndex, term) });
  });
}
