/**
 * The signed-in person's preferences (theme, density, the leads board's default tab and page
 * size, date format), fetched once per session and shared by every widget of a namespace, like
 * the company brand (`brand.ts`, `ownCompanyApi.ts`). They live on the server, so they follow the
 * person to every device and every host page; the embedding layer turns theme and density into
 * the appearance (`embed/appearance.ts` `withPreferences`), under a host's own settings.
 *
 * One small store per runtime (kept beside it in a WeakMap, never global): null until loaded,
 * dropped when the person signs out or someone else signs in.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ACCOUNT_PATHS, DEFAULT_PREFERENCES, PreferencesAnswer, type DateFormat, type Preferences } from '../contract/account';
import type { Runtime } from './runtime';

export interface PreferencesState {
  /** The saved preferences of the session's person, or null until they are loaded. */
  preferences: Preferences | null;
  /** The token they were loaded for: another person's session never reads them. */
  token: string | null;
}

export type PreferencesStore = StoreApi<PreferencesState>;

const stores = new WeakMap<Runtime, PreferencesStore>();
// One request per runtime and token at a time, however many widgets ask.
const pending = new WeakMap<Runtime, string>();

/**
 * The preferences store of a runtime (made on first use; emptied when the token changes).
 * @example useStore(preferencesStore(runtime), (s) => s.preferences)
 */
export function preferencesStore(runtime: Runtime): PreferencesStore {
  let store = stores.get(runtime);
  if (store) return store;
  const created = createStore<PreferencesState>(() => ({ preferences: null, token: null }));
  runtime.session.subscribe((state, previous) => {
    if (state.token !== previous.token) created.setState({ preferences: null, token: null });
  });
  stores.set(runtime, created);
  store = created;
  return store;
}

/** The preferences to act on: the loaded ones of this session, else the defaults. */
export function currentPreferences(runtime: Runtime): Preferences {
  const { preferences, token } = preferencesStore(runtime).getState();
  return preferences && token === runtime.session.getState().token ? preferences : DEFAULT_PREFERENCES;
}

/**
 * Keeps freshly saved (or fetched) preferences for the current session.
 * @example rememberPreferences(runtime, answer.data)
 */
export function rememberPreferences(runtime: Runtime, preferences: Preferences): void {
  const { token } = runtime.session.getState();
  if (token) preferencesStore(runtime).setState({ preferences, token });
}

/**
 * Fetches the person's preferences once per session (nothing when signed out or already loaded).
 * A failure keeps the defaults: the suite still works, it only looks as it does for everyone.
 *
 * @example
 * await loadPreferences(runtime); // preferencesStore(runtime).getState().preferences
 */
export async function loadPreferences(runtime: Runtime): Promise<void> {
  const { token } = runtime.session.getState();
  const state = preferencesStore(runtime).getState();
  if (!token || (state.preferences && state.token === token) || pending.get(runtime) === token) return;
  pending.set(runtime, token);
  try {
    const answer = await runtime.api.get(ACCOUNT_PATHS.preferences, { schema: PreferencesAnswer });
    // Signed out or someone else signed in while the answer travelled: not theirs.
    if (runtime.session.getState().token === token) rememberPreferences(runtime, answer.data);
  } catch (error) {
    console.warn('EstateDesk: the preferences could not be loaded', error);
  } finally {
    if (pending.get(runtime) === token) pending.delete(runtime);
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A date in the person's chosen format (local calendar day); `fallback` when it is no date.
 * @example formatDateAs('2026-11-05T10:00:00Z', 'd mmm yyyy') // '5 Nov 2026'
 * @example formatDateAs('2026-11-05T10:00:00Z', 'dd/mm/yyyy') // '05/11/2026'
 */
export function formatDateAs(value: unknown, format: DateFormat, fallback = 'Date not available'): string {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return fallback;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return writeDate(date.getDate(), date.getMonth() + 1, date.getFullYear(), format);
}

/**
 * Day `d` of month `m` (1-based) of year `y` in the person's chosen format; `formatDateAs` for a
 * local day, `src/core/zonedFormat.ts` for a day on a zone's wall clock.
 * @example writeDate(5, 11, 2026, 'dd/mm/yyyy') // '05/11/2026'
 */
export function writeDate(d: number, m: number, year: number, format: DateFormat): string {
  const y = String(year);
  const two = (n: number) => String(n).padStart(2, '0');
  switch (format) {
    case 'mm/dd/yyyy':
      return `${two(m)}/${two(d)}/${y}`;
    case 'yyyy-mm-dd':
      return `${y}-${two(m)}-${two(d)}`;
    case 'd mmm yyyy':
      return `${d} ${MONTHS[m - 1]} ${y}`;
    default:
      return `${two(d)}/${two(m)}/${y}`;
  }
}
