/**
 * The session store (docs/product/data.md, "Session"; docs/product/rules.md): who is signed in,
 * with which token and permissions, persisted under the storage prefix, restored on load and synced
 * across tabs.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { STORAGE_KEYS, type LoginAnswer, type SessionUser } from '../contract';
import type { StorageApi } from './storage';

/** The session's data and the only ways to change it. */
export interface SessionState {
  /** The signed-in user (stored key `user`), or `null`. */
  user: SessionUser | null;
  /** True when a stored user entry exists but is not an object: "Invalid user data format." (docs/product/roles.md) */
  userInvalid: boolean;
  /** The bearer token (stored key `token`); its presence is what "signed in" means (docs/product/screens.md, "Guards and redirects"). */
  token: string | null;
  /** Permission names from the login answer (stored key `permissions`). */
  permissions: string[];
  /** The user's company (stored key `company_id`). */
  companyId: string | number | null;
  /** Cached company profile, the fallback when loading it fails (stored key `companyData`, docs/product/rules.md). */
  companyData: unknown;
  /** docs/product/rules.md: clears ALL stored data first, then stores token, company_id, permissions and user. */
  signIn(data: LoginAnswer['data']): void;
  /** Merges fields into the user and persists it (docs/product/data.md). */
  update(partial: Partial<SessionUser>): void;
  /** Caches the company profile; `null` removes it. */
  setCompanyData(data: unknown): void;
  /** Clears the state and removes the stored session entries (docs/product/data.md). */
  signOut(): void;
}

/** A zustand vanilla store of `SessionState`, plus `dispose()` to stop listening to other tabs. */
export type SessionStore = StoreApi<SessionState> & { dispose(): void };

type SessionData = Pick<SessionState, 'user' | 'userInvalid' | 'token' | 'permissions' | 'companyId' | 'companyData'>;

const SESSION_KEYS: ReadonlySet<string> = new Set(Object.values(STORAGE_KEYS));

const EMPTY: SessionData = {
  user: null,
  userInvalid: false,
  token: null,
  permissions: [],
  companyId: null,
  companyData: null,
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const asPermissions = (v: unknown): string[] | null => (Array.isArray(v) ? v.map(String) : null);

const asId = (v: unknown): string | number | null =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v !== '') ? v : null;

/** Reads the session back from storage, tolerating entries other code wrote or mangled. */
function readSession(storage: StorageApi): SessionData {
  const rawUser = storage.get(STORAGE_KEYS.user);
  const user = isRecord(rawUser) ? (rawUser as SessionUser) : null;
  const token = storage.get(STORAGE_KEYS.token);
  return {
    user,
    userInvalid: rawUser !== null && user === null,
    token: typeof token === 'string' && token ? token : typeof token === 'number' ? String(token) : null,
    permissions: asPermissions(storage.get(STORAGE_KEYS.permissions)) ?? asPermissions(user?.permissions) ?? [],
    companyId: asId(storage.get(STORAGE_KEYS.companyId)),
    companyData: storage.get(STORAGE_KEYS.companyData),
  };
}

/**
 * Creates the session store over `storage`, restored from it and following other tabs' changes.
 *
 * @example
 * const session = createSessionStore(createStorage('estatedesk.'));
 * session.getState().signIn(answer.data);
 * isSignedIn(session.getState()); // true
 */
export function createSessionStore(storage: StorageApi): SessionStore {
  const store = createStore<SessionState>()((set, get) => ({
    ...readSession(storage),

    signIn(data) {
      storage.clear();
      const user = data.user;
      const permissions = asPermissions(user?.permissions) ?? [];
      const companyId = asId(data.company_id) ?? asId(user?.company_id);
      storage.set(STORAGE_KEYS.token, data.token);
      if (companyId !== null) storage.set(STORAGE_KEYS.companyId, companyId);
      storage.set(STORAGE_KEYS.permissions, permissions);
      storage.set(STORAGE_KEYS.user, user);
      set({ ...EMPTY, user, token: data.token || null, permissions, companyId });
    },

    update(partial) {
      const user = { ...get().user, ...partial } as SessionUser;
      const permissions = asPermissions(partial.permissions);
      storage.set(STORAGE_KEYS.user, user);
      if (permissions) storage.set(STORAGE_KEYS.permissions, permissions);
      set({ user, userInvalid: false, ...(permissions ? { permissions } : {}) });
    },

    setCompanyData(data) {
      if (data == null) storage.remove(STORAGE_KEYS.companyData);
      else storage.set(STORAGE_KEYS.companyData, data);
      set({ companyData: data ?? null });
    },

    signOut() {
      // Only the session's own entries: favourites and other widget data outlive a sign-out.
      for (const key of SESSION_KEYS) storage.remove(key);
      set({ ...EMPTY });
    },
  }));

  const stopSync = storage.onExternalChange(({ key }) => {
    // Another tab signed in, updated or signed out: adopt what it stored, without writing back.
    if (key === null || SESSION_KEYS.has(key)) store.setState(readSession(storage));
  });

  return Object.assign(store, { dispose: stopSync });
}

/**
 * Signed in means a token is present: the app's only route protection is a stored token
 * (docs/product/screens.md, "Guards and redirects").
 *
 * @example
 * if (!isSignedIn(session.getState())) navigate('/login');
 */
export const isSignedIn = (state: Pick<SessionState, 'token'>): boolean => Boolean(state.token);
