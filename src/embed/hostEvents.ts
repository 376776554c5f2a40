/**
 * Events a host page hears: through `handle.on(type, listener)` and as DOM CustomEvents named
 * `estatedesk:<type>` on every mounted element (`event.detail` is the payload plus `namespace`).
 *
 * Session events come from the runtime; lead events are read off the API calls the widgets make
 * (a successful `POST /leads/store` is a created lead, …), so widgets stay unaware of hosts.
 */
import type { SessionUser } from '../contract';
import { API_PREFIX } from '../contract/constants';

/** Payloads of every host event. */
export interface HostEvents {
  /** Someone signed in (in any widget of the namespace, or another tab). */
  'signed-in': { user: SessionUser | null };
  /** The session ended (logout, another tab, or an expired token). */
  'signed-out': undefined;
  /** The API answered 401 to an authenticated call. */
  unauthorized: { method: string; path: string };
  /** A lead was added; `lead` is the server's answer data when it sent one. */
  'lead-created': { lead?: unknown };
  /** A lead was edited, or one of its inline fields changed (`field`). */
  'lead-updated': { id: string; field?: LeadField; lead?: unknown };
  /** A lead was deleted. */
  'lead-deleted': { id: string };
  /** A spreadsheet of leads was imported. */
  'leads-imported': { result?: unknown };
  /** This mount moved to another path of its own (memory or scoped-hash routing). */
  navigate: { widget: string; path: string };
}

/** The host event names. */
export type HostEventType = keyof HostEvents;

/** Inline lead fields with their own calls (`LEAD_PATHS` in src/contract/leads.ts). */
export type LeadField = 'source' | 'activity' | 'property' | 'workflow';

/** The DOM event name of a host event: `estatedesk:lead-created`. */
export const domEventName = (type: string): string => `estatedesk:${type}`;

export type LeadEvent =
  | { type: 'lead-created' }
  | { type: 'lead-updated'; id: string; field?: LeadField }
  | { type: 'lead-deleted'; id: string }
  | { type: 'leads-imported' };

/**
 * The lead event a successful API call means, if any (by the paths of src/contract/leads.ts).
 * @example leadEventFor('DELETE', '/api/v1/leads/7') // { type: 'lead-deleted', id: '7' }
 */
export function leadEventFor(method: string, url: string): LeadEvent | null {
  let path: string;
  try {
    path = new URL(url, 'http://x.invalid').pathname;
  } catch {
    return null;
  }
  const at = path.indexOf(`${API_PREFIX}/leads`);
  if (at < 0) return null;
  const rest = path.slice(at + API_PREFIX.length);
  const m = method.toUpperCase();
  if (m === 'POST' && rest === '/leads/store') return { type: 'lead-created' };
  if (m === 'POST' && rest === '/leads/import') return { type: 'leads-imported' };
  const field = /^\/leads\/(source|activity|property|workflow)\/([^/]+)$/.exec(rest);
  if (field && (m === 'PUT' || m === 'POST')) return { type: 'lead-updated', id: decodeURIComponent(field[2]!), field: field[1] as LeadField };
  const one = /^\/leads\/([^/]+)$/.exec(rest);
  if (one && one[1] !== 'store' && one[1] !== 'import') {
    const id = decodeURIComponent(one[1]!);
    if (m === 'PUT') return { type: 'lead-updated', id };
    if (m === 'DELETE') return { type: 'lead-deleted', id };
  }
  return null;
}

const methodOf = (input: RequestInfo | URL, init?: RequestInit): string =>
  init?.method ?? (typeof Request !== 'undefined' && input instanceof Request ? input.method : 'GET');
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * A `fetch` that reports lead events after successful calls; the answer is untouched (a clone is
 * read for the payload). Uses the global `fetch` at call time, so tests and polyfills still apply.
 * @example createRuntime(config, { fetch: observingFetch((type, payload) => emitter.emit(type, payload)) })
 */
export function observingFetch(report: (type: HostEventType, payload: HostEvents[HostEventType]) => void): typeof fetch {
  return async (input, init) => {
    const response = await globalThis.fetch(input, init);
    if (!response.ok) return response;
    const event = leadEventFor(methodOf(input, init), urlOf(input));
    if (!event) return response;
    void response
      .clone()
      .json()
      .catch(() => null)
      .then((body: unknown) => {
        const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
        if (event.type === 'lead-created') report('lead-created', { lead: data });
        else if (event.type === 'leads-imported') report('leads-imported', { result: data });
        else if (event.type === 'lead-deleted') report('lead-deleted', { id: event.id });
        else report('lead-updated', { id: event.id, ...(event.field ? { field: event.field } : { lead: data }) });
      });
    return response;
  };
}
