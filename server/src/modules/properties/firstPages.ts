/**
 * The first page of each company's grid, as the database last wrote it (pageQuery.ts), kept in
 * this process with the `property_counts.changes` it was written at (migration
 * 2026_11_26_0030). Triggers raise that number for every change on the grid — any field of a
 * property, its photos, adding, deleting, moving — whoever writes, so a request that reads the
 * same number (one row, a named statement) may send the kept page: opening the grid is the most
 * asked page, and writing its JSON is most of what PostgreSQL spends on it. A company without a
 * count row (no property yet) is never kept.
 *
 * Memory: at most FIRST_PAGES_BYTES per process for all companies (about 20 KB a page), the
 * least recently used let go first.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ByteBudgetLru, perDatabase } from '../../lib/byteBudgetLru';
import { gridChanges } from './listings.repository';

/** What one company's first page holds, as the repository answers it. */
export interface FirstPage {
  json: string;
  total: number;
  next: { time: string; id: number } | null;
  demo: boolean;
}

interface Kept {
  /** `property_counts.changes` when the page was written. */
  changes: number;
  /** The page size and media prefix it was written for. */
  size: number;
  prefix: string;
  page: FirstPage;
}

/** Bytes of first pages kept per process (a page of 12 is about 20 KB: some 400 companies). */
export const FIRST_PAGES_BYTES = 8 * 1024 * 1024;
/** What an entry costs besides its JSON (two bytes a character, to be safe). */
const ENTRY_BYTES = 512;

interface Pages {
  companies: ByteBudgetLru<number, Kept>;
  /** How many first pages were written by the database rather than sent as kept (tests show it). */
  written: number;
}

const pagesOf = perDatabase((): Pages => ({ companies: new ByteBudgetLru(FIRST_PAGES_BYTES), written: 0 }));

/** The company's first page of `size` under `prefix`, when one is kept and nothing changed since. */
export async function keptFirstPage(db: Kysely<Database>, companyId: number, size: number, prefix: string): Promise<FirstPage | null> {
  const pages = pagesOf(db);
  const kept = pages.companies.get(companyId);
  if (!kept || kept.size !== size || kept.prefix !== prefix) return null;
  const now = await gridChanges(db, companyId);
  if (!now || Number(now.changes) !== kept.changes || pages.companies.get(companyId) !== kept) return null;
  pages.companies.touch(companyId);
  return kept.page;
}

/** Keeps the company's first page as written at `changes` (null: the company has no count row, keep nothing). */
export function keepFirstPage(db: Kysely<Database>, companyId: number, size: number, prefix: string, changes: number | null, page: FirstPage): void {
  const pages = pagesOf(db);
  pages.written++;
  pages.companies.forget(companyId);
  if (changes === null) return;
  pages.companies.set(companyId, { changes, size, prefix, page }, page.json.length * 2 + ENTRY_BYTES);
  pages.companies.evict();
}

/** How many first pages this database wrote, and what is kept now (tests). */
export function firstPagesOf(db: Kysely<Database>): { written: number; companies: number[]; bytes: number } {
  const pages = pagesOf(db);
  return { written: pages.written, companies: pages.companies.keys(), bytes: pages.companies.bytes };
}

/** Sets this database's budget for kept first pages (tests). */
export function setFirstPagesBudget(db: Kysely<Database>, bytes: number): void {
  pagesOf(db).companies.budget = bytes;
}
