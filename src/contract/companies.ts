/**
 * Companies: the calls, their fields (docs/product/data.md) and checks (docs/product/rules.md).
 * Only the super admin manages companies; a company admin reads and edits its own profile.
 */
import * as z from 'zod/mini';
import { cappedList, Id, IntLike, ListField, OptText, optionalText, requiredText } from './common';
import { INVENTORY_TYPES, TEXT_MAX } from './constants';

// The paths sit in their own module: the runtime fetches the own company (the brand) without
// carrying the schemas below, which esbuild keeps whenever anything of this file is imported.
export { COMPANY_PATHS } from './companyPaths';

/** The company's image fields, sent as files (POST is multipart with icon, logo, cover_photo). */
export const COMPANY_MEDIA_FIELDS = ['icon', 'logo', 'cover_photo'] as const;
export type CompanyMediaField = (typeof COMPANY_MEDIA_FIELDS)[number];
/** Largest icon, logo or cover photo a call takes, as for property photos (JPEG, PNG or WebP by content). */
export const COMPANY_MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** The company's link fields: only http(s) URLs are stored, and only those are ever rendered as links. */
export const COMPANY_LINK_FIELDS = ['website', 'instagram', 'facebook', 'linkedin'] as const;
export type CompanyLinkField = (typeof COMPANY_LINK_FIELDS)[number];

const URL_PATTERN = /^https?:\/\/[^\s.]+\.[^\s]+$/i;

/**
 * Whether `value` is an http(s) URL that may be rendered as a link. `javascript:`, `data:` and any
 * other scheme, protocol-relative and malformed text are not.
 *
 * @example isHttpUrl('https://skyline-realty.example') // true
 * @example isHttpUrl('javascript:alert(1)') // false
 */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !URL_PATTERN.test(value.trim())) return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A company as the API answers it (docs/product/data.md). List fields are normalised to arrays. */
export const Company = z.looseObject({
  id: Id,
  display_name: OptText,
  icon: OptText,
  logo: OptText,
  cover_photo: OptText,
  primary_color_code: OptText,
  secondary_color_code: OptText,
  tagline: OptText,
  short_description: OptText,
  long_description: OptText,
  founding_year: z.nullish(z.union([z.number(), z.string()])),
  office_address: OptText,
  city: OptText,
  postal_code: OptText,
  state: OptText,
  country: OptText,
  hours_of_operation: OptText,
  firm_type: OptText,
  operating_states: ListField,
  operating_cities: ListField,
  inventory_type: OptText,
  inventory_categories: ListField,
  instagram: OptText,
  facebook: OptText,
  linkedin: OptText,
  website: OptText,
  lead_communication: ListField,
  /**
   * Beyond the original description (reference server): WebP renditions of the images, about 320
   * and 960 px wide (paths under the image prefix like the originals); null where the image has
   * none.
   */
  icon_small: z.optional(OptText),
  icon_medium: z.optional(OptText),
  logo_small: z.optional(OptText),
  logo_medium: z.optional(OptText),
  cover_photo_small: z.optional(OptText),
  cover_photo_medium: z.optional(OptText),
  /**
   * Beyond the original description (reference server): link fields an older row held as something
   * other than an http(s) URL (`javascript:`, `data:`, …). They are answered as null and named
   * here, so a screen can say a link was withheld; no client ever renders them.
   */
  withheld_links: z.optional(z.array(z.string())),
});
export type Company = z.infer<typeof Company>;

export const CompaniesAnswer = z.looseObject({ data: z.array(Company) });
export const CompanyAnswer = z.looseObject({ data: Company });

/** A required http(s) URL: missing or blank says `required`, anything else not a link says `message`. */
const url = (field: string, required: string, message = 'Please enter a valid URL') =>
  requiredText(required, field, TEXT_MAX.url).check(z.refine((v) => v === '' || isHttpUrl(v), message));
const optionalUrl = (field: string) =>
  optionalText(field, TEXT_MAX.url).check(z.refine((v) => v == null || isHttpUrl(v), 'Please enter a valid URL'));
const COLOUR_PATTERN = /^#[0-9a-f]{3,8}$/i;
const COLOUR_MESSAGE = 'Use a colour code like #f97316';
const colour = () => requiredText('Colour is required').check(z.refine((v) => v === '' || COLOUR_PATTERN.test(v), COLOUR_MESSAGE));
/** An optional colour code: blank is null, anything else must look like #f97316. */
const optionalColour = (field: string) =>
  optionalText(field, TEXT_MAX.name).check(z.refine((v) => v == null || COLOUR_PATTERN.test(v), COLOUR_MESSAGE));
