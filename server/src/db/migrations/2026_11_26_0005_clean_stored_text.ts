/**
 * Texts stored before the character rule (src/contract/README.md, "Characters in texts") lose the
 * characters the rule refuses or drops: control characters (a free text keeps tab and line feed,
 * and CR LF becomes LF), direction embeddings, overrides and isolates, and zero-width characters.
 * Without this a person editing such a lead could not save it (the form refuses what it cannot
 * show them). FROZEN once shipped; it imports nothing from the app on purpose, so the rule is
 * written out here as it stood.
 */
import { type Kysely, sql } from 'kysely';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const isDirection = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

/** The text without what the rule refuses or drops; `multi` keeps tab and line feed. */
export function cleanText(text: string, multi: boolean): string {
  const source = multi ? text.replace(/\r\n?/g, '\n') : text;
  let out = '';
  for (const char of source) {
    const code = char.codePointAt(0)!;
    if (ZERO_WIDTH.has(code) || isDirection(code)) continue;
    if (isControl(code) && !(multi && (code === TAB || code === LINE_FEED))) continue;
    out += char;
  }
  return out;
}

/** Per table, its single-line and free-text columns (e-mail addresses have their own format check). */
const COLUMNS: Record<string, { single: string[]; multi: string[] }> = {
  leads: { single: ['first_name', 'last_name', 'phone', 'city', 'state', 'postal_code', 'country'], multi: ['address'] },
  users: { single: ['first_name', 'last_name', 'phone', 'city', 'state', 'postal_code', 'country'], multi: ['address'] },
  companies: {
    single: ['display_name', 'tagline', 'city', 'postal_code', 'state', 'country', 'hours_of_operation', 'firm_type'],
    multi: ['office_address', 'short_description', 'long_description'],
  },
  roles: { single: ['name'], multi: [] },
  properties: { single: ['title', 'location', 'registration_number'], multi: ['address', 'description', 'features', 'certificates'] },
};

const BATCH = 2000;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, { single, multi }] of Object.entries(COLUMNS)) {
    const columns = [...single, ...multi];
    let after = 0;
    for (;;) {
      const rows = (
        await sql<Record<string, string | number | null>>`SELECT ${sql.join([sql.ref('id'), ...columns.map((c) => sql.ref(c))])} FROM ${sql.table(table)} WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db)
      ).rows;
      for (const row of rows) {
        const changes: Record<string, string> = {};
        for (const column of columns) {
          const value = row[column];
          if (typeof value !== 'string') continue;
          const cleaned = cleanText(value, multi.includes(column));
          if (cleaned !== value) changes[column] = cleaned;
        }
        if (Object.keys(changes).length) {
          const sets = Object.entries(changes).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
          await sql`UPDATE ${sql.table(table)} SET ${sql.join(sets)} WHERE id = ${row.id}`.execute(db);
        }
      }
      if (rows.length < BATCH) break;
      after = Number(rows[rows.length - 1]!.id);
    }
  }
}

// Nothing to put back: the characters carried no content a person could see.
export async function down(): Promise<void> {}
