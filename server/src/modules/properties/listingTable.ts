/**
 * A company's listings as columns, newest first: what the grid filters, searches and orders by.
 *
 * Columns because one pass must read memory in order: typed arrays for the numbers and the type
 * and status (as codes), and one string holding every listing's searched text, lower-cased, one
 * after another. The same pass over 100,000 objects scattered on the heap took 9–27 ms, mostly
 * waiting for memory; over these columns it takes 1–4 ms (bench/properties.bench.mjs).
 */
import {
  COLUMN_BYTES,
  type Columns,
  codeOf,
  insertAt,
  type Listing,
  NAME_BYTES,
  newerFirst,
  removeAt,
  SEPARATOR,
  searchedText,
  timeOf,
  WIDE,
} from './listingColumns';

export { type Listing, timeOf } from './listingColumns';

/**
 * Which page of the listings that pass a filter: `size` of them after skipping `offset`, or the
 * `size` that come after a listing's order key (its created_at in milliseconds and its id), which
 * need not be in the table any more.
 */
export type ListingPage = { size: number; offset: number } | { size: number; after: { time: number; id: number } };

/** One page's ids, how many pass in all, and whether any pass after the page's last. */
export interface ListingPageIds {
  ids: number[];
  total: number;
  more: boolean;
}

export interface ListingFilter {
  search?: string | null;
  type?: string | null;
  status?: string | null;
  minPrice?: number;
  maxPrice?: number;
  /** At least this many bedrooms. */
  bedrooms?: number;
}

export class ListingTable {
  private constructor(
    private readonly columns: Columns,
    /** Type and status names by code (index 0 unused), and their codes. */
    private readonly names: string[],
    private readonly codes: Map<string, number>,
    /** Whether `text` may hold characters past Latin-1 (V8 then keeps two bytes per character). */
    private readonly wide: boolean,
  ) {}

  /** A table of `listings`, in any order. */
  static of(listings: Iterable<Listing>): ListingTable {
    const builder = new ListingTableBuilder();
    for (const listing of listings) builder.add(listing);
    return builder.finish();
  }

  /** @internal for ListingTableBuilder */
  static fromColumns(columns: Columns, names: string[], codes: Map<string, number>): ListingTable {
    return new ListingTable(columns, names, codes, WIDE.test(columns.text));
  }

  get size(): number {
    return this.columns.ids.length;
  }

  /** How many type and status names the table has coded (they stay until it is built again). */
  get nameCount(): number {
    return this.names.length - 1;
  }

  /** About how much memory the table holds: its columns, its text and its names. */
  get bytes(): number {
    const { ids, text } = this.columns;
    return ids.length * COLUMN_BYTES + text.length * (this.wide ? 2 : 1) + this.names.length * NAME_BYTES;
  }

