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
 * search.ts `hasTrigram`: whether pg_trgm finds a trigram in the LIKE pattern of `text` (a run of
 * letters or digits, padded with two spaces when a character precedes it and one when one
 * follows, three long).
 */
function hasTrigram(text) {
  for (const run of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const before = run.index > 0 ? 2 : 0;
    const after = run.index + run[0].length < text.length ? 1 : 0;
    if ([...run[0]].length + before + after >= 3) return true;
  }
  return false;
}

/**
 * The same search two ways on the bench database, as `databaseSearch` does on the SQLite file:
 * - indexed: the server's own condition (search.ts `searchCondition`): LIKE on the stored,
 *   lower-cased `search_doc` under the pg_trgm index `leads_search_doc`, or, for a text in which
 *   pg_trgm finds no trigram, strpos on the company's rows, as the server runs it;
 * - scan: strpos always, which no index serves.
 * Each is the count and the first 1,000 rows newest first of the company's matches; both must
 * count the same (searchRounds.mjs). The page's order is left to the planner here; the server
 * counts first and picks it (postgresList.repository.ts `walkNewestFirst`), so the API rows show
 * that choice.
 */
export async function postgresSearch(target, companyId, searches) {
  return withClient(target.url, async (client) => {
    await client.query('SET jit = off');
    const statements = (condition) => ({
      count: `SELECT count(*) AS n FROM leads WHERE leads.company_id = $1 AND ${condition}`,
      page: `SELECT leads.* FROM leads WHERE leads.company_id = $1 AND ${condition} ORDER BY leads.id DESC LIMIT 1000`,
    });
    const onIndex = statements('leads.search_doc LIKE lower($2)');
    const offIndex = statements('strpos(leads.search_doc, lower($2)) > 0');
    const run = async (sqls, value) => {
      const { rows } = await client.query(sqls.count, [companyId, value]);
      await client.query(sqls.page, [companyId, value]);
      return Number(rows[0].n);
    };
    return searchRounds(searches, {
      indexed: (term) => (hasTrigram(term) ? run(onIndex, containsPattern(term)) : run(offIndex, term)),
      scan: (term) => run(offIndex, term),
    });
  });
}

/** A copy of database `from` as `to` (both from benchDatabase), made from it as a template; `to` is dropped first. */
export async function copyDatabase(from, to) {
  await withClient(to.adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(to.name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(to.name)} TEMPLATE ${client.escapeIdentifier(from.name)}`);
  });
}

/** Runs one query on the bench database and gives its rows. */
export const queryRows = (target, text, values = []) => withClient(target.url, async (client) => (await client.query(text, values)).rows);

/**
 * The bench database after a server stopped, as lib/sqliteIntegrity.mjs checks a SQLite file:
 * every tab total of `lead_counts` (kept by triggers) beside a count of the leads, no import left
 * unfinished in `lead_imports`, and the company's leads and those whose e-mail is LIKE emailLike.
 * @returns {Promise<{ ok: boolean, problems: string[], leads: number, companyLeads?: number, matching?: number }>}
 */
export async function checkPostgres(target, { companyId, emailLike } = {}) {
  return withClient(target.url, async (client) => {
    const problems = [];
    const one = async (text, values = []) => Number(Object.values((await client.query(text, values)).rows[0])[0]);
    const leads = await one('SELECT count(*) FROM leads');
    const counts = (
      await client.query(`SELECT c.company_id, c.workflow_key, c.n, coalesce(a.n, 0) AS actual FROM lead_counts c
        FULL JOIN (SELECT company_id, coalesce(workflow_id, 0) AS workflow_key, count(*) AS n FROM leads GROUP BY 1, 2) a
          ON a.company_id = c.company_id AND a.workflow_key = c.workflow_key
        WHERE coalesce(c.n, 0) <> coalesce(a.n, 0)`)
    ).rows;
    if (counts.length) problems.push(`lead_counts off in ${counts.length} tabs, e.g. ${JSON.stringify(counts[0])}`);
    const unfinished = await one('SELECT count(*) FROM lead_imports');
    if (unfinished) problems.push(`${unfinished} imports left unfinished in lead_imports`);
    const result = { leads };
    if (companyId != null) result.companyLeads = await one('SELECT count(*) FROM leads WHERE company_id = $1', [companyId]);
    if (emailLike != null) result.matching = await one('SELECT count(*) FROM leads WHERE email LIKE $1', [emailLike]);
    return { ok: problems.length === 0, problems, ...result };
  });
}
