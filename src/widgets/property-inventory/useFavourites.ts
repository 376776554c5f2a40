/**
 * Favourites (docs/product/data.md: whole property objects kept only in the browser) through the
 * runtime's storage, so the key carries the namespace's prefix and every widget of the namespace —
 * in this tab or another — sees the same list.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { Property } from '../../contract';
import type { StorageApi } from '../../core';
import { useRuntime } from '../../runtime';
import { readFavourites, sameFavourites, toggleFavourite } from './propertiesModel';

/** The storage key, under the namespace's prefix (`estatedesk.favourites` by default). */
export const FAVOURITES_KEY = 'favourites';

interface FavouritesStore {
  get(): Property[];
  set(next: Property[]): void;
  subscribe(listener: () => void): () => void;
}

// One store per storage (per namespace): every mount of the namespace shares its listeners.
const stores = new WeakMap<StorageApi, FavouritesStore>();

function storeFor(storage: StorageApi): FavouritesStore {
  let store = stores.get(storage);
  if (store) return store;
  let current = readFavourites(storage.get(FAVOURITES_KEY));
  const listeners = new Set<() => void>();
  let stopExternal: (() => void) | null = null;
  const notify = () => listeners.forEach((l) => l());
  store = {
    get: () => current,
    set(next) {
      if (sameFavourites(next, current)) return;
      current = next;
      storage.set(FAVOURITES_KEY, next);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      // Another tab's write (or a sign-out clearing storage) replaces ours.
      stopExternal ??= storage.onExternalChange(({ key }) => {
        if (key !== null && key !== FAVOURITES_KEY) return;
        current = readFavourites(storage.get(FAVOURITES_KEY));
        notify();
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopExternal?.();
          stopExternal = null;
        }
      };
    },
  };
  stores.set(storage, store);
  return store;
}

export interface Favourites {
  list: Property[];
  toggle(property: Property): void;
  replace(next: Property[]): void;
}

/**
 * @example
 * const favourites = useFavourites();
 * <button onClick={() => favourites.toggle(property)}>♥</button>
 */
export function useFavourites(): Favourites {
  const store = storeFor(useRuntime().storage);
  const list = useSyncExternalStore(store.subscribe, store.get, store.get);
  const toggle = useCallback((property: Property) => store.set(toggleFavourite(store.get(), property)), [store]);
  const replace = useCallback((next: Property[]) => store.set(next), [store]);
  return { list, toggle, replace };
}