  /** The row of the first listing that comes after order key `after` (newest first). */
  private rowAfter(after: { time: number; id: number }): number {
    const { ids, times } = this.columns;
    let low = 0;
    let high = ids.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (newerFirst(times[mid]!, ids[mid]!, after.time, after.id) <= 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * The ids of one page of the listings that pass `filter`, newest first, how many pass in all,
   * and whether more pass after the page. Text: any part of title, address and location, any
   * case, every character literal.
   */
  filter(filter: ListingFilter, page: ListingPage): ListingPageIds {
    const { ids, types, statuses, prices, bedrooms, text, starts } = this.columns;
    const none = { ids: [], total: 0, more: false };
    // A type or status no listing has: nothing passes.
    const type = filter.type ? this.codes.get(filter.type) : 0;
    const status = filter.status ? this.codes.get(filter.status) : 0;
    if (type === undefined || status === undefined) return none;
    const min = filter.minPrice ?? Number.NEGATIVE_INFINITY;
    const max = filter.maxPrice ?? Number.POSITIVE_INFINITY;
    const minBedrooms = filter.bedrooms ?? Number.NEGATIVE_INFINITY;
    const priced = filter.minPrice != null || filter.maxPrice != null;
    const roomed = filter.bedrooms != null;
    // Every match counts towards the total; the page takes them from row `from` on, after `skip`.
    const from = 'after' in page ? this.rowAfter(page.after) : 0;
    const skip = 'after' in page ? 0 : page.offset;
    const end = skip + page.size;
    const found: number[] = [];
    let total = 0;
    let reached = 0;
    const consider = (row: number) => {
      if (type && types[row] !== type) return;
      if (status && statuses[row] !== status) return;
      if (priced && !(prices[row]! >= min && prices[row]! <= max)) return;
      if (roomed && !(bedrooms[row]! >= minBedrooms)) return;
      total++;
      if (row < from) return;
      if (reached >= skip && reached < end) found.push(ids[row]!);
      reached++;
    };
    const answer = () => ({ ids: found, total, more: reached > end });
    const needle = filter.search ? filter.search.toLowerCase() : '';
    if (!needle) {
      for (let row = 0; row < ids.length; row++) consider(row);
      return answer();
    }
    if (needle.includes(SEPARATOR)) return none;
    // Hop from one occurrence to the next through the whole text, then on from the next row: the
    // rows come in order, so the row of each occurrence is found by walking forward.
    let row = 0;
    let at = text.indexOf(needle);
    while (at !== -1) {
      while (starts[row + 1]! <= at) row++;
      consider(row);
      row++;
      if (row >= ids.length) break;
      at = text.indexOf(needle, starts[row]);
    }
    return answer();
  }

  /** This table without listing `id` (the same table when it has none). */
  without(id: number): ListingTable {
    const row = this.columns.ids.indexOf(id);
    if (row < 0) return this;
    const { ids, times, types, statuses, prices, bedrooms, text, starts } = this.columns;
    const cut = starts[row + 1]! - starts[row]!;
    const shifted = new Int32Array(starts.length - 1);
    shifted.set(starts.subarray(0, row));
    for (let i = row; i < shifted.length; i++) shifted[i] = starts[i + 1]! - cut;
    return new ListingTable(
      {
        ids: removeAt(ids, row),
        times: removeAt(times, row),
        types: removeAt(types, row),
        statuses: removeAt(statuses, row),
        prices: removeAt(prices, row),
        bedrooms: removeAt(bedrooms, row),
        text: text.slice(0, starts[row]) + text.slice(starts[row + 1]),
        starts: shifted,
      },
      this.names,
      this.codes,
      this.wide,
    );
  }

  /** This table with `listing` in its place (a listing with the same id first taken out). */
  with(listing: Listing): ListingTable {
    const base = this.without(listing.id);
    const { ids, times, types, statuses, prices, bedrooms, text, starts } = base.columns;
    const time = timeOf(listing.created_at);
    let low = 0;
    let high = ids.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (newerFirst(times[mid]!, ids[mid]!, time, listing.id) < 0) low = mid + 1;
      else high = mid;
    }
    const row = low;
    const added = searchedText(listing) + SEPARATOR;
    const shifted = new Int32Array(starts.length + 1);
    shifted.set(starts.subarray(0, row + 1));
    for (let i = row + 1; i < shifted.length; i++) shifted[i] = starts[i - 1]! + added.length;
    return new ListingTable(
      {
        ids: insertAt(ids, row, listing.id),
        times: insertAt(times, row, time),
        types: insertAt(types, row, codeOf(base.codes, base.names, listing.property_type)),
        statuses: insertAt(statuses, row, codeOf(base.codes, base.names, listing.status)),
        prices: insertAt(prices, row, listing.price ?? Number.NaN),
        bedrooms: insertAt(bedrooms, row, listing.bedrooms ?? Number.NaN),
        text: text.slice(0, starts[row]) + added + text.slice(starts[row]),
        starts: shifted,
      },
      base.names,
      base.codes,
      base.wide || WIDE.test(added),
    );
  }
}

/**
 * Collects listings one at a time (a batch of rows at a time while reading the database) into
 * flat arrays, then sorts them into a table once: only each listing's text is kept until then, not
 * its row, so building for 100,000 listings does not hold 100,000 rows at once.
 */
export class ListingTableBuilder {
  private readonly codes = new Map<string, number>();
  private readonly names = [''];
  private readonly ids: number[] = [];
  private readonly times: number[] = [];
  private readonly types: number[] = [];
  private readonly statuses: number[] = [];
  private readonly prices: number[] = [];
  private readonly bedrooms: number[] = [];
  private readonly texts: string[] = [];

  add(listing: Listing): void {
    this.ids.push(listing.id);
    this.times.push(timeOf(listing.created_at));
    this.types.push(codeOf(this.codes, this.names, listing.property_type));
    this.statuses.push(codeOf(this.codes, this.names, listing.status));
    this.prices.push(listing.price ?? Number.NaN);
    this.bedrooms.push(listing.bedrooms ?? Number.NaN);
    this.texts.push(searchedText(listing) + SEPARATOR);
  }

  finish(): ListingTable {
    const n = this.ids.length;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => newerFirst(this.times[a]!, this.ids[a]!, this.times[b]!, this.ids[b]!));
    const columns: Columns = {
      ids: new Int32Array(n),
      times: new Float64Array(n),
      types: new Uint16Array(n),
      statuses: new Uint16Array(n),
      prices: new Float64Array(n),
      bedrooms: new Float64Array(n),
      text: '',
      starts: new Int32Array(n + 1),
    };
    const texts: string[] = [];
    let offset = 0;
    for (let row = 0; row < n; row++) {
      const from = order[row]!;
      columns.ids[row] = this.ids[from]!;
      columns.times[row] = this.times[from]!;
      columns.types[row] = this.types[from]!;
      columns.statuses[row] = this.statuses[from]!;
      columns.prices[row] = this.prices[from]!;
      columns.bedrooms[row] = this.bedrooms[from]!;
      const text = this.texts[from]!;
      texts.push(text);
      columns.starts[row] = offset;
      offset += text.length;
    }
    columns.starts[n] = offset;
    columns.text = texts.join('');
    return ListingTable.fromColumns(columns, this.names, this.codes);
  }
}
