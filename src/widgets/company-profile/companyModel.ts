/**
 * Pure logic of the company screens: form values to and from a company, list fields as comma
 * text, links that are only ever http(s), the banner's initial, and the query keys.
 */
import { COMPANY_MEDIA_FIELDS, isHttpUrl, parseList, type Company, type CompanyMediaField, type Id } from '../../contract';

/** Every text field of the Add Company form (the seven sections of docs/product/screens.md), lists as comma text. */
export interface CompanyFormValues {
  display_name: string;
  tagline: string;
  founding_year: string;
  primary_color_code: string;
  secondary_color_code: string;
  short_description: string;
  long_description: string;
  office_address: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  hours_of_operation: string;
  firm_type: string;
  operating_states: string;
  operating_cities: string;
  inventory_type: string;
  inventory_categories: string;
  lead_communication: string;
  website: string;
  instagram: string;
  facebook: string;
  linkedin: string;
}

/** The fields held as lists (docs/product/data.md), edited as comma-separated text. */
export const LIST_FIELDS = ['operating_states', 'operating_cities', 'inventory_categories', 'lead_communication'] as const;
export type ListFieldName = (typeof LIST_FIELDS)[number];

/** The three pictures of a company (docs/product/data.md), sent as files beside the fields. */
export const MEDIA_FIELDS = COMPANY_MEDIA_FIELDS;
export type MediaField = CompanyMediaField;
export const MEDIA_LABELS: Readonly<Record<MediaField, string>> = { icon: 'Icon', logo: 'Logo', cover_photo: 'Cover photo' };

export const emptyCompanyForm: CompanyFormValues = {
  display_name: '',
  tagline: '',
  founding_year: '',
  primary_color_code: '#f97316',
  secondary_color_code: '#374151',
  short_description: '',
  long_description: '',
  office_address: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'India',
  hours_of_operation: '',
  firm_type: '',
  operating_states: '',
  operating_cities: '',
  inventory_type: '',
  inventory_categories: '',
  lead_communication: '',
  website: '',
  instagram: '',
  facebook: '',
  linkedin: '',
};

/**
 * A list field's entries as the form shows them.
 * @example listText(['Pune', 'Mumbai']) // 'Pune, Mumbai'
 */
export const listText = (value: unknown): string => parseList(value).join(', ');

/**
 * docs/product/rules.md: list fields are comma separated and trimmed (empty entries dropped).
 * @example splitList(' Pune,, Mumbai ') // ['Pune', 'Mumbai']
 */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** A company as form values (an older row's odd values become text the person can fix). */
export function companyToForm(company: Company): CompanyFormValues {
  const values = { ...emptyCompanyForm, primary_color_code: '', secondary_color_code: '', country: '' };
  for (const key of Object.keys(values) as (keyof CompanyFormValues)[]) {
    values[key] = (LIST_FIELDS as readonly string[]).includes(key) ? listText(company[key]) : str(company[key]);
  }
  return values;
}

/**
 * The form's values as the contract's schemas take them: text trimmed by the schema, lists split,
 * the year as a number when it is one (else left for the schema to refuse).
 */
export function formInput(values: CompanyFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = { ...values };
  for (const key of LIST_FIELDS) input[key] = splitList(values[key]);
  const year = values.founding_year.trim();
  input.founding_year = /^\d+$/.test(year) ? Number(year) : year;
  return input;
}

/**
 * Messages for required fields left blank where the contract's schema would only say the value is
 * malformed (an empty year is "not a whole number", an empty website "not a valid URL").
 */
export function blankMessages(values: CompanyFormValues, mode: 'create' | 'update'): Partial<Record<keyof CompanyFormValues, string>> {
  const errors: Partial<Record<keyof CompanyFormValues, string>> = {};
  if (!values.founding_year.trim()) errors.founding_year = 'Founding year is required';
  if (mode === 'create' && !values.website.trim()) errors.website = 'Website is required';
  return errors;
}

/** The edit form's input: as `formInput`, but an empty inventory type is "not chosen" (null). */
export function updateInput(values: CompanyFormValues): Record<string, unknown> {
  const input = formInput(values);
  if (!values.inventory_type) input.inventory_type = null;
  return input;
}

/**
 * The URL to link to, only when it is an http(s) URL: a stored `javascript:` or `data:` value (an
 * older row may hold one) is shown as text, never as a link.
 * @example safeHttpUrl('javascript:alert(1)') // null
 */
export const safeHttpUrl = (value: unknown): string | null => (isHttpUrl(value) ? value.trim() : null);

/**
 * The best stored path of a company picture: its rendition of the wanted size, else the original.
 * @example picturePath(company, 'cover_photo', 'medium') // 'companies/1/cover-960.webp'
 */
export function picturePath(company: Company, field: MediaField, size: 'small' | 'medium'): string | null {
  const rendition = company[`${field}_${size}`];
  const path = typeof rendition === 'string' && rendition.trim() ? rendition : company[field];
  return typeof path === 'string' && path.trim() ? path : null;
}

/**
 * The banner's letter when a company has no icon.
 * @example initialOf('skyline Realty') // 'S'
 */
export const initialOf = (name: unknown): string => (typeof name === 'string' && name.trim() ? name.trim()[0]!.toUpperCase() : '?');

/**
 * The list's Location column (docs/product/screens.md: city, postal code, country).
 * @example companyLocation({ city: 'Pune', postal_code: '411001', country: 'India' }) // 'Pune, 411001, India'
 */
export const companyLocation = (company: Pick<Company, 'city' | 'postal_code' | 'country'>): string =>
  [company.city, company.postal_code, company.country].map((part) => str(part).trim()).filter(Boolean).join(', ');

/** Whether `company` is the session's own company. */
export const isOwnCompany = (company: Pick<Company, 'id'> | null | undefined, companyId: Id | null): boolean =>
  company != null && companyId !== null && String(company.id) === String(companyId);

/** Query keys of the company screens. */
export const companyKeys = {
  all: ['companies'] as const,
  list: ['companies', 'list'] as const,
  one: (id: Id) => ['companies', 'one', String(id)] as const,
};
