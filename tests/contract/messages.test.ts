import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { format, LIMIT_MESSAGES, MESSAGES, TEXT_MESSAGES } from '../../src/contract';

/**
 * The messages are requirements word for word. docs/product/messages.md lists every one in a table
 * row (`key` | "message" | when); the catalogue (src/contract/messages.ts) and that list must hold
 * the same keys with the same words, so changing a message in one place and not the other fails
 * here. Rows under "Messages the product adds" are the product's own; every other row is a
 * message of the product's original description.
 *
 * The original description itself lives beside the repository on the team's machines
 * (../shared/SPEC.md). When it is there, an extra check holds the doc's original-description rows
 * to it word for word; a clone on its own skips that check and says so.
 */
const docPath = resolve(process.cwd(), 'docs/product/messages.md');
const originalPath = resolve(process.cwd(), '../shared/SPEC.md');
const hasOriginal = existsSync(originalPath);
if (!hasOriginal) console.warn(`Skipping the check against the original description: ${originalPath} is not beside this repository.`);

const ADDED_HEADING = 'Messages the product adds';

interface DocRow {
  key: string;
  text: string;
  added: boolean;
}

/** The message rows of the doc, each with whether it sits under the product-added heading. */
function docRows(doc: string): DocRow[] {
  const rows: DocRow[] = [];
  let section = '';
  for (const line of doc.split('\n')) {
    const heading = /^## (.+?)\s*$/.exec(line);
    if (heading) section = heading[1]!;
    const row = /^\|\s*`([A-Za-z_.]+)`\s*\|\s*"(.*?)"\s*\|/.exec(line);
    if (row) rows.push({ key: row[1]!, text: row[2]!, added: section === ADDED_HEADING });
  }
  return rows;
}

function flatten(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v as object, `${prefix}${k}.`),
  );
}

/** Every catalogue message by its key in the doc: `leads.added`, `LIMIT_MESSAGES.tooLong`, … */
const catalogue = new Map([
  ...flatten(MESSAGES),
  ...flatten(LIMIT_MESSAGES, 'LIMIT_MESSAGES.'),
  ...flatten(TEXT_MESSAGES, 'TEXT_MESSAGES.'),
]);

const rows = docRows(readFileSync(docPath, 'utf8'));

/**
 * Whether `text` stands in the original description. A template ("Error: {message}") stands there
 * when each of its literal parts does, since the original spells the placeholder out in words
 * ("Error: {server message or …}").
 */
function inOriginal(original: string, text: string): boolean {
  if (original.includes(text)) return true;
  const parts = text.split(/\{\w+\}/);
  return parts.length > 1 && parts.every((part) => part.trim() === '' || original.includes(part));
}

describe('MESSAGES and docs/product/messages.md', () => {
  it('reads the rows of the doc (a guard against a parser that finds nothing)', () => {
    expect(rows.length).toBeGreaterThan(150);
    expect(rows.some((r) => r.added)).toBe(true);
    expect(rows.some((r) => !r.added)).toBe(true);
  });

  it('lists every catalogue message word for word', () => {
    const inDoc = new Map(rows.map((r) => [r.key, r.text]));
    const differ = [...catalogue].filter(([key, text]) => inDoc.get(key) !== text).map(([key, text]) => ({ key, catalogue: text, doc: inDoc.get(key) }));
    expect(differ).toEqual([]);
  });

  it('lists nothing the catalogue lacks, and each message once', () => {
    expect(rows.filter((r) => !catalogue.has(r.key)).map((r) => r.key)).toEqual([]);
    const keys = rows.map((r) => r.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it.skipIf(!hasOriginal)('quotes the original description word for word, except the messages the product adds', () => {
    const original = readFileSync(originalPath, 'utf8');
    const missing = rows.filter((r) => !r.added && !inOriginal(original, r.text)).map((r) => `${r.key}: ${r.text}`);
    expect(missing).toEqual([]);
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(format(MESSAGES.permission.denied, { permission: 'lead-create' })).toBe(
      "You don't have permission for this action: lead-create",
    );
    expect(format('a {b} {c}', { b: 1 })).toBe('a 1 {c}');
  });
});
