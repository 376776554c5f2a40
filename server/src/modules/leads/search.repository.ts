/**
 * The leads search as a WHERE condition (search.ts says how each engine searches): the SQL half of
 * the search, which repository.ts adds to its list and export queries.
 */
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { containsPattern, ftsQuery, SEARCH_DOCUMENT_SQLITE_TEXT, usesIndex } from './searchText';

const SEARCH_DOCUMENT_SQLITE = sql.raw(SEARCH_DOCUMENT_SQLITE_TEXT('leads'));

/**
 * The WHERE condition selecting the leads (table `leads`) of company `companyId` that match `text`
 * (from cleanSearch). The query still needs its own `leads.company_id` condition on PostgreSQL
 * and for searches under three characters.
 *
 * @example query.where('leads.company_id', '=', 7).where(searchCondition(db, 7, 'pune'))
 */
export function searchCondition(db: Kysely<Database>, companyId: number, text: string): Expression<SqlBool> {
  const postgres = isPostgres(db);
  const pattern = containsPattern(text);
  if (postgres) {
    // lower(pattern) LIKE lower(text) is what ILIKE does on UTF-8; search_doc is stored lower-cased.
    return usesIndex(true, text)
      ? sql<SqlBool>`leads.search_doc LIKE lower(${pattern})`
      : // strpos keeps the planner off the trigram index, which has nothing to look up here.
        sql<SqlBool>`strpos(leads.search_doc, lower(${text})) > 0`;
  }
  return usesIndex(false, text)
    ? sql<SqlBool>`leads.id IN (SELECT rowid FROM leads_search WHERE leads_search MATCH ${ftsQuery(companyId, text)})`
    : sql<SqlBool>`${SEARCH_DOCUMENT_SQLITE} LIKE ${pattern} ESCAPE '\\'`;
}
