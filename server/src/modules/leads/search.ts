/**
 * The leads search in the database (server/README.md, "Leads at 100,000"): the whole search text
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
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** The same five fields as one text on SQLite, for table alias `t` (the LIKE of searches under three characters). */
export const SEARCH_DOCUMENT_SQLITE_TEXT = (t: string): string =>
  `(trim(${t}.first_name || ' ' || coalesce(${t}.last_name, '')) || char(31) || coalesce(${t}.email, '') || char(31) || coalesce(${t}.phone, '') || char(31) || coalesce(${t}.city, '') || char(31) || coalesce(${t}.lead_source, ''))`;
const SEARCH_DOCUMENT_SQLITE = sql.raw(SEARCH_DOCUMENT_SQLITE_TEXT('leads'));

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

/** A LIKE pattern matching `text` anywhere, with `\` as the escape character. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An FTS5 query matching `text` as one phrase (trigram tokenizer: a substring). */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * The company's token in column `company` of `leads_search`: three Private Use Area characters,
 * U+E000 + the id in base 6,400 (migration 2026_11_22_0003 computes the same in its triggers).
 */
export const companyToken = (companyId: number): string =>
  String.fromCodePoint(
    0xe000 + (Math.floor(companyId / 40_960_000) % 6400),
    0xe000 + (Math.floor(companyId / 6400) % 6400),
    0xe000 + (companyId % 6400),
  );

/**
 * The FTS5 query of `leads_search` for `text` in the five searched columns (never the company
 * column) of the leads of `companyId`.
 * @example ftsQuery(7, 'pune') // 'company : "\u{e000}\u{e000}\u{e007}" AND {name email phone city lead_source} : "pune"'
 */
export const ftsQuery = (companyId: number, text: string): string =>
  `company : "${companyToken(companyId)}" AND {name email phone city lead_source} : ${ftsPhrase(text)}`;

/** Kept for the importer, which asks here; the engine is known in db/dialect.ts. */
export { isPostgres } from '../../db/dialect';

/**
 * True when pg_trgm finds a trigram to look up in the LIKE pattern of `text` (`%text%`): it reads
 * runs of letters and digits, padding a run with two spaces in front when the text has a character
 * before it and one behind when one follows (a whole word), and a padded run of three makes a
 * trigram. "+91 7" has one ("  9", " 91", "91 " of the word 91); "xa" and "@" have none.
 * @example hasTrigram('+91 7') // true
 */
export function hasTrigram(text: string): boolean {
  for (const run of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const before = run.index > 0 ? 2 : 0;
    const after = run.index + run[0].length < text.length ? 1 : 0;
    if ([...run[0]].length + before + after >= 3) return true;
  }
  return false;
}

/** True when the trigram index can answer the search on this engine. */
export function usesIndex(postgres: boolean, text: string): boolean {
  return postgres ? hasTrigram(text) : [...text].length >= 3;
}

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
