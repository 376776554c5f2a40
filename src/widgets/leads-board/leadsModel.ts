/**
 * Pure logic of the leads board (docs/architecture.md, house rule 2): search filtering, paging,
 * names, chat and mail links, option mapping and status choices. No React, no fetch; tested on its
 * own. Form values and payloads live in `leadForms.ts`; the import report in `importReport.ts`.
 */
import {
  ACTIVITIES,
  ALL_CONTACTS,
  LEAD_PROPERTY_TYPES,
  LEAD_SOURCES,
  joinName,
  type Lead,
  type LeadSource,
  type Workflow,
} from '../../contract';
import type { LeadsPage } from './leadsApi';

/** A workflow id as the tabs and selects keep it: always text, so `'3'` and `3` are one id. */
export const idKey = (id: string | number | null | undefined): string => (id == null ? '' : String(id));

/**
 * The board's keys in the runtime's data cache. Every list sits under `lists`, so a change to a
 * lead reloads (or optimistically edits) whatever list is on screen.
 */
export const leadKeys = {
  workflows: ['leads', 'workflows'],
  lists: ['leads', 'list'],
  list: (workflowId: string, page: number, search: string) => ['leads', 'list', workflowId, page, search],
  one: (id: string | number) => ['leads', 'one', idKey(id)],
} as const;

/** A list page with one lead changed (an inline change shown before the server confirms it). */
export const withLead = (id: Lead['id'], patch: Partial<Lead>) => (page: LeadsPage): LeadsPage => ({
  ...page,
  leads: page.leads.map((lead) => (idKey(lead.id) === idKey(id) ? { ...lead, ...patch } : lead)),
});

/** True when the search box holds something to search for. */
export const isSearching = (search: string): boolean => search.trim() !== '';

/**
 * Pages needed for `total` rows; at least 1, so an empty list reads "Showing page 1 of 1".
 * @example pageCount(21, 10) // 3
 */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** A page number kept inside 1..pages. */
export const clampPage = (page: number, pages: number): number => Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages));

/** The rows of one page of an already loaded list (used while searching, when the client pages). */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const start = (clampPage(page, pageCount(rows.length, pageSize)) - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/**
 * A 1-based option index from what the API sent: an index (number or numeric text) or the
 * option's name (any case). `null` when it matches nothing.
 * @example optionIndex(LEAD_PROPERTY_TYPES, 'villa') // 8
 */
export function optionIndex(options: readonly string[], value: unknown): number | null {
  if (value == null) return null;
  const text = String(value).trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= options.length ? n : null;
  }
  const found = options.findIndex((option) => option.toLowerCase() === text.toLowerCase());
  return found === -1 ? null : found + 1;
}

/** The property type index (1-based) of a lead's `property_type`, or null. */
export const propertyTypeIndex = (value: unknown) => optionIndex(LEAD_PROPERTY_TYPES, value);
/** The activity index (1-based) of a lead's `activities`, or null. */
export const activityIndex = (value: unknown) => optionIndex(ACTIVITIES, value);

/** The display name of a lead's property type; the raw value when it matches no option. */
export function propertyTypeLabel(value: unknown): string {
  const index = propertyTypeIndex(value);
  return index ? LEAD_PROPERTY_TYPES[index - 1]! : value == null ? '' : String(value);
}

/** The display name of a lead's activity; the raw value when it matches no option. */
export function activityLabel(value: unknown): string {
  const index = activityIndex(value);
  return index ? ACTIVITIES[index - 1]! : value == null ? '' : String(value);
}

/** The lead source option matching `value` in any case, or null. */
export function leadSourceOption(value: unknown): LeadSource | null {
  if (value == null) return null;
  const text = String(value).trim().toLowerCase();
  return LEAD_SOURCES.find((source) => source.toLowerCase() === text) ?? null;
}

/** The full name of a lead: its `name`, else first and last name joined. */
export const leadName = (lead: Pick<Lead, 'name' | 'first_name' | 'last_name'>): string =>
  lead.name?.trim() || joinName(lead.first_name, lead.last_name);

/** Every text a person may search a lead by: its raw fields and the labels the table shows. */
function searchableTexts(lead: Lead): string[] {
  const texts: string[] = [leadName(lead), propertyTypeLabel(lead.property_type), activityLabel(lead.activities)];
  for (const [key, value] of Object.entries(lead)) {
    // `version` is bookkeeping for the edit conflict check, not something a person searches by.
    if (key === 'version') continue;
    if (typeof value === 'string' || typeof value === 'number') texts.push(String(value));
  }
  return texts;
}

