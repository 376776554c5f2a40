/**
 * Companies as the API answers them (docs/product/data.md, contract `Company`): list fields always
 * as lists (rows hold JSON text; an older row's comma text is read the same way), images as paths
 * under the image prefix (like property photos) with their WebP renditions, and links only when
 * they are http(s) URLs. An older row may hold a `javascript:` or `data:` link from before links
 * were checked: it is answered as null and named in `withheld_links`, so no client can render it.
 */
import { COMPANY_LINK_FIELDS, COMPANY_MEDIA_FIELDS, type CompanyMediaField, isHttpUrl, parseList } from '@contract';
import type { CompanyRow } from '../../db/schema';

/** An uploaded image's stored path: `companies/<folder>/<name>.<kind>` (media.ts writes them). */
const STORED_IMAGE = /^companies\/[a-z0-9-]+\/[a-z0-9-]+\.(jpg|png|webp)$/;

/** The renditions beside a stored image (`<name>-small.webp`, `<name>-medium.webp`), or none. */
export function renditionsOf(stored: string | null): { small: string | null; medium: string | null } {
  if (!stored || !STORED_IMAGE.test(stored)) return { small: null, medium: null };
  const base = stored.replace(/\.(jpg|png|webp)$/, '');
  return { small: `${base}-small.webp`, medium: `${base}-medium.webp` };
}

/** An image field as answered: a stored path or an http(s) URL; anything else is no image. */
const imageOf = (value: string | null): string | null => (value && (STORED_IMAGE.test(value) || isHttpUrl(value)) ? value : null);

const mediaAnswer = (row: CompanyRow, field: CompanyMediaField) => {
  const path = imageOf(row[field]);
  const { small, medium } = renditionsOf(path);
  return { [field]: path, [`${field}_small`]: small, [`${field}_medium`]: medium };
};

export function toCompany(row: CompanyRow) {
  const withheld: string[] = [];
  const link = (field: (typeof COMPANY_LINK_FIELDS)[number]): string | null => {
    const value = row[field];
    if (value == null || value === '') return null;
    if (isHttpUrl(value)) return value;
    withheld.push(field);
    return null;
  };
  const media = Object.assign({}, ...COMPANY_MEDIA_FIELDS.map((field) => mediaAnswer(row, field))) as Record<
    `${CompanyMediaField}${'' | '_small' | '_medium'}`,
    string | null
  >;
  return {
    id: row.id,
    display_name: row.display_name,
    ...media,
    primary_color_code: row.primary_color_code,
    secondary_color_code: row.secondary_color_code,
    tagline: row.tagline,
    short_description: row.short_description,
    long_description: row.long_description,
    founding_year: row.founding_year,
    office_address: row.office_address,
    city: row.city,
    postal_code: row.postal_code,
    state: row.state,
    country: row.country,
    hours_of_operation: row.hours_of_operation,
    firm_type: row.firm_type,
    operating_states: parseList(row.operating_states),
    operating_cities: parseList(row.operating_cities),
    inventory_type: row.inventory_type,
    inventory_categories: parseList(row.inventory_categories),
    instagram: link('instagram'),
    facebook: link('facebook'),
    linkedin: link('linkedin'),
    website: link('website'),
    lead_communication: parseList(row.lead_communication),
    withheld_links: withheld,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type CompanyAnswerBody = ReturnType<typeof toCompany>;

/**
 * Fields of a company's GET answer that no JSON call sets (the images change through their own
 * multipart call): a PUT takes them and ignores them, so the object GET answered can go back.
 */
export const COMPANY_SERVER_OWNED = [
  ...COMPANY_MEDIA_FIELDS.flatMap((field) => [field, `${field}_small`, `${field}_medium`]),
  'withheld_links',
] as const;
