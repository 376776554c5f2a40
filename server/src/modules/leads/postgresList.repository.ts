/**
 * A page of a leads tab on PostgreSQL, with or without search, and its total (list.repository.ts
 * is the entry; SQLite's statements are there). Measured on 100,000 leads, a round trip to
 * PostgreSQL costs the server ~0.1 ms of CPU (the loopback socket's write and read) on top of what
 * the query costs PostgreSQL, so a page is as few statements as can be:
 *
 * - without search, one named statement (prepared once per connection): the tab looked up in the
 *   company (no row: 404), the page's ids on the covering `leads_company` /
 *   `leads_company_workflow` index (each branch gated on whether the tab is All Contacts, so each
 *   keeps its own index), only their rows read, and the tab's total from `lead_counts`;
 * - a search, two: the tab, the count of matches and the tab's size, then the page, read the way
 *   the count says is quicker (walkNewestFirst). Both stay unnamed, because their best plan
 *   depends on the search text and a named statement may settle on one generic plan for all texts.
 *
 * PostgreSQL writes the page's JSON itself (row_to_json per lead, string_agg): for a 1,000-lead
 * search that moves ≈ 7 ms of row parsing, mapping and JSON.stringify off the server's one thread
 * (9.4–10 ms of the server's CPU against 2.7 ms to receive the text; docs/performance.md).
 * PG_LEAD_COLUMNS must stay exactly what mapper.ts `toLead` answers (test: "list rows are the GET
 * answers").
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { DEFAULT_WORKFLOWS } from '@contract';
import { namedStatement } from '../../db/prepared';
import type { Database } from '../../db/schema';
import type { Page } from '../../lib/paging';
import { JS_WHITESPACE } from './mapper';
import { containsPattern, usesIndex } from './searchText';

/** PostgreSQL's text of JS_WHITESPACE, for btrim (standard strings: only the quote needs escaping). */
const WHITESPACE = `'${JS_WHITESPACE.replace(/'/g, "''")}'`;
const trimmed = (column: string) => `btrim(coalesce(${column}, ''), ${WHITESPACE})`;
/** Date#toISOString's form, whatever the session's time zone. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One lead (`l`) as `toLead` answers it: same keys in the same order; `name` as contract `joinName`. */
const PG_LEAD_COLUMNS = `l.id, btrim(${trimmed('l.first_name')} || ' ' || ${trimmed('l.last_name')}, ' ') AS name,
  l.first_name, l.last_name, l.email, l.phone, l.address, l.city, l.state, l.postal_code, l.country,
  l.lead_source, l.property_type, (SELECT w.name FROM workflow_statuses w WHERE w.id = l.workflow_id) AS workflow,
  l.workflow_id, l.activities, l.version, ${iso('l.created_at')} AS created_at, ${iso('l.updated_at')} AS updated_at,
  ${iso('l.follow_up_at')} AS follow_up_at`;

/**
 * The leads of `ids` (a query of one `id` column, parameters after $1) as one JSON text, newest
 * first; $1 is the company, checked again on each row (a guard, never a filter). The leads are
 * read by id from an array of the page's ids: a named statement's generic plan cannot know the
 * page is 10 rows, and a join to the ids became a merge join over every lead of the table (20 ms
 * instead of 0.2); `id = ANY(array)` is one index scan, and for 1,000 rows 1–2 ms cheaper than
 * reading each by its id in a LATERAL subquery. The rows' JSON then costs PostgreSQL ≈ 10 µs a lead.
 */
const pageJson = (ids: string) => `SELECT coalesce(string_agg(row_to_json(r)::text, ',' ORDER BY r.id DESC), '') AS leads_json
  FROM (SELECT ${PG_LEAD_COLUMNS} FROM leads l WHERE l.id = ANY(ARRAY(${ids})) AND l.company_id = $1) r`;

/**
 * The company's tab $2 as a one-row table `w(everyone)`: true for All Contacts, by name in any
 * case and trimmed as workflows/repository.ts isAllContacts reads it; no row for another
 * company's tab.
 */
const TAB = `w AS MATERIALIZED (SELECT lower(btrim(s.name, ${WHITESPACE})) = '${DEFAULT_WORKFLOWS[0].toLowerCase().replace(/'/g, "''")}' AS everyone
  FROM workflow_statuses s WHERE s.company_id = $1 AND s.id = $2)`;

/**
 * A page without search: $1 company, $2 tab, $3 limit, $4 offset. The tab's row (`everyone` null
 * when the company has no such tab), the page's JSON and the tab's total.
 */
const PLAIN_PAGE = namedStatement(`WITH ${TAB},
ids AS ((SELECT x.id FROM leads x WHERE x.company_id = $1 AND (SELECT everyone FROM w) ORDER BY x.id DESC LIMIT $3 OFFSET $4)
  UNION ALL (SELECT x.id FROM leads x WHERE x.company_id = $1 AND x.workflow_id = $2 AND NOT (SELECT everyone FROM w) ORDER BY x.id DESC LIMIT $3 OFFSET $4))
SELECT (SELECT everyone FROM w) AS everyone, page.leads_json,
  (SELECT coalesce(sum(c.n), 0)::int FROM lead_counts c WHERE c.company_id = $1 AND ((SELECT everyone FROM w) OR c.workflow_key = $2)) AS total
FROM (${pageJson('SELECT ids.id FROM ids')}) page`);

