/**
 * A page of a leads tab, with or without search, and its total (the list call: `data.data`,
 * `data.total`; docs/server-resources.md, "Leads"): the hottest query of the app (a page at 1,000 req/s,
 * a search of 1,000 rows in 20 ms; docs/performance.md).
 *
 * The leads come back as JSON text, ready for the answer, written by the database itself (SQLite
 * here: json_object per lead, one group_concat; PostgreSQL: postgresList.repository.ts): turning
 * 1,000 rows into JavaScript objects and back into JSON cost three to five times what the query
 * did. LEAD_JSON must stay exactly what mapper.ts `toLead` answers (test: "list rows are the GET
 * answers").
 *
 * On SQLite the page is found on an index first (only ids: the covering `leads_company` /
 * `leads_company_workflow` index, or the search index read newest first, stopping at the page's
 * end) and only its rows are read. The search index holds each lead's company (migration
 * 2026_11_22_0003), so a search walks only the company's matches and an All Contacts search is
 * counted inside the index; a tab's search checks each match's status on `leads_company_workflow`.
 * (One statement with `count(*) over ()` instead of page + count was measured: 2–4× slower, since
 * it keeps every match's row for the window before taking the page.) A page that comes back short
 * is the last one, so its total is known without counting: most searches a person types match
 * fewer leads than the widget's 1,000 and so cost one walk of the index instead of two.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { Page } from '../../lib/paging';
import { findCompanyWorkflow, isAllContacts } from '../workflows/repository';
import { JS_WHITESPACE } from './mapper';
import { postgresTabPage } from './postgresList.repository';
import { countTab, type LeadFilter } from './repository';
import { containsPattern, ftsQuery, SEARCH_DOCUMENT_SQLITE_TEXT, usesIndex } from './searchText';

const WHITESPACE = `'${JS_WHITESPACE}'`;
const trimmed = (column: string) => `coalesce(trim(${column}, ${WHITESPACE}), '')`;

/** One lead as `toLead` answers it: same keys in the same order; `name` as contract `joinName`. */
const LEAD_JSON = `json_object(
  'id', l.id,
  'name', trim(${trimmed('l.first_name')} || ' ' || ${trimmed('l.last_name')}, ' '),
  'first_name', l.first_name, 'last_name', l.last_name, 'email', l.email, 'phone', l.phone,
  'address', l.address, 'city', l.city, 'state', l.state, 'postal_code', l.postal_code, 'country', l.country,
  'lead_source', l.lead_source, 'property_type', l.property_type, 'workflow', w.name, 'workflow_id', l.workflow_id,
  'activities', l.activities, 'version', l.version, 'created_at', l.created_at, 'updated_at', l.updated_at, 'follow_up_at', l.follow_up_at)`;

/** The SQL of one filter shape (tab or not, search by index, by LIKE, or none), built once. */
interface Shape {
  /** Ids of one page, newest first; parameters: filter values, then limit and offset. */
  ids: string;
  /** How many leads match; parameters: filter values. Null: the tab's count from lead_counts. */
  count: string | null;
}

const shapes = new Map<string, Shape>();

function shapeOf(tab: boolean, search: 'index' | 'like' | null): Shape {
  const key = `${tab}:${search}`;
  let shape = shapes.get(key);
  if (shape) return shape;
  const tabCondition = tab ? ' AND x.workflow_id = ?' : '';
  if (search === 'index' && !tab) {
    // The FTS query holds the company (search.ts ftsQuery): only the index is read.
    const from = `leads_search s WHERE s.leads_search MATCH ?`;
    shape = { ids: `SELECT s.rowid AS id FROM ${from} ORDER BY s.rowid DESC LIMIT ? OFFSET ?`, count: `SELECT count(*) AS n FROM ${from}` };
  } else if (search === 'index') {
    // The search index drives (CROSS JOIN keeps it outside): read newest first, each of the
    // company's matches checked for the status on the covering index, so no lead row is read.
    const from = `leads_search s CROSS JOIN leads x INDEXED BY leads_company_workflow ON x.company_id = ? AND x.workflow_id = ? AND x.id = s.rowid WHERE s.leads_search MATCH ?`;
    shape = { ids: `SELECT s.rowid AS id FROM ${from} ORDER BY s.rowid DESC LIMIT ? OFFSET ?`, count: `SELECT count(*) AS n FROM ${from}` };
  } else if (search === 'like') {
    const from = `leads x WHERE x.company_id = ?${tabCondition} AND ${SEARCH_DOCUMENT_SQLITE_TEXT('x')} LIKE ? ESCAPE '\\'`;
    shape = { ids: `SELECT x.id FROM ${from} ORDER BY x.id DESC LIMIT ? OFFSET ?`, count: `SELECT count(*) AS n FROM ${from}` };
  } else {
    shape = { ids: `SELECT x.id FROM leads x WHERE x.company_id = ?${tabCondition} ORDER BY x.id DESC LIMIT ? OFFSET ?`, count: null };
  }
  shapes.set(key, shape);
  return shape;
}

