/**
 * The webhooks screen's pure logic (docs/webhooks.md): the query keys, the kinds of event grouped
 * as the contract lists them, the form's values and payload, and a delivery's words.
 */
import { ALL_KINDS, activityVerbName, WEBHOOK_KINDS, WebhookRequest, type DateFormat, type DeliveryStatus, type Id, type Webhook } from '../../contract';
import { formatDateAs } from '../../core/preferences';
import type { Validation } from '../../ui/formErrors';
import { validateWith } from '../../ui/schemaValidator';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (id: Id) => ['webhooks', 'deliveries', String(id)] as const,
};

/** Deliveries per page of the log (the server's default, said here so a test can count them). */
export const DELIVERY_PAGE_SIZE = 30;

/** The name of a kind's record type as a group heading. */
const GROUP_LABELS: Readonly<Record<string, string>> = {
  lead: 'Leads',
  import: 'Lead imports',
  property: 'Properties',
  user: 'People',
  role: 'Roles',
  company: 'Company',
  appointment: 'Appointments',
};

export interface KindGroup {
  type: string;
  label: string;
  kinds: string[];
}

const typeOf = (kind: string): string => kind.split('.')[0] ?? kind;
const groupLabel = (type: string): string => GROUP_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

/**
 * The kinds a webhook may ask for, grouped by record type in the contract's order.
 * @example KIND_GROUPS[0] // { type: 'lead', label: 'Leads', kinds: ['lead.created', …] }
 */
export const KIND_GROUPS: readonly KindGroup[] = WEBHOOK_KINDS.reduce<KindGroup[]>((groups, kind) => {
  const type = typeOf(kind);
  let group = groups.find((g) => g.type === type);
  if (!group) groups.push((group = { type, label: groupLabel(type), kinds: [] }));
  group.kinds.push(kind);
  return groups;
}, []);

/**
 * A kind in words, without its group: "status changed".
 * @example kindWords('lead.status_changed') // 'status changed'
 */
export const kindWords = (kind: string): string => {
  const verb = kind.split('.')[1] ?? kind;
  return activityVerbName(verb);
};

/**
 * A kind in words with its group: "Leads: status changed".
 * @example kindLabel('property.created') // 'Properties: added'
 */
export const kindLabel = (kind: string): string => (kind === ALL_KINDS ? 'All events' : `${groupLabel(typeOf(kind))}: ${kindWords(kind)}`);

/**
 * A webhook's kinds as one line per group, for the list: "Leads: added, status changed".
 * @example kindsSummary(['*']) // ['All events']
 * @example kindsSummary(['lead.created', 'lead.deleted', 'role.updated']) // ['Leads: added, deleted', 'Roles: edited']
 */
export function kindsSummary(kinds: readonly string[]): string[] {
  if (kinds.includes(ALL_KINDS)) return ['All events'];
  const lines = new Map<string, string[]>();
  for (const kind of kinds) {
    const label = groupLabel(typeOf(kind));
    lines.set(label, [...(lines.get(label) ?? []), kindWords(kind)]);
  }
  return [...lines].map(([label, words]) => `${label}: ${words.join(', ')}`);
}

/** What the add and edit form holds. */
export interface WebhookFormValues {
  url: string;
  /** Kinds of the contract, or `['*']` for every one. */
  kinds: string[];
  active: boolean;
}

/** The form's first values: the webhook's, or a new one's (active, nothing chosen). */
export const formValues = (webhook: Webhook | null): WebhookFormValues =>
  webhook ? { url: webhook.url, kinds: [...webhook.kinds], active: webhook.active } : { url: 'https://', kinds: [], active: true };

/**
 * The form checked with the contract's schema (its messages); the server checks the address
 * further (https only, a public host) and answers a 422 on `url`.
 * @example validateWebhook({ url: '', kinds: [], active: true }) // { ok: false, errors: { url: 'Enter the address …', kinds: 'Choose at least …' } }
 */
export function validateWebhook(values: WebhookFormValues): Validation<WebhookRequest> {
  // 'https://' alone is the form's starting point, not an address: it says "enter one".
  const url = values.url.trim() === 'https://' ? '' : values.url;
  return validateWith(WebhookRequest, { url, kinds: values.kinds, active: values.active });
}

