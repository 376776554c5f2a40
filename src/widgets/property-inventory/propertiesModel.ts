/**
 * Pure logic of the property inventory: prices (₹ with Indian grouping, lakh/crore where space is
 * short), the grid's filters as query params, favourites kept in the browser and refreshed from
 * the server's answers, the carousel's window, and the query keys.
 */
import { CAROUSEL_VISIBLE, parseImageList, type Id, type Property } from '../../contract';
import { formatCurrency, toNumber } from '../../core/format';
import { galleryOrder } from './galleryModel';

/** Query keys, resource first: `propertyKeys.lists` names every page of every filter at once. */
export const propertyKeys = {
  all: ['properties'] as const,
  lists: ['properties', 'list'] as const,
  page: (filters: PropertyFilters, request: PageRequest) => ['properties', 'list', filterQuery(filters), request.page, request.cursor ?? null] as const,
  one: (id: Id) => ['properties', 'one', String(id)] as const,
  /** Beyond the original description: the leads matching one property (under `all`, so a change to the property reloads them). */
  leads: (id: Id) => ['properties', 'leads', String(id)] as const,
  /** Beyond the original description: a property's upcoming visits, under `appointments`, so a save of the calendar's form reloads them. */
  visits: (id: Id) => ['appointments', 'property', String(id)] as const,
};

/** Same id whether it arrives as a number or as text. */
export const idKey = (id: Id | null | undefined): string => (id == null ? '' : String(id));

/** The full price with Indian grouping: `₹1,25,00,000`; nothing gives ''. */
export const formatPrice = (value: unknown): string => formatCurrency(value);

const trimZeros = (n: number): string => n.toFixed(2).replace(/\.?0+$/, '');

/**
 * A short price for a card: crores from one crore up (`₹1.25 Cr`), lakhs from one lakh up
 * (`₹45 L`), the full grouped amount below that. Two decimals at most, trailing zeros dropped;
 * a lakh figure that rounds to 100 L reads as a crore (`₹99,99,999` → `₹1 Cr`);
 * below one lakh the full amount shows, never rounded up to `₹1 L`.
 *
 * @example
 * formatPriceShort(12500000) // '₹1.25 Cr'
 * formatPriceShort(4500000)  // '₹45 L'
 * formatPriceShort(95000)    // '₹95,000'
 */
export function formatPriceShort(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return typeof value === 'string' ? value.trim() : '';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  if (abs >= 1e7) return `${sign}₹${trimZeros(Math.round(abs / 1e5) / 100)} Cr`;
  if (abs >= 1e5) {
    const lakhs = Math.round(abs / 1e3) / 100;
    return lakhs >= 100 ? `${sign}₹1 Cr` : `${sign}₹${trimZeros(lakhs)} L`;
  }
  return formatCurrency(n);
}

/** The grid's search and filters (beyond the original description; sent to the server as query params). */
export interface PropertyFilters {
  search: string;
  type: string;
  status: string;
  min_price: string;
  max_price: string;
  bedrooms: string;
}

export const NO_FILTERS: PropertyFilters = { search: '', type: '', status: '', min_price: '', max_price: '', bedrooms: '' };

/** Only the filters in force, trimmed: what the list call sends besides page and limit. */
export function filterQuery(filters: PropertyFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    const text = String(value ?? '').trim();
    if (text) out[key] = text;
  }
  return out;
}

/** The image a card shows: a small rendition when the answer carries one, else the cover. */
export function coverPath(property: Property): string {
  return property.property_cover_image_small?.trim() || property.property_cover_image || '';
}

/** The details page's cover: a medium rendition when the answer has one, else the cover itself. */
export function largeCoverPath(property: Property): string {
  return property.property_cover_image_medium?.trim() || property.property_cover_image || '';
}

/**
 * The carousel's images: the other images (docs/product/data.md: a list or JSON text), each as its
 * medium rendition when the answer's gallery (`images`) has one for that path.
 */
export function otherImages(property: Property): string[] {
  const medium = new Map((property.images ?? []).map((image) => [image.path, image.medium?.trim() || image.path]));
  return parseImageList(property.property_other_images).map((path) => medium.get(path) ?? path);
}

/**
 * The carousel's images: every photo of the gallery (`images`) as its medium rendition, the cover
 * first, so a new cover chosen on Edit leads the carousel too; an answer without a gallery (the
 * original fields only) gives its other images.
 */
export function carouselImages(property: Property): string[] {
  if (!property.images?.length) return otherImages(property);
  return galleryOrder(property.images).map((image) => image.medium?.trim() || image.path);
}

/**
 * The indexes the carousel shows from `start`: two at a time (docs/product/rules.md), wrapping
 * around; fewer when there are fewer images.
 */
export function carouselWindow(count: number, start: number, visible: number = CAROUSEL_VISIBLE): number[] {
  if (count <= 0) return [];
  const first = ((start % count) + count) % count;
  return Array.from({ length: Math.min(visible, count) }, (_, i) => (first + i) % count);
}

/** The next start of the carousel, wrapping around both ways. */
export const carouselStep = (count: number, start: number, step: number): number =>
  count <= 0 ? 0 : (((start + step) % count) + count) % count;

/** Whether `id` is among the favourites. */
export const isFavourite = (favourites: readonly Property[], id: Id): boolean =>
  favourites.some((f) => idKey(f.id) === idKey(id));

/** Adds the property (whole object, docs/product/data.md) or removes it when it is there. */
export function toggleFavourite(favourites: readonly Property[], property: Property): Property[] {
  return isFavourite(favourites, property.id)
    ? favourites.filter((f) => idKey(f.id) !== idKey(property.id))
    : [...favourites, property];
}

