/**
 * The data cache of the runtime in context: one per runtime (namespace), kept beside it, so two
 * namespaces on a page never share data and a disposed runtime's cache goes with it.
 */
import type { Runtime } from '../core';
import { createQueryCache, type QueryCache } from './queryCache';
import { useRuntime } from './useRuntime';

const caches = new WeakMap<Runtime, QueryCache>();

/**
 * The cache of `runtime`, made on first use.
 *
 * @example
 * queryCacheOf(runtime).invalidate(['leads']);
 */
export function queryCacheOf(runtime: Runtime): QueryCache {
  let cache = caches.get(runtime);
  if (!cache) {
    cache = createQueryCache();
    caches.set(runtime, cache);
  }
  return cache;
}

/**
 * The data cache of the runtime in context.
 *
 * @example
 * const cache = useQueryCache();
 * cache.invalidate(['leads', 'list']);
 */
export function useQueryCache(): QueryCache {
  return queryCacheOf(useRuntime('useQueryCache'));
}