const YEAR_REQUIRED = 'Founding year is required';
/** A founding year, as a number or numeric text: missing or blank says it is required. */
const year = z.pipe(
  z.union([z.number(), z.string()], { error: YEAR_REQUIRED }).check(z.refine((v) => String(v).trim() !== '', { error: YEAR_REQUIRED, abort: true })),
  IntLike.check(z.refine((n) => n >= 1800 && n <= new Date().getFullYear(), 'Enter a valid founding year')),
);
const requiredList = (message: string, field: string) => cappedList(field).check(z.refine((l) => l.length > 0, message));

/**
 * POST /api/v1/company text fields (docs/product/rules.md, "Companies": the Add Company rules).
 * Files icon, logo and cover_photo travel beside these in the multipart body; list fields arrive as
 * JSON text.
 */
export const CompanyCreateFields = z.object({
  display_name: requiredText('Display name is required', 'Display name', TEXT_MAX.displayName),
  tagline: requiredText('Tagline is required', 'Tagline', TEXT_MAX.line),
  founding_year: year,
  primary_color_code: colour(),
  secondary_color_code: colour(),
  short_description: requiredText('Short description is required', 'Short description', TEXT_MAX.summary, 'multi'),
  long_description: requiredText('Description is required', 'Description', TEXT_MAX.text, 'multi'),
  office_address: requiredText('Office address is required', 'Office address', TEXT_MAX.address, 'multi'),
  city: requiredText('City is required', 'City', TEXT_MAX.place),
  state: requiredText('State is required', 'State', TEXT_MAX.place),
  postal_code: requiredText('Postal code is required', 'Postal code', TEXT_MAX.postalCode),
  country: requiredText('Country is required', 'Country', TEXT_MAX.place),
  operating_states: requiredList('Operating states are required', 'Operating states'),
  operating_cities: requiredList('Operating cities are required', 'Operating cities'),
  inventory_categories: requiredList('Inventory categories are required', 'Inventory categories'),
  hours_of_operation: requiredText('Hours of operation are required', 'Hours of operation', TEXT_MAX.line),
  firm_type: requiredText('Firm type is required', 'Firm type', TEXT_MAX.name),
  inventory_type: z.enum(INVENTORY_TYPES, 'Inventory type is required'),
  website: url('Website', 'Website is required'),
  lead_communication: requiredList('Lead communication is required', 'Lead communication'),
  instagram: optionalUrl('Instagram'),
  facebook: optionalUrl('Facebook'),
  linkedin: optionalUrl('LinkedIn'),
});
export type CompanyCreateFields = z.infer<typeof CompanyCreateFields>;

/**
 * PUT /api/v1/company/{id} payload: edited fields as JSON (media files are not sent). The edit
 * modal requires display name, founding year, firm type, office address, city, state, country and
 * postal code (docs/product/rules.md); the other fields are optional here. The reference server
 * changes only the fields the body carries (a field left out keeps its value; null or blank clears
 * it), takes and ignores what only the server sets (id, icon, logo, cover_photo and their
 * renditions, withheld_links, timestamps), so the object GET answered may be sent back, and refuses
 * any other field with 422.
 */
export const CompanyUpdateRequest = z.object({
  display_name: requiredText('Display name is required', 'Display name', TEXT_MAX.displayName),
  founding_year: year,
  firm_type: requiredText('Firm type is required', 'Firm type', TEXT_MAX.name),
  office_address: requiredText('Office address is required', 'Office address', TEXT_MAX.address, 'multi'),
  city: requiredText('City is required', 'City', TEXT_MAX.place),
  state: requiredText('State is required', 'State', TEXT_MAX.place),
  country: requiredText('Country is required', 'Country', TEXT_MAX.place),
  postal_code: requiredText('Postal code is required', 'Postal code', TEXT_MAX.postalCode),
  tagline: optionalText('Tagline', TEXT_MAX.line),
  short_description: optionalText('Short description', TEXT_MAX.summary, 'multi'),
  long_description: optionalText('Description', TEXT_MAX.text, 'multi'),
  primary_color_code: optionalColour('Primary colour code'),
  secondary_color_code: optionalColour('Secondary colour code'),
  hours_of_operation: optionalText('Hours of operation', TEXT_MAX.line),
  inventory_type: z.optional(z.nullable(z.enum(INVENTORY_TYPES))),
  operating_states: z.optional(cappedList('Operating states')),
  operating_cities: z.optional(cappedList('Operating cities')),
  inventory_categories: z.optional(cappedList('Inventory categories')),
  lead_communication: z.optional(cappedList('Lead communication')),
  website: optionalUrl('Website'),
  instagram: optionalUrl('Instagram'),
  facebook: optionalUrl('Facebook'),
  linkedin: optionalUrl('LinkedIn'),
  id: z.optional(Id),
});
export type CompanyUpdateRequest = z.infer<typeof CompanyUpdateRequest>;
