/**
 * From file rows to leads (docs/server-resources.md, "Leads"), pure: header matching, each row validated
 * like Add Lead (contract `LeadCreateRequest`), and duplicates found.
 *
 * Decisions (documented in docs/server-resources.md, "Leads"):
 * - Headers match tolerant of case, spaces, dashes and underscores ("First Name" = first_name),
 *   with a few aliases (status → workflow, source → lead_source, pincode → postal_code, …);
 *   unknown columns are ignored, so an export imports as is. A `name` column is split (contract
 *   `splitName`) when first_name/last_name are missing. first_name, last_name, email, phone and lead_source
 *   columns are required (422 otherwise).
 * - lead_source, property_type and activities match option names in any case; property_type and
 *   activities also take 1-based indexes and default to contract LEAD_DEFAULTS (1 and 2) when blank.
 * - `workflow` is a status name in any case; blank means the company's first status after All
 *   Contacts (Open in the default set). All Contacts or an unknown name rejects the row.
 * - A leading single quote before = + - @ tab or CR (our export's formula guard) is dropped; the
 *   text after it is stored as text.
 * - Duplicates: the phone (digits only, last 10: "+91 98450 11223", "098450-11223" and
 *   "9845011223" are one) or the e-mail (any case) of an existing lead of the company or of an
 *   earlier accepted row of the same file. Such rows are rejected with "Duplicate …" reasons and
 *   counted in `duplicates`.
 */
import * as z from 'zod/mini';
import {
  ACTIVITIES,
  fieldErrors,
  LEAD_DEFAULTS,
  LEAD_PROPERTY_TYPES,
  LEAD_SOURCES,
  LeadCreateRequest,
  MESSAGES,
} from '@contract';
import { KeySet } from './keySet';

/** The fields an import row may fill. */
export type ImportField =
  | 'first_name'
  | 'last_name'
  | 'name'
  | 'email'
  | 'phone'
  | 'address'
  | 'city'
  | 'state'
  | 'postal_code'
  | 'country'
  | 'lead_source'
  | 'property_type'
  | 'workflow'
  | 'activities';

const FIELDS: readonly ImportField[] = [
  'first_name',
  'last_name',
  'name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
  'lead_source',
  'property_type',
  'workflow',
  'activities',
];

const ALIASES: Readonly<Record<string, ImportField>> = {
  firstname: 'first_name',
  lastname: 'last_name',
  surname: 'last_name',
  full_name: 'name',
  fullname: 'name',
  e_mail: 'email',
  email_address: 'email',
  mail: 'email',
  mobile: 'phone',
  mobile_number: 'phone',
  phone_number: 'phone',
  zip: 'postal_code',
  zip_code: 'postal_code',
  zipcode: 'postal_code',
  pincode: 'postal_code',
  pin_code: 'postal_code',
  postcode: 'postal_code',
  source: 'lead_source',
  leadsource: 'lead_source',
  propertytype: 'property_type',
  status: 'workflow',
  workflow_status: 'workflow',
  activity: 'activities',
};

/** A header as a key: "First  Name" → first_name. */
export const headerKey = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** Where each known field is in the header row; the first column of a name wins. */
export function mapHeaders(header: readonly string[]): { columns: Map<ImportField, number>; missing: string[] } {
  const columns = new Map<ImportField, number>();
  header.forEach((text, index) => {
    const key = headerKey(text);
    const field = (FIELDS as readonly string[]).includes(key) ? (key as ImportField) : ALIASES[key];
    if (field && !columns.has(field)) columns.set(field, index);
  });
  const hasName = columns.has('name');
  const missing: string[] = [];
  for (const field of ['first_name', 'last_name', 'email', 'phone', 'lead_source'] as const) {
    if (!columns.has(field) && !(hasName && (field === 'first_name' || field === 'last_name'))) missing.push(field);
  }
  return { columns, missing };
}

/** "Missing columns: email, phone. …" */
export const missingColumnsMessage = (missing: readonly string[]): string =>
  `Missing columns: ${missing.join(', ')}. The first row must name the columns as the sample file does (Sample Format).`;