/**
 * The page's leads joined as JSON text, newest first. The ids come in page order and the ORDER BY
 * follows it, so SQLite sorts nothing (an ORDER BY inside group_concat would sort 1,000 JSON texts).
 * Parameters: the ids' ones, then the company (checked again on each row: a guard, never a filter).
 */
const pageJson = (ids: string) =>
  `SELECT group_concat(j, ',') AS leads_json, count(*) AS n FROM (SELECT ${LEAD_JSON} AS j FROM (${ids}) AS p CROSS JOIN leads l ON l.id = p.id AND l.company_id = ? LEFT JOIN workflow_statuses w ON w.id = l.workflow_id ORDER BY p.id DESC)`;

/**
 * The total when the page shows it: a page with fewer rows than its size is the last, unless it
 * is empty past the first page (then the matches may end anywhere before it). Null: count.
 * @example lastPageTotal({ size: 1000, offset: 0 }, 26) // 26
 */
export function lastPageTotal(page: Pick<Page, 'size' | 'offset'>, onPage: number): number | null {
  return onPage < page.size && (onPage > 0 || page.offset === 0) ? page.offset + onPage : null;
}

async function sqlitePage(db: Kysely<Database>, filter: LeadFilter, page: Page): Promise<{ json: string; total: number }> {
  const search = filter.search ? (usesIndex(false, filter.search) ? 'index' : 'like') : null;
  const shape = shapeOf(filter.workflowId != null, search);
  // An All Contacts search by index: the company is in the FTS query (and checked again on the page's rows).
  const values: unknown[] = search === 'index' && filter.workflowId == null ? [] : [filter.companyId];
  if (filter.workflowId != null) values.push(filter.workflowId);
  if (filter.search) values.push(search === 'index' ? ftsQuery(filter.companyId, filter.search) : containsPattern(filter.search));
  const result = await db.executeQuery<{ leads_json: string | null; n: number }>(
    CompiledQuery.raw(pageJson(shape.ids), [...values, page.size, page.offset, filter.companyId]),
  );
  const { leads_json: json, n: onPage } = result.rows[0] ?? { leads_json: null, n: 0 };
  const total = lastPageTotal(page, onPage) ?? (shape.count
    ? Number((await db.executeQuery<{ n: number }>(CompiledQuery.raw(shape.count, values))).rows[0]?.n ?? 0)
    : await countTab(db, filter));
  return { json: `[${json ?? ''}]`, total };
}

/**
 * One page of the company's tab `workflowId` (All Contacts: every lead), newest first, with the
 * cleaned search text or null, as the JSON text of the answer's `data.data`, and how many leads
 * match in all (`data.total`); undefined when the company has no such tab.
 *
 * @example const page = await tabPageJson(db, 1, 5, 'pune', pageOf({ pageSize: 1000 }, 10));
 */
export async function tabPageJson(
  db: Kysely<Database>,
  companyId: number,
  workflowId: number,
  search: string | null,
  page: Page,
): Promise<{ json: string; total: number } | undefined> {
  // PostgreSQL looks the tab up inside the page's statement: one round trip less.
  if (isPostgres(db)) return postgresTabPage(db, companyId, workflowId, search, page);
  const workflow = await findCompanyWorkflow(db, companyId, workflowId);
  if (!workflow) return undefined;
  return sqlitePage(db, { companyId, workflowId: isAllContacts(workflow) ? null : workflow.id, search }, page);
}
