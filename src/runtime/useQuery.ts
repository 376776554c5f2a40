/**
 * Loading data into a component: the state of one key of the runtime's cache. The request is
 * made once however many components show the key, aborted when the key changes or the last of
 * them unmounts, and made again by `refetch()` or when a change invalidates the key.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { hashKey, IDLE, type QueryKey, type QueryState } from './queryCache';
import { useQueryCache } from './useQueryCache';

export interface UseQueryOptions {
  /** Called once per failed request (not for aborted ones), e.g. to toast the product's message. */
  onError?: (error: unknown) => void;
}

export interface QueryResult<T> extends QueryState<T> {
  /** True until the key's first answer (false for a query switched off with a `null` key). */
  loading: boolean;
  /** Asks again, replacing a request in flight. */
  refetch(): void;
}

/**
 * @example
 * const lead = useQuery(id === null ? null : ['leads', 'one', id], (signal) => api.getLead(id!, signal));
 * if (lead.loading) return <LoadingState />;
 */
export function useQuery<T>(key: QueryKey | null, fetch: (signal: AbortSignal) => Promise<T>, options: UseQueryOptions = {}): QueryResult<T> {
  const cache = useQueryCache();
  const latest = useRef({ fetch, options });
  latest.current = { fetch, options };
  const hash = key ? hashKey(key) : null;

  // `key` is the same whenever `hash` is: the callbacks below change with the key's text.
  const subscribe = useCallback(
    (changed: () => void) =>
      key
        ? cache.observe<T>(key, {
            fetch: (signal) => latest.current.fetch(signal),
            onError: (error) => latest.current.options.onError?.(error),
            changed,
          })
        : () => undefined,
    [cache, hash],
  );
  const snapshot = useCallback((): QueryState<T> => (key ? cache.read<T>(key) : IDLE), [cache, hash]);
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const refetch = useCallback(() => {
    if (key) cache.refetch(key);
  }, [cache, hash]);
  return { ...state, loading: state.status === 'loading', refetch };
}
