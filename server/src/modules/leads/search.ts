/**
 * The leads search in the database (docs/decisions/0010-leads-list-and-search.md): the whole search text
 * as a case-insensitive substring of the lead's name, e-mail, phone, city or lead source — the
 * fields the client then filters again (src/contract/leads.ts), so the server never drops a row
 * the client would show.
 *
 * - SQLite: FTS5 trigram index `leads_search` (migrations 2026_11_22_0002 and 0003), whose first
 *   column holds a token of the lead's company: a search asks for the company's token AND the text
 *   in the five text columns, so FTS5 walks only the company's matches. Trigrams need three
 *   characters; a shorter search is a LIKE over the company's rows (ASCII case folding only).
 * - PostgreSQL: LIKE on `leads.search_doc`, the five fields lower-cased and stored (migration
 *   2026_11_26_0040), under the pg_trgm GIN index `leads_search_doc`. When pg_trgm finds no
 *   trigram in the text (hasTrigram) it would read the whole index, so the company's rows are
 *   searched for the substring with strpos instead, which no index serves.
 */

/** Longest search text taken; longer input is cut (nobody types 200 characters into a search box). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * The search text to run, or null for none: control characters become spaces, the ends are
 * trimmed (the client trims too), and the length is capped.
 * @example cleanSearch('  Pune\t') // 'Pune'
 */
export function cleanSearch(text: string | undefined | null): string | null {
  if (text == null) return null;
  const clean = [...text.replace(/\p{Cc}/gu, ' ').trim()].slice(0, SEARCH_MAX_LENGTH).join('').trim();
  return clean === '' ? null : clean;
}

/** Kept for the importer, which asks here; the engine is known in db/dialect.ts. */
export { isPostgres } from '../../db/dialect';

/** The rest of the search, answered here too: its texts (searchText.ts) and its SQL condition (search.repository.ts). */
export { companyToken, containsPattern, ftsPhrase, ftsQuery, hasTrigram, SEARCH_DOCUMENT_SQLITE_TEXT, usesIndex } from './searchText';
export { searchCondition } from './search.repository';
