/**
 * Companies (SPEC §3, §5, §7). Only the super admin manages companies; a company admin reads and
 * edits its own profile.
 */
import * as z from 'zod/mini';
import { Id, IntLike, ListField, OptText, optionalText, requiredText } from './common';
import { INVENTORY_TYPES } from './constants';

export const COMPANY_PATHS = {
  list: '/company',
  create: '/company',
  one: (id: Id) => `/company/${id}`,
} as const;

/** A company as the API answers it (SPEC §3). List fields are normalised to arrays. */
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
});
export type Company = z.infer<typeof Company>;

export const CompaniesAnswer = z.looseObject({ data: z.array(Company) });
export const CompanyAnswer = z.looseObject({ data: Company });

const url = (message = 'Please enter a valid URL') =>
  z.string().check(z.trim(), z.refine((v) => /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), message));
const optionalUrl = () =>
  z.pipe(
    z.nullish(z.string()),
    z.transform((v) => (v?.trim() ? v.trim() : null)),
  ).check(z.refine((v) => v == null || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), 'Please enter a valid URL'));
const colour = () => requiredText('Colour is required').check(z.regex(/^#[0-9a-f]{3,8}$/i, 'Use a colour code like #f97316'));
const year = IntLike.check(z.refine((n) => n >= 1800 && n <= new Date().getFullYear(), 'Enter a valid founding year'));
const requiredList = (message: string) => ListField.check(z.refine((l) => l.length > 0, message));

/**
 * POST /api/v1/company text fields (SPEC §5 Add Company rules). Files icon, logo and cover_photo
 * travel beside these in the multipart body; list fields arrive as JSON text.
 */
export const CompanyCreateFields = z.object({
  display_name: requiredText('Display name is required').check(z.maxLength(120)),
  tagline: requiredText('Tagline is required'),
  founding_year: year,
  primary_color_code: colour(),
  secondary_color_code: colour(),
  short_description: requiredText('Short description is required'),
  long_description: requiredText('Description is required'),
  office_address: requiredText('Office address is required'),
  city: requiredText('City is required'),
  state: requiredText('State is required'),
  postal_code: requiredText('Postal code is required'),
  country: requiredText('Country is required'),
  operating_states: requiredList('Operating states are required'),
  operating_cities: requiredList('Operating cities are required'),
  inventory_categories: requiredList('Inventory categories are required'),
  hours_of_operation: requiredText('Hours of operation are required'),
  firm_type: requiredText('Firm type is required'),
  inventory_type: z.enum(INVENTORY_TYPES, 'Inventory type is required'),
  website: url(),
  lead_communication: requiredList('Lead communication is required'),
  instagram: optionalUrl(),
  facebook: optionalUrl(),
  linkedin: optionalUrl(),
});
export type CompanyCreateFields = z.infer<typeof CompanyCreateFields>;

/**
 * PUT /api/v1/company/{id} payload: edited fields as JSON (media files are not sent). The edit
 * modal requires display name, founding year, firm type, office address, city, state, country and
 * postal code (SPEC §5); the other fields are optional here.
 */
export const CompanyUpdateRequest = z.object({
  display_name: requiredText('Display name is required').check(z.maxLength(120)),
  founding_year: year,
  firm_type: requiredText('Firm type is required'),
  office_address: requiredText('Office address is required'),
  city: requiredText('City is required'),
  state: requiredText('State is required'),
  country: requiredText('Country is required'),
  postal_code: requiredText('Postal code is required'),
  tagline: optionalText(),
  short_description: optionalText(),
  long_description: optionalText(),
  primary_color_code: optionalText(),
  secondary_color_code: optionalText(),
  hours_of_operation: optionalText(),
  inventory_type: z.optional(z.nullable(z.enum(INVENTORY_TYPES))),
  operating_states: z.optional(ListField),
  operating_cities: z.optional(ListField),
  inventory_categories: z.optional(ListField),
  lead_communication: z.optional(ListField),
  website: optionalUrl(),
  instagram: optionalUrl(),
  facebook: optionalUrl(),
  linkedin: optionalUrl(),
  id: z.optional(Id),
});
export type CompanyUpdateRequest = z.infer<typeof CompanyUpdateRequest>;
