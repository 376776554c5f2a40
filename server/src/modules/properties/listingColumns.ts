/**
 * The parts of a listing table (listingTable.ts) that are plain data and arithmetic: its typed
 * columns, the order, the searched text and the codes of type and status names.
 */

/** One property as the table takes it: its row's columns of the grid's fields. */
export interface Listing {
  id: number;
  /** ISO 8601, as stored. */
  created_at: string;
  property_type: string | null;
  status: string | null;
  price: number | null;
  bedrooms: number | null;
  title: string | null;
  address: string | null;
  location: string | null;
}

/** Ends each listing's text in `ListingTable.text`; taken out of the texts themselves. */
export const SEPARATOR = '\u0000';

/** Bytes per listing in the typed columns: id 4, time 8, type 2, status 2, price 8, bedrooms 8, start 4. */
export const COLUMN_BYTES = 36;
/** About what one type or status name costs in the names list and its map. */
export const NAME_BYTES = 96;
/** Whether a text needs two bytes per character in V8 (anything past Latin-1). */
export const WIDE = /[\u0100-\uffff]/;

/** Title, address and location joined by spaces (as the grid shows them), lower-cased. */
export const searchedText = (listing: Listing): string =>
  `${listing.title ?? ''} ${listing.address ?? ''} ${listing.location ?? ''}`.toLowerCase().replaceAll(SEPARATOR, '');

/** Newest first: created_at descending, then id descending, as the unfiltered pages are ordered. */
export function newerFirst(timeA: number, idA: number, timeB: number, idB: number): number {
  if (timeA !== timeB) return timeB - timeA;
  return idB - idA;
}

/** A created_at as the table orders by it: milliseconds, 0 when unreadable. */
export const timeOf = (createdAt: string): number => {
  const ms = Date.parse(createdAt);
  return Number.isNaN(ms) ? 0 : ms;
};

export interface Columns {
  ids: Int32Array;
  times: Float64Array;
  /** Codes into `names`; 0 is no value. */
  types: Uint16Array;
  statuses: Uint16Array;
  /** NaN where there is no value: every comparison with NaN is false, as SQL's with NULL. */
  prices: Float64Array;
  bedrooms: Float64Array;
  /** Every listing's searched text followed by SEPARATOR, in row order. */
  text: string;
  /** Where each row's text starts in `text`; one more entry, the end of it. */
  starts: Int32Array;
}

/** The code of a type or status name, given the next one when it is new; 0 for no name. */
export function codeOf(codes: Map<string, number>, names: string[], name: string | null): number {
  if (name == null) return 0;
  let code = codes.get(name);
  if (code === undefined) {
    code = names.length;
    names.push(name);
    codes.set(name, code);
  }
  return code;
}

type Column = Int32Array | Float64Array | Uint16Array;

export function removeAt<T extends Column>(column: T, row: number): T {
  const out = new (column.constructor as new (length: number) => T)(column.length - 1);
  out.set(column.subarray(0, row) as never);
  out.set(column.subarray(row + 1) as never, row);
  return out;
}

export function insertAt<T extends Column>(column: T, row: number, value: number): T {
  const out = new (column.constructor as new (length: number) => T)(column.length + 1);
  out.set(column.subarray(0, row) as never);
  out[row] = value;
  out.set(column.subarray(row) as never, row + 1);
  return out;
}
