/**
 * The texts a leads search is made of (search.ts says how each engine searches): the LIKE pattern,
 * the FTS5 query with the company's token, whether the trigram index can answer, and SQLite's
 * document of the five searched fields. Plain text, no query: the repositories put them into theirs.
 */

/** The same five fields as one text on SQLite, for table alias `t` (the LIKE of searches under three characters). */
export const SEARCH_DOCUMENT_SQLITE_TEXT = (t: string): string =>
  `(trim(${t}.first_name || ' ' || coalesce(${t}.last_name, '')) || char(31) || coalesce(${t}.email, '') || char(31) || coalesce(${t}.phone, '') || char(31) || coalesce(${t}.city, '') || char(31) || coalesce(${t}.lead_source, ''))`;

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
