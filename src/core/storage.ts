/**
 * Prefixed, JSON-encoded browser storage that never throws.
 *
 * Browsers refuse storage in surprising places (Safari private mode, sandboxed iframes, a full
 * quota, cookies disabled), and a host page may have written our keys by hand. A widget must keep
 * working in all of those, so every operation falls back to memory instead of failing.
 */

/** A change another tab made to one of our keys. */
export interface ExternalChange {
  /** The key without its prefix; `null` when the other tab cleared the whole storage. */
  key: string | null;
  /** The new decoded value; `null` when removed. */
  value: unknown;
}

/** What `createStorage` returns. */
export interface StorageApi {
  /** The prefix in front of every key. */
  readonly prefix: string;
  /** The decoded value of `key`, or `null`. Text that is not JSON comes back as the text itself. */
  get<T = unknown>(key: string): T | null;
  /** Stores `value` as JSON; `undefined` removes the key. */
  set(key: string, value: unknown): void;
  /** Removes `key`. */
  remove(key: string): void;
  /** Removes every key under our prefix (with an empty prefix: every key of the backing store). */
  clear(): void;
  /** Our keys that are currently stored, without the prefix. */
  keys(): string[];
  /** Calls `listener` when another tab changes one of our keys; returns the unsubscribe function. */
  onExternalChange(listener: (change: ExternalChange) => void): () => void;
}

/**
 * A `Storage` kept in memory: the fallback when the browser's is unusable, and handy in tests.
 *
 * @example
 * const storage = createStorage('estatedesk.', createMemoryStorage());
 */
export function createMemoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

/** `window.localStorage` when this environment has one we may touch, else `null`. */
function browserStorage(): Storage | null {
  try {
    // Reading the property itself throws a SecurityError where storage is blocked.
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function decode(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // Written by other code as plain text (for example a bare token): still useful as is.
    return raw;
  }
}

/**
 * Creates a storage whose keys all start with `prefix`.
 * `backing` defaults to `window.localStorage` when usable; `null` means memory only.
 *
 * @example
 * const storage = createStorage('estatedesk.');
 * storage.set('token', 'abc'); // localStorage['estatedesk.token'] === '"abc"'
 * storage.get<string>('token'); // 'abc'
 */
export function createStorage(prefix: string, backing?: Storage | null): StorageApi {
  const store: Storage = (backing === undefined ? browserStorage() : backing) ?? createMemoryStorage();
  // Values whose write the backing store refused (quota, private mode): kept here so this page
  // still sees what it wrote.
  const shadow = new Map<string, string>();
  const full = (key: string) => prefix + key;

  const readRaw = (key: string): string | null => {
    const shadowed = shadow.get(key);
    if (shadowed !== undefined) return shadowed;
    try {
      return store.getItem(full(key));
    } catch {
      return null;
    }
  };

  const remove = (key: string) => {
    shadow.delete(key);
    try {
      store.removeItem(full(key));
    } catch {
      // Nothing more we can do; the shadow copy is gone, so this page reads it as removed.
    }
  };

  const backingKeys = (): string[] => {
    const found: string[] = [];
    try {
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i);
        if (key !== null && key.startsWith(prefix)) found.push(key.slice(prefix.length));
      }
    } catch {
      // Unreadable storage has no keys we can see.
    }
    return found;
  };

  return {
    prefix,
    get<T = unknown>(key: string): T | null {
      return decode(readRaw(key)) as T | null;
    },
    set(key, value) {
      if (value === undefined) return remove(key);
      const raw = JSON.stringify(value);
      try {
        store.setItem(full(key), raw);
        shadow.delete(key);
      } catch {
        shadow.set(key, raw);
      }
    },
    remove,
    clear() {
      // Keys are collected first: removing while walking `store.key(i)` would skip entries.
      for (const key of new Set([...backingKeys(), ...shadow.keys()])) remove(key);
    },
    keys() {
      return [...new Set([...backingKeys(), ...shadow.keys()])];
    },
    onExternalChange(listener) {
      if (typeof window === 'undefined') return () => {};
      const handler = (event: StorageEvent) => {
        // Events of sessionStorage, or of a different backing store, are not ours.
        if (event.storageArea && event.storageArea !== store) return;
        if (event.key === null) return listener({ key: null, value: null });
        if (!event.key.startsWith(prefix)) return;
        const key = event.key.slice(prefix.length);
        // The other tab's write supersedes whatever this page could not persist.
        shadow.delete(key);
        listener({ key, value: decode(event.newValue) });
      };
      window.addEventListener('storage', handler);
      return () => window.removeEventListener('storage', handler);
    },
  };
}