/** Stored favourites, whatever a host page or an older version left there: objects with an id. */
export function readFavourites(stored: unknown): Property[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (p): p is Property => typeof p === 'object' && p !== null && (typeof (p as Property).id === 'number' || typeof (p as Property).id === 'string'),
  );
}

/**
 * Favourites brought up to date with what the server says now: `fresh` answers per id a property,
 * `null` for one that is gone (deleted, or another company's), `undefined` when unknown (the
 * call failed: keep the stored copy). Order is kept.
 */
export function refreshFavourites(favourites: readonly Property[], fresh: ReadonlyMap<string, Property | null>): Property[] {
  const out: Property[] = [];
  for (const fav of favourites) {
    const now = fresh.get(idKey(fav.id));
    if (now === null) continue;
    out.push(now ?? fav);
  }
  return out;
}

/** True when two favourites lists differ in what is stored (to avoid useless writes). */
export const sameFavourites = (a: readonly Property[], b: readonly Property[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** A property with some fields changed, for the optimistic status edit. */
export const withFields =
  (id: Id, fields: Partial<Property>) =>
  (page: PropertiesPage): PropertiesPage => ({
    ...page,
    properties: page.properties.map((p) => (idKey(p.id) === idKey(id) ? { ...p, ...fields } : p)),
  });

/** One page of the grid. */
export interface PropertiesPage {
  properties: Property[];
  total: number;
  /**
   * Beyond the original description: where the next page starts (the answer's `next_cursor`);
   * null when nothing follows; absent when the backend speaks only the original page numbers.
   */
  nextCursor?: string | null;
}

/** A page of the grid as asked for: its number, and the cursor that starts it when the server gave one. */
export interface PageRequest {
  page: number;
  cursor?: string;
}

export const FIRST_PAGE: PageRequest = { page: 1 };

/**
 * Whether Load More has more to load after `answer`, the last of `pages` pages of `size`: the
 * server's word when it sends next_cursor, else what the total leaves.
 */
export function hasMorePages(answer: PropertiesPage, pages: number, size: number): boolean {
  if (answer.nextCursor !== undefined) return answer.nextCursor !== null;
  return pages * size < answer.total;
}

/**
 * The page Load More asks for after `last`, whose answer is `answer`: after its last card by
 * cursor when the server gave one (cards added or removed meanwhile move nothing), else the next
 * page number, as a backend that speaks only the original calls expects. Null when nothing follows.
 *
 * @example nextPageRequest({ page: 1 }, { properties, total: 40, nextCursor: 'c1' }) // { page: 2, cursor: 'c1' }
 */
export function nextPageRequest(last: PageRequest, answer: PropertiesPage): PageRequest | null {
  if (answer.nextCursor === null) return null;
  return answer.nextCursor ? { page: last.page + 1, cursor: answer.nextCursor } : { page: last.page + 1 };
}

/**
 * The requests with page `index + 1` starting where page `index` now ends (`nextCursor`, from its
 * latest answer): when the pages reload (after a delete) and the first one ends elsewhere — a card
 * added at the top pushed its last one down — the next one follows on from there, so no card falls
 * in a gap between pages. The same array when nothing changes or the pages go by number.
 *
 * @example rechained([{ page: 1 }, { page: 2, cursor: 'a' }], 0, 'b') // [{ page: 1 }, { page: 2, cursor: 'b' }]
 */
export function rechained(requests: readonly PageRequest[], index: number, nextCursor: string | null | undefined): readonly PageRequest[] {
  const next = requests[index + 1];
  if (!next || next.cursor === undefined || typeof nextCursor !== 'string' || next.cursor === nextCursor) return requests;
  return requests.map((request, i) => (i === index + 1 ? { ...request, cursor: nextCursor } : request));
}

/**
 * The cards of one page not shown on an earlier page (`seen`: their ids), and `seen` with them: a
 * card that moved down when newer ones came, or pages asked at different moments, show it once.
 *
 * @example unseenCards([a, b], new Set(['1'])) // { cards: [b], seen: Set { '1', '2' } } when a.id is 1
 */
export function unseenCards(cards: readonly Property[], seen: ReadonlySet<string>): { cards: Property[]; seen: ReadonlySet<string> } {
  const next = new Set(seen);
  const fresh = cards.filter((card) => {
    const key = idKey(card.id);
    if (next.has(key)) return false;
    next.add(key);
    return true;
  });
  return { cards: fresh, seen: next };
}

/** The form's values: every field as text (inputs hold text); numbers are checked by the contract. */
export type PropertyFormValues = Record<(typeof PROPERTY_FORM_FIELDS)[number], string>;

/** The Property fields of docs/product/data.md the forms edit, in form order. */
export const PROPERTY_FORM_FIELDS = [
  'title',
  'property_type',
  'status',
  'price',
  'location',
  'address',
  'bedrooms',
  'bathrooms',
  'square_footage',
  'lot_size',
  'area_units',
  'square_yards',
  'year_built',
  'registration_number',
  'certificates',
  'features',
  'description',
] as const;

export const emptyPropertyForm: PropertyFormValues = Object.fromEntries(PROPERTY_FORM_FIELDS.map((f) => [f, ''])) as PropertyFormValues;

/** The form's values of a property (edit starts from it). */
export function propertyFormValues(property: Property): PropertyFormValues {
  const values = { ...emptyPropertyForm };
  for (const field of PROPERTY_FORM_FIELDS) {
    const value = (property as Record<string, unknown>)[field];
    values[field] = value == null ? '' : String(value);
  }
  return values;
}

/** The form's values as the contract's input: blanks become null (no field is required). */
export function formInput(values: PropertyFormValues): Record<string, string | null> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? null : v.trim()]));
}
