/**
 * The grid's filtered pages and totals, answered from a copy of each company's listings held in
 * memory (listingTable.ts): the fields the grid filters, searches and orders by.
 *
 * Why not the database: a filtered page also needs its total, and the total counts every match.
 * With a broad text ("bhk" is in three listings of four) and a few filters, the engines pay per
 * matching row — SQLite 0.2–1 µs to join a trigram-index match to its filter columns, PostgreSQL
 * rechecks every trigram candidate — so 100,000 listings took 20–30 ms (SQLite) and up to 190 ms
 * (PostgreSQL) a request. One pass over the copy checks the same filters in a few milliseconds on
 * either engine and gives the page and its total together (bench/properties.bench.mjs).
 *
 * Staying current: `property_counts.version` (migration 2026_11_25_0003) is raised by triggers
 * whenever one of the company's properties is added, deleted, moved or changed in a field held
 * here, whoever writes. Each filtered request reads it (one row) and uses the copy only when it
 * matches; this server's own writes patch the copy in place (`noteWrite`), any other change
 * makes the next request read the company's listings again.
 *
 * Memory: each copy costs about 10 MB per 100,000 listings, one per company per process. The
 * copies share a budget (LISTING_CACHE_MB, default 64; server/README.md): past it the companies
 * used least recently are let go, and their next filtered request reads their listings again.
 * The company just used is always kept, so one larger than the whole budget still works, alone.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ByteBudgetLru, perDatabase } from '../../lib/byteBudgetLru';
import { type ListingFilter, type ListingTable, ListingTableBuilder } from './listingTable';
import { listingOf, listingsAfter, listingsVersion } from './listings.repository';

export { timeOf } from './listingTable';

export type PropertyFilter = ListingFilter;

/** Listings read per statement while a copy is built, so other requests run between the batches. */
const BUILD_BATCH = 2_000;

const MB = 1024 * 1024;
/** The copies' memory budget per process when LISTING_CACHE_MB is not set. */
export const DEFAULT_LISTING_CACHE_MB = 64;
/** What a kept company costs besides its table: its map entry and the objects around the table. */
const ENTRY_BYTES = 1024;
/**
 * Type and status names a copy may collect through this server's patches (a name stays coded
 * until the copy is read again, and codes are 16 bits): past this the copy is read again.
 */
const MAX_NAMES = 4096;

/** LISTING_CACHE_MB as bytes; a value that is not a number of megabytes stops the start. */
export function listingCacheBytes(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.LISTING_CACHE_MB?.trim();
  if (!text) return DEFAULT_LISTING_CACHE_MB * MB;
  const megabytes = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(megabytes)) {
    throw new Error(`LISTING_CACHE_MB must be a number of megabytes, got "${env.LISTING_CACHE_MB}"`);
  }
  return Math.round(megabytes * MB);
}

// Read as the server starts (this module is loaded with the routes), so a bad value stops it then.
const BUDGET = listingCacheBytes();

interface CompanyListings {
  /** The version the table reflects at least; -1 when the company had no count row. */
  version: number;
  table: ListingTable;
}

interface Kept {
  /** Each company's copy, counted as it was when kept or last patched. */
  companies: ByteBudgetLru<number, CompanyListings>;
  building: Map<number, Promise<CompanyListings>>;
  /** How many times a company's listings were read whole (tests show it). */
  reads: number;
}

const keptFor = perDatabase((): Kept => ({ companies: new ByteBudgetLru(BUDGET), building: new Map(), reads: 0 }));

const costOf = (entry: CompanyListings): number => entry.table.bytes + ENTRY_BYTES;

