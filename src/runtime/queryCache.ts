/**
 * The data cache behind `useQuery` and `useMutation`, without React: one per runtime (namespace),
 * never global. A key's data lives while something shows it: identical requests in flight are
 * made once, a key nobody watches any more has its request aborted and its data dropped, a change
 * reloads the lists it touched (by key prefix), and an optimistic edit can be undone.
 */

/** A query's name: the resource first, then what selects it, e.g. `['leads', 'list', tab, page, search]`. */
export type QueryKey = readonly unknown[];

export interface QueryState<T = unknown> {
  /** `loading` until the first answer; `error` when the last request failed. */
  readonly status: 'idle' | 'loading' | 'success' | 'error';
  readonly data: T | undefined;
  readonly error: unknown;
  /** True while a request is in flight, also when data is already shown. */
  readonly fetching: boolean;
}

/** One watcher of a key: how to fetch it, and what to do once when a request fails. */
export interface QueryObserver<T = unknown> {
  fetch(signal: AbortSignal): Promise<T>;
  onError?(error: unknown): void;
  /** Called whenever the key's state changes. */
  changed(): void;
}

export interface QueryCache {
  /** The key's state; the same object until it changes (a `useSyncExternalStore` snapshot). */
  read<T>(key: QueryKey): QueryState<T>;
  /** Watches a key, fetching it unless it has data or a request in flight; returns the stop. */
  observe<T>(key: QueryKey, observer: QueryObserver<T>): () => void;
  /** Fetches a watched key again, replacing a request in flight (which may predate a change). */
  refetch(key: QueryKey): void;
  /** Fetches again every watched key starting with `prefix`; forgets the others. */
  invalidate(prefix: QueryKey): void;
  /**
   * Changes the data of every key starting with `prefix` at once (an optimistic edit). The
   * returned undo puts back what it replaced where nothing has written since, and fetches again
   * where something has (so a later edit is not lost).
   */
  setData<T>(prefix: QueryKey, update: (data: T) => T): () => void;
}

interface Entry {
  key: QueryKey;
  state: QueryState;
  observers: Set<QueryObserver>;
  controller?: AbortController;
  release?: ReturnType<typeof setTimeout>;
}

/** The state of a key nobody has asked for yet (its first request starts on `observe`). */
export const PENDING: QueryState<never> = { status: 'loading', data: undefined, error: undefined, fetching: false };
/** The state of no key at all (a query switched off). */
export const IDLE: QueryState<never> = { status: 'idle', data: undefined, error: undefined, fetching: false };

const part = (value: unknown) => JSON.stringify(value) ?? 'undefined';
/** One text per key: `['leads', 1]` and `['leads', '1']` differ, `{ a, b }` key order matters. */
export const hashKey = (key: QueryKey): string => key.map(part).join('\u0000');
const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.length <= key.length && prefix.every((p, i) => part(p) === part(key[i]));

/**
 * A cache for one runtime.
 *
 * @example
 * const cache = createQueryCache();
 * const stop = cache.observe(['leads', 'one', 7], { fetch: (signal) => api.getLead(7, signal), changed: render });
 * cache.invalidate(['leads']); // a change: reload what shows leads
 */
export function createQueryCache(): QueryCache {
  const entries = new Map<string, Entry>();

  const write = (entry: Entry, patch: Partial<QueryState>) => {
    entry.state = { ...entry.state, ...patch };
    for (const observer of entry.observers) observer.changed();
  };

  // Fetched with the asking observer's function (its onError hears of a failure), else the first one's.
  const run = (entry: Entry, observer = entry.observers.values().next().value) => {
    if (!observer) return;
    entry.controller?.abort();
    const controller = new AbortController();
    entry.controller = controller;
    write(entry, { fetching: true, status: entry.state.status === 'success' ? 'success' : 'loading' });
    observer.fetch(controller.signal).then(
      (data) => {
        if (entry.controller !== controller) return;
        entry.controller = undefined;
        write(entry, { status: 'success', data, error: undefined, fetching: false });
      },
      (error: unknown) => {
        // A request replaced or abandoned says nothing about the key.
        if (entry.controller !== controller || controller.signal.aborted) return;
        entry.controller = undefined;
        write(entry, { status: 'error', error, fetching: false });
        observer.onError?.(error);
      },
    );
  };

  const drop = (hash: string, entry: Entry) => {
    entries.delete(hash);
    const controller = entry.controller;
    entry.controller = undefined;
    controller?.abort();
  };

  const matching = (prefix: QueryKey) => [...entries].filter(([, entry]) => startsWith(entry.key, prefix));

  return {
    read: <T>(key: QueryKey) => (entries.get(hashKey(key))?.state ?? PENDING) as QueryState<T>,

    observe(key, observer) {
      const hash = hashKey(key);
      let entry = entries.get(hash);
      if (!entry) {
        entry = { key, state: PENDING, observers: new Set() };
        entries.set(hash, entry);
      }
      const watched = entry;
      clearTimeout(watched.release);
      watched.observers.add(observer as QueryObserver);
      if (watched.state.status !== 'success' && !watched.controller) run(watched, observer as QueryObserver);
      return () => {
        watched.observers.delete(observer as QueryObserver);
        if (watched.observers.size) return;
        // Released a task later, so a component that unmounts and mounts again at once (React's
        // StrictMode, a move in the tree) keeps its request instead of sending it twice.
        watched.release = setTimeout(() => {
          if (!watched.observers.size && entries.get(hash) === watched) drop(hash, watched);
        }, 0);
      };
    },

    refetch(key) {
      const entry = entries.get(hashKey(key));
      if (entry) run(entry);
    },

    invalidate(prefix) {
      for (const [hash, entry] of matching(prefix)) {
        if (entry.observers.size) run(entry);
        else drop(hash, entry);
      }
    },

    setData<T>(prefix: QueryKey, update: (data: T) => T) {
      const changes: Array<{ entry: Entry; before: unknown; after: unknown }> = [];
      for (const [, entry] of matching(prefix)) {
        if (entry.state.status !== 'success') continue;
        const before = entry.state.data;
        const after = update(before as T);
        changes.push({ entry, before, after });
        write(entry, { data: after });
      }
      return () => {
        for (const { entry, before, after } of changes) {
          if (entry.state.data === after) write(entry, { data: before });
          else if (entry.observers.size) run(entry);
        }
      };
    },
  };
}