/** A cell as stored: trimmed, with our export's formula guard (a leading ') dropped. */
export function cleanCell(text: string | undefined): string {
  const trimmed = (text ?? '').trim();
  return /^'[=+\-@\t\r]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/**
 * The duplicate key of a phone: its digits, the last 10 when longer (drops +91, 91 or 0).
 * @example phoneKey('+91 98450-11223') // '9845011223'
 */
export function phoneKey(phone: string | null | undefined): string {
  // One flat string (adding characters one by one left a chain of tiny strings per key).
  const digits = (phone ?? '').replace(/[^0-9]+/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/** The duplicate key of an e-mail address. */
export const emailKey = (email: string | null | undefined): string => (email ?? '').trim().toLowerCase();

/** The 1-based option of `text` by name (any case) or by index, `null` for blank, `undefined` when unknown. */
function option(options: readonly string[], text: string): number | null | undefined {
  if (text === '') return null;
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= options.length ? n : undefined;
  }
  const found = options.findIndex((o) => o.toLowerCase() === text.toLowerCase());
  return found === -1 ? undefined : found + 1;
}

const oneOf = (label: string, value: string, options: readonly string[]) =>
  `${label} "${value}" is not one of: ${options.join(', ')}`;

/** Field words a contract message names already; other messages get the column name in front. */
const NAMED = /first name|last name|email|phone|lead source|property type|activit|workflow/i;

/** The company's statuses as the import resolves them. */
export interface ImportWorkflows {
  /** Lower-cased name → id, All Contacts excluded. */
  byName: ReadonlyMap<string, number>;
  /** Blank `workflow` cells get this status (the first after All Contacts), or null when there is none. */
  defaultId: number | null;
}

/** A valid row, ready to insert. */
export type ImportedLead = z.infer<typeof LeadCreateRequest>;

export type RowResult = { ok: true; lead: ImportedLead } | { ok: false; reasons: string[] };

/** One data row validated like Add Lead. */
export function validateRow(cells: readonly string[], columns: ReadonlyMap<ImportField, number>, workflows: ImportWorkflows): RowResult {
  const cell = (field: ImportField) => {
    const index = columns.get(field);
    return index === undefined ? '' : cleanCell(cells[index]);
  };
  const reasons: string[] = [];
  let first = cell('first_name');
  let last = cell('last_name');
  if (!columns.has('first_name') && !columns.has('last_name')) {
    const parts = cell('name').split(/\s+/).filter(Boolean);
    first = parts[0] ?? '';
    last = parts.slice(1).join(' ');
  }

  const sourceText = cell('lead_source');
  const source = LEAD_SOURCES.find((s) => s.toLowerCase() === sourceText.toLowerCase());
  if (sourceText !== '' && !source) reasons.push(oneOf('Lead source', sourceText, LEAD_SOURCES));

  const typeText = cell('property_type');
  const type = option(LEAD_PROPERTY_TYPES, typeText);
  if (type === undefined) reasons.push(oneOf('Property type', typeText, LEAD_PROPERTY_TYPES));

  const activityText = cell('activities');
  const activity = option(ACTIVITIES, activityText);
  if (activity === undefined) reasons.push(oneOf('Activity', activityText, ACTIVITIES));

  const workflowText = cell('workflow');
  const workflowId = workflowText === '' ? workflows.defaultId : workflows.byName.get(workflowText.toLowerCase());
  if (workflowId == null) reasons.push(workflowText === '' ? MESSAGES.leads.invalidWorkflow : `${MESSAGES.leads.invalidWorkflow}: "${workflowText}"`);

  const parsed = z.safeParse(LeadCreateRequest, {
    first_name: first,
    last_name: last,
    email: cell('email'),
    phone: cell('phone'),
    address: cell('address'),
    city: cell('city'),
    state: cell('state'),
    postal_code: cell('postal_code'),
    country: cell('country'),
    // Unknown values are reported above; the schema then only reports what is missing.
    lead_source: source ?? (sourceText === '' ? '' : LEAD_SOURCES[0]),
    property_type: type ?? LEAD_DEFAULTS.property_type,
    workflow_id: workflowId ?? 0,
    activities: activity ?? LEAD_DEFAULTS.activities,
  });
  if (!parsed.success) {
    // One reason per field: a blank e-mail is "required", not also "invalid".
    for (const [field, [message]] of Object.entries(fieldErrors(parsed.error))) {
      if (message) reasons.push(NAMED.test(message) ? message : `${field}: ${message}`);
    }
  }
  if (reasons.length || !parsed.success) return { ok: false, reasons };
  return { ok: true, lead: parsed.data };
}

/**
 * Remembers the e-mails and phones seen (existing leads, then accepted rows) to find duplicates.
 * The company's existing leads are kept as hashes (keySet.ts: a company of 1,000,000 leads in
 * 32 MB instead of ≈ 130 MB of strings); the file's own rows with their row numbers, for the
 * "same as row N" reasons.
 */
export class DuplicateFinder {
  private readonly existingEmails: KeySet;
  private readonly existingPhones: KeySet;
  private readonly emails = new Map<string, number>();
  private readonly phones = new Map<string, number>();

  /**
   * Existing leads of the company (row 0: not from this file); `expected`, how many there are,
   * sizes the key sets once (growing them rehashed every key at each doubling).
   */
  constructor(existing: Iterable<{ email: string | null; phone: string | null }>, expected = 0) {
    this.existingEmails = new KeySet(expected);
    this.existingPhones = new KeySet(expected);
    for (const lead of existing) this.remember(lead.email, lead.phone, 0);
  }

  /** "Duplicate …" reasons of a lead, empty when it is new. */
  check(email: string, phone: string): string[] {
    const reasons: string[] = [];
    const e = emailKey(email);
    const emailRow = this.existingEmails.has(e) ? 0 : this.emails.get(e);
    if (emailRow !== undefined) reasons.push(emailRow === 0 ? 'Duplicate email: a lead with this email already exists' : `Duplicate email: same as row ${emailRow}`);
    const key = phoneKey(phone);
    const phoneRow = !key ? undefined : this.existingPhones.has(key) ? 0 : this.phones.get(key);
    if (phoneRow !== undefined) reasons.push(phoneRow === 0 ? 'Duplicate phone: a lead with this phone number already exists' : `Duplicate phone: same as row ${phoneRow}`);
    return reasons;
  }

  remember(email: string | null, phone: string | null, row: number): void {
    const e = emailKey(email);
    const p = phoneKey(phone);
    if (row === 0) {
      if (e) this.existingEmails.add(e);
      if (p) this.existingPhones.add(p);
      return;
    }
    if (e && !this.emails.has(e) && !this.existingEmails.has(e)) this.emails.set(e, row);
    if (p && !this.phones.has(p) && !this.existingPhones.has(p)) this.phones.set(p, row);
  }
}

/** One rejected row of the report. */
export interface Rejection {
  row: number;
  reasons: string[];
}

/** Most rejected rows listed in one answer; `rejected_total` counts them all. */
export const REJECTIONS_LISTED = 1000;

/**
 * Takes the validated data rows of one file, one at a time (validateRow, in the import worker or
 * here), and keeps the report: a valid row is then checked for duplicates against the company's
 * leads and the rows accepted before it.
 *
 * @example
 * const checker = new RowChecker(existingLeads);
 * const lead = checker.accept(row, validateRow(cells, columns, workflows)); // the lead to insert, or null (rejected and reported)
 */
export class RowChecker {
  private readonly finder: DuplicateFinder;
  readonly rejected: Rejection[] = [];
  rejectedTotal = 0;
  duplicates = 0;
  rows = 0;

  /** `expected`: how many leads the company has (knowExisting's total), to size the key sets. */
  constructor(existing: Iterable<{ email: string | null; phone: string | null }> = [], expected = 0) {
    this.finder = new DuplicateFinder(existing, expected);
  }

  /** Adds leads the company already has (read in batches before the file's rows). */
  knowExisting(existing: Iterable<{ email: string | null; phone: string | null }>): void {
    for (const lead of existing) this.finder.remember(lead.email, lead.phone, 0);
  }

  /** Duplicates and the report for one validated row: the lead to insert, or null. */
  accept(row: number, result: RowResult): ImportedLead | null {
    this.rows++;
    if (!result.ok) return this.reject(row, result.reasons);
    const dupes = this.finder.check(result.lead.email, result.lead.phone);
    if (dupes.length) {
      this.duplicates++;
      return this.reject(row, dupes);
    }
    this.finder.remember(result.lead.email, result.lead.phone, row);
    return result.lead;
  }

  private reject(row: number, reasons: string[]): null {
    this.rejectedTotal++;
    if (this.rejected.length < REJECTIONS_LISTED) this.rejected.push({ row, reasons });
    return null;
  }
}
