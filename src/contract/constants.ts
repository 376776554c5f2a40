/**
 * The business constants of docs/product/rules.md ("Constants and limits"), as `as const` values
 * so that every widget, the server and the tests read the same numbers and option lists.
 *
 * @example
 * import { LEAD_PAGE_SIZE, LEAD_SOURCES } from 'estatedesk/contract';
 */

/** Leads page size. */
export const LEAD_PAGE_SIZE = 10;
/** Page size fetched while a search is active; filtering then happens on the client. */
export const LEAD_SEARCH_PAGE_SIZE = 1000;
/** Debounce of the leads search box, in milliseconds. */
export const LEAD_SEARCH_DEBOUNCE_MS = 500;
/** Property list page size, with Load More. */
export const PROPERTY_PAGE_SIZE = 12;
/** Images the property carousel shows at a time. */
export const CAROUSEL_VISIBLE = 2;
/** Largest page size the server accepts; larger requests are capped, never refused. */
export const MAX_PAGE_SIZE = 1000;

/** Avatar upload limit: 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatar file types (docs/product/rules.md, "Account"). */
export const AVATAR_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;
/** Earliest year a property may have been built (docs/product/rules.md, "Properties"). */
export const YEAR_BUILT_MIN = 1900;
/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * Longest text, in characters, a request field takes, by kind of field. The original description
 * sets none; without caps a lead's city of 200,000 characters was stored and indexed. Longer values
 * are refused with "… is too long (at most N characters)." by the forms and the server alike.
 */
export const TEXT_MAX = {
  /** First and last names, role names, user types. */
  name: 100,
  /** A company's display name (registration names the company too). */
  displayName: 120,
  /** The first and last name joined by a space, as some forms send it beside them. */
  fullName: 201,
  /** RFC 5321's longest address. */
  email: 254,
  phone: 32,
  password: 256,
  address: 500,
  /** City, state, country. */
  place: 100,
  postalCode: 20,
  /** One-line texts: titles, taglines, locations, slugs, opening hours, registration numbers. */
  line: 200,
  url: 2048,
  /** A short description. */
  summary: 500,
  /** Free texts: descriptions, features, certificates. */
  text: 5000,
  /** One entry of a list field (operating cities, categories, …). */
  listItem: 100,
  /** Entries a list field takes. */
  listItems: 100,
} as const;

/** Toast behaviour. */
export const TOAST = {
  defaultMs: 4000,
  errorMs: 4000,
  successMs: 2000,
  /** Forgot-password and registration toasts. */
  longMs: 5000,
  max: 20,
  position: 'top-right',
} as const;

/** Lead source options. Stored and sent by name. */
export const LEAD_SOURCES = ['Website', 'Ads campaign', 'Walk-in', 'Referral', 'Other'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Lead property types. Sent as 1-based indexes into this list. */
export const LEAD_PROPERTY_TYPES = [
  'Apartment',
  'Independent House',
  'Independent Floor',
  'Plot',
  'Studio',
  'Duplex',
  'Penthouse',
  'Villa',
  'Agricultural Land',
] as const;
export type LeadPropertyType = (typeof LEAD_PROPERTY_TYPES)[number];

/** Company firm type options equal the lead property types. */
export const FIRM_TYPES = LEAD_PROPERTY_TYPES;

/** Property types on the add-property form. */
export const PROPERTY_TYPES = ['Plot', 'Villa', 'Apartment', 'House'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Lead activities. Sent as 1-based indexes into this list. */
export const ACTIVITIES = [
  'Lead Qualification activity',
  'Showcasing activity',
  'Negotiation activity',
  'Documentation activity',
] as const;
export type Activity = (typeof ACTIVITIES)[number];

/** Add-lead defaults when the value is not a number (docs/product/rules.md, "Leads"). */
export const LEAD_DEFAULTS = { property_type: 1, activities: 2 } as const;

/** Company inventory types. */
export const INVENTORY_TYPES = ['own', 'others', 'both'] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];

/** Property status values (docs/product/data.md). */
export const PROPERTY_STATUSES = ['available', 'unavailable'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** The catch-all workflow tab; excluded from status selectors (docs/product/data.md). */
export const ALL_CONTACTS = 'All Contacts';
/** Workflow statuses every company starts with, in tab order. */
export const DEFAULT_WORKFLOWS = [ALL_CONTACTS, 'Open', 'Won', 'Lost'] as const;

/** Status badge colours: Open sky, Won green, Lost black, others grey. */
export const STATUS_BADGE_COLOURS: Readonly<Record<string, 'sky' | 'green' | 'black' | 'grey'>> = {
  Open: 'sky',
  Won: 'green',
  Lost: 'black',
};
export const statusBadgeColour = (status: string | null | undefined): 'sky' | 'green' | 'black' | 'grey' =>
  (status && STATUS_BADGE_COLOURS[status]) || 'grey';

/** Gauge ring geometry. */
export const GAUGE = { radius: 27, strokeWidth: 6, circumference: 2 * Math.PI * 27 } as const;

/** Edit-lead modal width in pixels. */
export const EDIT_LEAD_MODAL_WIDTH = 800;
/** Company list scroll area height in pixels (docs/product/screens.md, "Companies"). */
export const COMPANY_LIST_HEIGHT = 600;

/** User types (docs/product/roles.md). Any type but agent has full access within its scope. */
export const USER_TYPES = ['super_admin', 'admin', 'agent'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Session storage keys (docs/product/data.md, "Session"); the configured storage prefix goes in front. */
export const STORAGE_KEYS = {
  user: 'user',
  token: 'token',
  permissions: 'permissions',
  companyId: 'company_id',
  companyData: 'companyData',
} as const;

/** The API path prefix of every call. */
export const API_PREFIX = '/api/v1';