/**
 * The kinds after ticking (`on`) or unticking `kinds`: "All events" stands alone, and choosing a
 * single kind leaves "All events".
 * @example toggleKinds(['lead.created'], ['lead.deleted'], true) // ['lead.created', 'lead.deleted']
 * @example toggleKinds(['lead.created'], ['*'], true) // ['*']
 */
export function toggleKinds(chosen: readonly string[], kinds: readonly string[], on: boolean): string[] {
  if (kinds.includes(ALL_KINDS)) return on ? [ALL_KINDS] : [];
  const rest = chosen.filter((kind) => kind !== ALL_KINDS && !kinds.includes(kind));
  // In the contract's order, whatever order they were ticked in.
  return on ? WEBHOOK_KINDS.filter((kind) => rest.includes(kind) || kinds.includes(kind)) : rest;
}

/** How many of a group's kinds are chosen: none, some or all (the group's box is then mixed or ticked). */
export function groupState(chosen: readonly string[], group: KindGroup): 'none' | 'some' | 'all' {
  const count = group.kinds.filter((kind) => chosen.includes(kind)).length;
  return count === 0 ? 'none' : count === group.kinds.length ? 'all' : 'some';
}

/** A delivery's state as the log says it. */
export const DELIVERY_STATUS_WORDS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Waiting',
  succeeded: 'Delivered',
  failed: 'Retrying',
  gave_up: 'Given up',
};

/** The badge colour of a delivery's state (`src/ui/Badge.tsx`). */
export const DELIVERY_STATUS_COLOURS = { pending: 'grey', succeeded: 'green', failed: 'orange', gave_up: 'black' } as const satisfies Record<DeliveryStatus, string>;

/**
 * When, in the person's date format and 24-hour time of this browser: "5 Nov 2026, 14:05".
 * @example whenText('2026-11-05T14:05:00', 'd mmm yyyy') // '5 Nov 2026, 14:05'
 */
export function whenText(at: string | null | undefined, dateFormat: DateFormat): string {
  if (!at) return '—';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDateAs(date, dateFormat)}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * How long the receiver took: "84 ms", "2.4 s".
 * @example durationText(2400) // '2.4 s'
 */
export function durationText(ms: number | null | undefined): string {
  if (ms == null) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The receiver's answer: its HTTP status and how long it took, or that it gave none.
 * @example answerText(500, 84) // 'HTTP 500 in 84 ms'
 */
export function answerText(status: number | null, ms: number | null): string {
  if (status === null) return ms === null ? 'No answer' : `No answer after ${durationText(ms)}`;
  return ms === null ? `HTTP ${status}` : `HTTP ${status} in ${durationText(ms)}`;
}

/** Pages of the delivery log joined, newest first, each delivery once. */
export function joinPages<T extends { id: number }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out.sort((a, b) => b.id - a.id);
}

/**
 * The screen's own words. The server's (a refused address, "Webhook updated", a resend's outcome)
 * come from the contract's `MESSAGES.webhooks`.
 */
export const WEBHOOK_TEXT = {
  intro: 'Each change in your company — a lead added, a status changed, a property edited — can be sent to an address of yours as it happens, signed with the webhook’s secret and tried again for a day when it is not answered.',
  listFailed: 'Failed to load webhooks',
  loading: 'Loading webhooks...',
  empty: 'No webhooks yet',
  emptyHint: 'Add one to send your company’s changes to a CRM, a chat channel or a script of your own.',
  saveFailed: 'Failed to save the webhook. Please try again.',
  deleteFailed: 'Failed to delete the webhook. Please try again.',
  rotateFailed: 'Failed to make a new secret. Please try again.',
  secretOnce: 'This secret will not be shown again. Keep it where your receiver reads it; if it is lost, make a new one.',
  deliveriesFailed: 'Failed to load the delivery log',
  loadingDeliveries: 'Loading deliveries...',
  noDeliveries: 'Nothing has been sent yet. Deliveries appear here when the events this webhook asks for happen.',
  resendFailed: 'Failed to send the delivery again. Please try again.',
  notFound: 'This webhook no longer exists.',
} as const;