/**
 * Leads walked that cost about what one match gathered on the search index does (PostgreSQL, 100,000
 * leads: a walk reads ~1–1.8 µs per lead, gathering ~2–3 µs per match with its recheck and sort).
 */
const WALK_ROWS_PER_MATCH = 2;

/**
 * Which way a search's page is found fastest, from its count: true to walk the leads newest first
 * on the primary key until the page is full (quick when matches are dense: about end × tabSize /
 * matches rows read), false to gather every match on the search index and keep the newest (about
 * `matches` rows read). PostgreSQL's planner makes this choice from its estimate of the matches
 * and assumes they are spread evenly; a name that sits among older leads then cost a walk of half
 * the company (60 ms for 2,018 matches at 100,000 leads) instead of the index (7 ms). The count,
 * which the answer needs anyway, says how many there really are; the walk is taken while it reads
 * fewer than WALK_ROWS_PER_MATCH leads per match.
 * @example walkNewestFirst({ matches: 20_000, tabSize: 100_000, end: 1000 }) // true: ~5,000 rows walked
 * @example walkNewestFirst({ matches: 2_000, tabSize: 100_000, end: 1000 }) // false: 2,000 matches beat ~50,000 rows
 */
export function walkNewestFirst({ matches, tabSize, end }: { matches: number; tabSize: number; end: number }): boolean {
  return matches > 0 && (end * tabSize) / matches < WALK_ROWS_PER_MATCH * matches;
}

/**
 * search.repository.ts `searchCondition` for table `x`, the value in `param` (searchValue).
 * Without a trigram to look up, the index would be read whole: strpos (which no index serves)
 * finds the same substring on the company's rows, with no LIKE escaping needed.
 */
const matches = (search: string, param: string): string =>
  usesIndex(true, search) ? `x.search_doc LIKE lower(${param})` : `strpos(x.search_doc, lower(${param})) > 0`;

/** What `matches` compares with: the LIKE pattern for the index, else the text itself. */
const searchValue = (search: string): string => (usesIndex(true, search) ? containsPattern(search) : search);

/**
 * A search's first statement ($1 company, $2 tab, $3 searchValue): the tab, how many of its leads
 * match, and how many it holds. Unnamed (see above); no row for another company's tab.
 */
const searchCount = (search: string) => `WITH ${TAB}
SELECT w.everyone,
  (SELECT count(*)::int FROM leads x WHERE x.company_id = $1 AND (w.everyone OR x.workflow_id = $2) AND ${matches(search, '$3')}) AS matches,
  (SELECT coalesce(sum(c.n), 0)::int FROM lead_counts c WHERE c.company_id = $1 AND (w.everyone OR c.workflow_key = $2)) AS tab_size
FROM w`;

type PageAnswer = { json: string; total: number };

async function searchPage(db: Kysely<Database>, companyId: number, workflowId: number, search: string, page: Page): Promise<PageAnswer | undefined> {
  const pattern = searchValue(search);
  const first = async <R>(sql: string, parameters: unknown[]) => (await db.executeQuery<R>(CompiledQuery.raw(sql, parameters))).rows[0];
  const tab = await first<{ everyone: boolean; matches: number; tab_size: number }>(searchCount(search), [companyId, workflowId, pattern]);
  if (!tab) return undefined;
  const total = tab.matches;
  if (total <= page.offset) return { json: '[]', total };
  // `x.id + 0` orders the same but is no column of an index, so the planner cannot walk one.
  const order = walkNewestFirst({ matches: total, tabSize: tab.tab_size, end: page.offset + page.size }) ? 'x.id' : 'x.id + 0';
  const [condition, values] = tab.everyone
    ? [`x.company_id = $1 AND ${matches(search, '$2')}`, [companyId, pattern]]
    : [`x.company_id = $1 AND x.workflow_id = $2 AND ${matches(search, '$3')}`, [companyId, workflowId, pattern]];
  const at = values.length;
  const ids = `SELECT x.id FROM leads x WHERE ${condition} ORDER BY ${order} DESC LIMIT $${at + 1} OFFSET $${at + 2}`;
  const row = await first<{ leads_json: string }>(pageJson(ids), [...values, page.size, page.offset]);
  return { json: `[${row?.leads_json ?? ''}]`, total };
}

/**
 * One page of the company's tab `workflowId` (All Contacts: every lead), newest first, with the
 * cleaned search text or null, as the JSON text of the answer's `data.data`, and how many leads
 * match in all (`data.total`); undefined when the company has no such tab.
 *
 * @example const page = await postgresTabPage(db, 1, 5, 'pune', pageOf({ pageSize: 1000 }, 10));
 */
export async function postgresTabPage(db: Kysely<Database>, companyId: number, workflowId: number, search: string | null, page: Page): Promise<PageAnswer | undefined> {
  if (search) return searchPage(db, companyId, workflowId, search, page);
  const result = await db.executeQuery<{ everyone: boolean | null; leads_json: string; total: number }>(
    CompiledQuery.raw(PLAIN_PAGE, [companyId, workflowId, page.size, page.offset]),
  );
  const row = result.rows[0];
  if (row?.everyone == null) return undefined;
  return { json: `[${row.leads_json}]`, total: row.total };
}
