/**
 * Properties: the calls, their fields (docs/product/data.md) and checks (docs/product/rules.md).
 */
import * as z from 'zod/mini';
import { Id, IntLike, NumberLike, OptText, optionalText } from './common';
import { LEAD_PROPERTY_TYPES, PROPERTY_STATUSES, TEXT_MAX, YEAR_BUILT_MIN, type LeadPropertyType, type PropertyType } from './constants';
import { Lead } from './leads';
import { MESSAGES } from './messages';

export const PROPERTY_PATHS = {
  list: '/properties',
  create: '/properties',
  one: (id: Id) => `/properties/${id}`,
  /** Beyond the original description: the edit screen's ordered gallery (POST appends `images[]`, PUT orders and picks the cover). */
  images: (id: Id) => `/properties/${id}/images`,
  image: (id: Id, imageId: Id) => `/properties/${id}/images/${imageId}`,
  /** Beyond the original description: the company's leads looking for this kind of property (GET, needs lead-read too). */
  leads: (id: Id) => `/properties/${id}/leads`,
} as const;

/** Most matching leads a property's details show. */
export const PROPERTY_MATCHING_LEADS_LIMIT = 10;
/** How many of the newest matching leads are ranked by city, and counted at most ("1,000+"). */
export const PROPERTY_MATCHING_LEADS_SCAN = 1000;

/**
 * Which lead property types (`LEAD_PROPERTY_TYPES`, a lead's wish) a property of each type
 * (`PROPERTY_TYPES`, the add form's list) answers. The two lists differ: a lead may want a
 * "Studio", a listing is an "Apartment".
 */
export const LEAD_TYPES_OF_PROPERTY_TYPE: Readonly<Record<PropertyType, readonly LeadPropertyType[]>> = {
  Plot: ['Plot', 'Agricultural Land'],
  Villa: ['Villa'],
  Apartment: ['Apartment', 'Studio', 'Penthouse'],
  House: ['Independent House', 'Independent Floor', 'Duplex'],
};

/**
 * The 1-based lead property type indexes (as leads store them) matching a property's type, any
 * case; a type outside the add form's list (the API takes free text) matches the lead type of the
 * same name. No type: none.
 *
 * @example leadTypeIndexesFor('Villa') // [8]
 */
export function leadTypeIndexesFor(propertyType: string | null | undefined): number[] {
  const wanted = (propertyType ?? '').trim().toLowerCase();
  if (!wanted) return [];
  const known = Object.entries(LEAD_TYPES_OF_PROPERTY_TYPE).find(([type]) => type.toLowerCase() === wanted)?.[1];
  const names = known ?? LEAD_PROPERTY_TYPES.filter((name) => name.toLowerCase() === wanted);
  return names.map((name) => LEAD_PROPERTY_TYPES.indexOf(name) + 1).filter((index) => index > 0);
}

/** A lead matching a property, and whether its city appears in the property's location or address. */
export const MatchingLead = z.looseObject({ ...Lead.shape, city_match: z.boolean() });
export type MatchingLead = z.infer<typeof MatchingLead>;

/**
 * GET /properties/{id}/leads answer: at most PROPERTY_MATCHING_LEADS_LIMIT leads — among the newest
 * PROPERTY_MATCHING_LEADS_SCAN matching, same city first, then the most recently added — and how
 * many match: `total`, or at least `total` when `capped`.
 */
export const MatchingLeadsAnswer = z.looseObject({ data: z.array(MatchingLead), total: z.number(), capped: z.optional(z.boolean()) });

/** Largest property photo, in bytes, and most photos in one request. */
export const PROPERTY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PROPERTY_IMAGE_MAX_FILES = 20;
/** Most photos one property keeps (the edit screen's gallery says so before uploading more). */
export const PROPERTY_MAX_IMAGES = 60;
/** The photo kinds the server takes (it checks the bytes; a picker checks the browser's type first). */
export const PROPERTY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** One stored photo with its WebP renditions (paths under the image prefix). */
export const PropertyImage = z.looseObject({
  id: Id,
  path: z.string(),
  small: z.nullish(z.string()),
  medium: z.nullish(z.string()),
  is_cover: z.boolean(),
  position: z.number(),
});
export type PropertyImage = z.infer<typeof PropertyImage>;

const num = z.nullish(z.union([z.number(), z.string()]));

/** A property as the API answers it (docs/product/data.md). `property_other_images` may be a list or JSON text. */
export const Property = z.looseObject({
  id: Id,
  title: OptText,
  description: OptText,
  property_type: OptText,
  location: OptText,
  address: OptText,
  price: num,
  bedrooms: num,
  bathrooms: num,
  square_footage: num,
  lot_size: num,
  year_built: num,
  property_cover_image: OptText,
  property_other_images: z.nullish(z.union([z.array(z.string()), z.string()])),
  features: OptText,
  status: OptText,
  area_units: OptText,
  square_yards: num,
  registration_number: OptText,
  certificates: OptText,
  created_at: OptText,
  /** Beyond the original description: the cover's WebP renditions (about 320 and 960 px wide) and the ordered gallery. */
  property_cover_image_small: z.optional(OptText),
  property_cover_image_medium: z.optional(OptText),
  images: z.optional(z.array(PropertyImage)),
});
export type Property = z.infer<typeof Property>;