/**
 * docs/product/rules.md: while searching, the fetched leads are filtered on the client across all
 * fields, case-insensitively. An empty search keeps every lead.
 * @example filterLeads(leads, 'PUNE') // leads with "Pune" in any field
 */
export function filterLeads(leads: readonly Lead[], search: string): Lead[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...leads];
  return leads.filter((lead) => searchableTexts(lead).some((text) => text.toLowerCase().includes(needle)));
}

/**
 * A WhatsApp chat link to a phone number, or null when it has too few digits. Spaces, dashes and
 * brackets are dropped; a national Indian number (10 digits, or 11 with a leading 0) gets +91,
 * so `+91 98765 43210`, `098765 43210` and `9876543210` all chat with the same person.
 * @example whatsappLink('+91 98765 43210') // 'https://wa.me/919876543210'
 */
export function whatsappLink(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim();
  let digits = raw.replace(/\D/g, '');
  if (raw.startsWith('00')) digits = digits.slice(2);
  else if (!raw.startsWith('+')) {
    if (digits.length === 11 && digits.startsWith('0')) digits = `91${digits.slice(1)}`;
    else if (digits.length === 10) digits = `91${digits}`;
  }
  return digits.length >= 8 && digits.length <= 15 ? `https://wa.me/${digits}` : null;
}

/** A `mailto:` link to an e-mail address, or null when there is none. */
export function mailtoLink(email: string | null | undefined): string | null {
  const address = (email ?? '').trim();
  return address.includes('@') ? `mailto:${address}` : null;
}

/** True for the catch-all tab (docs/product/data.md), matched by name in any case. */
export const isAllContacts = (workflow: Pick<Workflow, 'name'>): boolean =>
  workflow.name.trim().toLowerCase() === ALL_CONTACTS.toLowerCase();

/** The workflow tabs: All Contacts first (docs/product/screens.md), the others in the server's order. */
export function workflowTabs(workflows: readonly Workflow[]): Workflow[] {
  const all = workflows.filter(isAllContacts);
  return [...all, ...workflows.filter((w) => !isAllContacts(w))];
}

/** The status choices of the selects: every workflow but All Contacts (docs/product/data.md, rules.md). */
export const statusOptions = (workflows: readonly Workflow[]): Workflow[] => workflows.filter((w) => !isAllContacts(w));

/**
 * The workflow id to set for a chosen status, or null when the choice is empty, All Contacts or
 * unknown (the caller then shows "Invalid workflow status").
 */
export function workflowIdForChange(value: string, workflows: readonly Workflow[]): number | null {
  const chosen = statusOptions(workflows).find((w) => idKey(w.id) === value.trim());
  if (!chosen) return null;
  const id = Number(chosen.id);
  return Number.isSafeInteger(id) ? id : null;
}

/** The status name of a lead: its `workflow`, else the name of its `workflow_id`. */
export function leadStatus(lead: Pick<Lead, 'workflow' | 'workflow_id'>, workflows: readonly Workflow[]): string {
  if (lead.workflow?.trim()) return lead.workflow.trim();
  const found = workflows.find((w) => idKey(w.id) === idKey(lead.workflow_id));
  return found?.name ?? '';
}

/** The status select's value for a lead: its workflow id, found by name when the id is missing. */
export function leadStatusValue(lead: Pick<Lead, 'workflow' | 'workflow_id'>, workflows: readonly Workflow[]): string {
  if (lead.workflow_id != null && lead.workflow_id !== '') return idKey(lead.workflow_id);
  const name = lead.workflow?.trim().toLowerCase();
  const found = name ? statusOptions(workflows).find((w) => w.name.toLowerCase() === name) : undefined;
  return found ? idKey(found.id) : '';
}

/** The ids of the chosen rows that are still on screen, as numbers for the bulk calls. */
export function selectedIds(selection: Readonly<Record<string, boolean>>, rows: readonly Lead[]): number[] {
  return rows
    .filter((lead) => selection[idKey(lead.id)])
    .map((lead) => Number(lead.id))
    .filter((id) => Number.isSafeInteger(id));
}

/**
 * A file name for an export of one tab: `leads-open-2026-11-22.csv`.
 * @example exportFileName('All Contacts', new Date('2026-11-22')) // 'leads-all-contacts-2026-11-22.csv'
 */
export function exportFileName(tabName: string, now: Date = new Date()): string {
  const slug = tabName.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'leads';
  return `leads-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}