async function build(db: Kysely<Database>, companyId: number): Promise<CompanyListings> {
  // The version first: a change landing while the rows are read leaves the copy newer than its
  // version says, which only costs another read next time, never a stale answer.
  const version = await listingsVersion(db, companyId);
  const builder = new ListingTableBuilder();
  // In id order (the company's rows side by side in the company-and-id index); the table sorts.
  let after = 0;
  for (;;) {
    const rows = await listingsAfter(db, companyId, after, BUILD_BATCH);
    for (const row of rows) builder.add(row);
    if (rows.length < BUILD_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return { version, table: builder.finish() };
}

/**
 * Runs work `max` at a time, the rest in the order they came.
 * @example const inTurn = turns(2); await inTurn(() => build(db, 1));
 */
export function turns(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = async () => {
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line, so none can slip in between.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    };
    if (running < max) {
      running++;
      return run();
    }
    return new Promise<void>((resolve) => waiting.push(resolve)).then(run);
  };
}

/**
 * Copies read at once, per process: a build holds its company's listings twice over until it is
 * sorted, outside the budget, so many companies' first filtered requests at the same moment take
 * turns rather than all building together.
 */
const inTurn = turns(2);

/** Keeps the company's copy as the most recently used, within the budget (other companies' copies go first). */
function keep(kept: Kept, companyId: number, entry: CompanyListings): void {
  if (kept.companies.get(companyId) === entry) kept.companies.touch(companyId);
  else kept.companies.set(companyId, entry, costOf(entry));
  kept.companies.evict(companyId);
}

/** The company's listings as they stand now. */
export async function currentListings(db: Kysely<Database>, companyId: number): Promise<ListingTable> {
  const kept = keptFor(db);
  const version = await listingsVersion(db, companyId);
  const entry = kept.companies.get(companyId);
  if (entry && entry.version === version) {
    keep(kept, companyId, entry);
    return entry.table;
  }
  // A build already under way may have read the rows before the change this request saw: then
  // another one (versions only grow while the company exists).
  for (;;) {
    let pending = kept.building.get(companyId);
    if (!pending) {
      kept.reads++;
      pending = inTurn(() => build(db, companyId)).finally(() => kept.building.delete(companyId));
      kept.building.set(companyId, pending);
    }
    const built = await pending;
    if (built.version >= version) {
      keep(kept, companyId, built);
      return built.table;
    }
  }
}

/** How many times this database's listings were read whole, company by company. */
export const listingReads = (db: Kysely<Database>): number => keptFor(db).reads;

/** The companies whose copies this database keeps now, least recently used first, and their bytes. */
export function keptListings(db: Kysely<Database>): { companies: number[]; bytes: number; budget: number } {
  const kept = keptFor(db);
  return { companies: kept.companies.keys(), bytes: kept.companies.bytes, budget: kept.companies.budget };
}

/** Sets this database's budget for the copies (tests; the server takes LISTING_CACHE_MB). */
export function setListingBudget(db: Kysely<Database>, bytes: number): void {
  keptFor(db).companies.budget = bytes;
}

/**
 * After this server added, changed or deleted property `id` outside a transaction: patches the
 * company's copy when that write is the only change since the copy's version, else lets it go.
 * In a transaction nothing is done: a rollback must not leave a patch behind, and the version
 * tells the next request whether a committed change needs the listings read again.
 */
export async function noteWrite(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  if (db.isTransaction) return;
  const kept = keptFor(db);
  const entry = kept.companies.get(companyId);
  if (!entry) return;
  const version = await listingsVersion(db, companyId);
  if (version === entry.version) return; // nothing the copy holds changed (a description, a photo)
  if (version !== entry.version + 1) {
    kept.companies.forget(companyId);
    return;
  }
  const row = await listingOf(db, companyId, id);
  if (kept.companies.get(companyId) !== entry || entry.version !== version - 1) return;
  entry.table = row ? entry.table.with(row) : entry.table.without(id);
  entry.version = version;
  if (entry.table.nameCount > MAX_NAMES) kept.companies.forget(companyId);
  else {
    kept.companies.recount(companyId, costOf(entry));
    kept.companies.evict(companyId);
  }
}