/**
 * GET /properties answer: `data` and `total`, and beyond the original description `next_cursor` —
 * the position after the page's last card, for the next page's `cursor` (null: nothing follows). A
 * backend that answers only the original fields sends none; the grid then asks for the next page
 * number.
 */
export const PropertiesListAnswer = z.looseObject({ data: z.array(Property), total: z.number(), next_cursor: z.optional(z.nullable(z.string())) });
export const PropertyAnswer = z.looseObject({ data: Property });
/** POST /properties answer: the `message`, and the stored property. */
export const PropertyCreateAnswer = z.looseObject({ message: z.string(), data: z.optional(Property) });

const optionalNumber = z.optional(z.pipe(z.union([NumberLike, z.literal('')]), z.transform((v) => (v === '' ? undefined : v))));

/** Longest `cursor` the list call takes (the server's are about 50 characters). */
export const PROPERTY_CURSOR_MAX = 200;
/** The list call's answer to a `cursor` it did not write, or one damaged on the way. */
export const PROPERTY_CURSOR_INVALID = 'This list position is not valid. Load the list again from the first page.';

/**
 * GET /properties query: `page` and `limit` (12), and beyond the original description filters
 * served by the database: `search` (title, address or location, any case), `type`, `status`, a
 * price range and at least `bedrooms`; and `cursor`, an earlier answer's `next_cursor`: the page
 * after that card, newest first (page is then not read). Cards added or removed meanwhile move
 * nothing after it.
 */
export const PropertyListQuery = z.object({
  page: z.optional(IntLike),
  limit: z.optional(IntLike),
  cursor: z.optional(z.string().check(z.maxLength(PROPERTY_CURSOR_MAX, PROPERTY_CURSOR_INVALID))),
  search: optionalText('Search', TEXT_MAX.line),
  type: optionalText('Type', TEXT_MAX.name),
  status: z.optional(z.union([z.enum(PROPERTY_STATUSES), z.literal('')])),
  min_price: optionalNumber,
  max_price: optionalNumber,
  bedrooms: optionalNumber,
});
export type PropertyListQuery = z.infer<typeof PropertyListQuery>;

/** PUT /properties/{id}/images: every image id of the property in its new order, and the cover. */
export const PropertyImagesOrderRequest = z.object({
  order: z.array(IntLike).check(z.maxLength(1000)),
  cover: z.optional(z.nullable(IntLike)),
});
export type PropertyImagesOrderRequest = z.infer<typeof PropertyImagesOrderRequest>;

/** A number field of the property forms: empty is null; never below 0 (docs/product/rules.md). */
const nonNegative = z.pipe(
  z.nullish(z.union([NumberLike, z.literal('')])),
  z.transform((v) => (v === '' || v == null ? null : v)),
).check(z.refine((v) => v == null || v >= 0, MESSAGES.validation.notNegative));

/** Year built: 1900 to the current year, at most 4 digits (docs/product/rules.md). */
const yearBuilt = z.pipe(
  z.nullish(z.union([NumberLike, z.literal('')])),
  z.transform((v) => (v === '' || v == null ? null : v)),
).check(
  z.refine(
    (v) => v == null || (Number.isInteger(v) && v >= YEAR_BUILT_MIN && v <= new Date().getFullYear()),
    MESSAGES.validation.yearBuiltRange,
  ),
);

/**
 * Property fields of POST (multipart) and PUT (JSON). No field is required; numbers are never
 * negative and the year is checked (docs/product/rules.md, "Properties"). Images travel as files,
 * not in this object.
 */
export const PropertyFields = z.object({
  title: optionalText('Title', TEXT_MAX.line),
  description: optionalText('Description', TEXT_MAX.text, 'multi'),
  property_type: optionalText('Property type', TEXT_MAX.name),
  location: optionalText('Location', TEXT_MAX.line),
  address: optionalText('Address', TEXT_MAX.address, 'multi'),
  price: nonNegative,
  bedrooms: nonNegative,
  bathrooms: nonNegative,
  square_footage: nonNegative,
  lot_size: nonNegative,
  year_built: yearBuilt,
  features: optionalText('Features', TEXT_MAX.text, 'multi'),
  status: z.optional(z.nullable(z.enum(PROPERTY_STATUSES))),
  area_units: optionalText('Area units', TEXT_MAX.name),
  square_yards: nonNegative,
  registration_number: optionalText('Registration number', TEXT_MAX.line),
  certificates: optionalText('Certificates', TEXT_MAX.text, 'multi'),
});
export type PropertyFields = z.infer<typeof PropertyFields>;

/** PUT /api/v1/properties/{id} payload: any subset of the fields. */
export const PropertyUpdateRequest = z.partial(PropertyFields);
export type PropertyUpdateRequest = z.infer<typeof PropertyUpdateRequest>;

/** Other images arrive as a list or JSON text (docs/product/data.md); always yields a list of paths. */
export function parseImageList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.trim()) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** Features are comma-separated text (docs/product/data.md); the details page lists them one by one. */
export const splitFeatures = (features: string | null | undefined): string[] =>
  (features ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
