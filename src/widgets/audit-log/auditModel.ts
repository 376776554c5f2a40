/**
 * The audit log without React: the filters as the screen's address keeps them, the query they make,
 * the pages joined, and the choices of the filters. The events in words are auditWords.ts.
 */
import { ACTIVITY_ACTIONS, RECORD_TYPES, type ActivityEvent, type RecordType } from '../../contract';
import { actionName, actorText } from './auditWords';

/** Query keys: a page of events per filter set and cursor, the people and companies of the selects. */
export const auditKeys = {
  all: ['activity', 'audit'] as const,
  page: (filters: AuditFilters, before: number | null) => ['activity', 'audit', filtersText(filters), before ?? 0] as const,
  people: ['activity', 'audit', 'people'] as const,
  companies: ['activity', 'audit', 'companies'] as const,
};

/** The filters the screen's address carries, in this order. */
export const FILTER_KEYS = ['company_id', 'actor_id', 'record_type', 'record_id', 'action', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
/** Every filter as text; a missing one filters nothing. */
export type AuditFilters = Partial<Record<FilterKey, string>>;

/** Events a page asks for: enough to fill a screen, few enough to answer fast. */
export const AUDIT_PAGE_SIZE = 50;

const ID = /^[1-9]\d{0,15}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An action, or a prefix of one ending in '.', as the server takes them. */
const ACTION = /^[a-z_]{1,30}\.([a-z_]{1,29})?$/;

const validDay = (text: string): boolean => DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const VALID: Record<FilterKey, (text: string) => boolean> = {
  company_id: (t) => ID.test(t),
  actor_id: (t) => ID.test(t),
  record_type: (t) => (RECORD_TYPES as readonly string[]).includes(t),
  record_id: (t) => ID.test(t),
  action: (t) => ACTION.test(t),
  from: validDay,
  to: validDay,
};

/**
 * The filters of an address's search part; a value the server would refuse is left out, so a
 * mistyped link shows the unfiltered log rather than an error.
 * @example readFilters(new URLSearchParams('record_type=lead&record_id=42&from=nope')) // { record_type: 'lead', record_id: '42' }
 */
export function readFilters(search: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (value && VALID[key](value)) filters[key] = value;
  }
  return filters;
}

/**
 * One filter changed, and what follows from it: another record type forgets the record and an
 * action of the old type; another company forgets the person.
 * @example withFilter({ record_type: 'lead', record_id: '42' }, 'record_type', 'property') // { record_type: 'property' }
 */
export function withFilter(filters: AuditFilters, key: FilterKey, value: string): AuditFilters {
  const next: AuditFilters = { ...filters };
  const text = value.trim();
  if (text) next[key] = text;
  else delete next[key];
  if (key === 'record_type') {
    delete next.record_id;
    if (next.action && text && !next.action.startsWith(`${text}.`)) delete next.action;
  }
  if (key === 'company_id') delete next.actor_id;
  return next;
}

/** The filters as the address's search part, in FILTER_KEYS order (for `href`). */
export function filtersSearch(filters: AuditFilters): Record<string, string | undefined> {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, filters[key]]));
}

const filtersText = (filters: AuditFilters): string =>
  FILTER_KEYS.filter((key) => filters[key])
    .map((key) => `${key}=${filters[key]}`)
    .join('&');

/** Whether any filter is set. */
export const anyFilter = (filters: AuditFilters): boolean => FILTER_KEYS.some((key) => filters[key]);

/**
 * The query of the audit log's calls: the filters, and for a page after the first the `next` of
 * the one before (`before`). The export takes the same filters without paging.
 * @example auditQuery({ record_type: 'lead', record_id: '42' }, 9001) // { record_type: 'lead', record_id: '42', before: '9001', pageSize: '50' }
 */
export function auditQuery(filters: AuditFilters, before?: number | null, pageSize: number | null = AUDIT_PAGE_SIZE): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) if (filters[key]) query[key] = filters[key]!;
  // A day range given backwards still means the days between.
  if (query.from && query.to && query.from > query.to) [query.from, query.to] = [query.to, query.from];
  if (before != null) query.before = String(before);
  if (pageSize != null) query.pageSize = String(pageSize);
  return query;
}

/** Pages of events joined, newest first, each event once (a page may repeat one at its edge). */
export function joinPages(pages: readonly (readonly ActivityEvent[])[]): ActivityEvent[] {
  const seen = new Set<number>();
  const events: ActivityEvent[] = [];
  for (const page of pages) {
    for (const event of page) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      events.push(event);
    }
  }
  return events.sort((a, b) => b.id - a.id);
}

/** What each record type is called in the filter. */
export const RECORD_TYPE_LABELS: Readonly<Record<RecordType, string>> = {
  lead: 'Leads',
  property: 'Properties',
  user: 'People',
  role: 'Roles',
  company: 'Companies',
  import: 'Lead imports',
  session: 'Sign-ins',
  webhook: 'Webhooks',
  appointment: 'Appointments',
};

/** One choice of the person filter. */
export interface PersonOption {
  value: string;
  label: string;
}

/**
 * The person filter's choices: the company's people, anyone else the shown events name (someone
 * since deleted, or any company's for the super admin), and the chosen one even when unknown —
 * sorted by name.
 */
export function personOptions(people: readonly PersonOption[], events: readonly Pick<ActivityEvent, 'actor_id' | 'actor_name'>[], chosen?: string): PersonOption[] {
  const byId = new Map<string, string>();
  for (const person of people) byId.set(person.value, person.label);
  for (const event of events) {
    if (event.actor_id == null) continue;
    const id = String(event.actor_id);
    if (!byId.has(id)) byId.set(id, actorText(event));
  }
  if (chosen && !byId.has(chosen)) byId.set(chosen, `Person #${chosen}`);
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The export's file name on a given day: "audit-log-2026-11-05.csv". */
export const exportFileName = (now: Date): string => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `audit-log-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}.csv`;
};

/**
 * The action filter's choices: every action of the chosen record type (all of them with none),
 * and the chosen one even when it is not listed (a prefix such as `lead.` from a link).
 * @example actionOptions('role').map((o) => o.value) // ['role.created', 'role.updated', 'role.deleted']
 */
export function actionOptions(recordType?: string, chosen?: string): PersonOption[] {
  const actions: string[] = ACTIVITY_ACTIONS.filter((action) => !recordType || action.startsWith(`${recordType}.`));
  if (chosen && !actions.includes(chosen)) actions.unshift(chosen);
  return actions.map((value) => ({ value, label: actionName(value) }));
}
