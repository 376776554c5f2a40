/**
 * Changing data from a component: the call, its busy and error state (and which item is being
 * changed), an optional optimistic edit of the cache that is undone when the call fails, and the
 * reload of the lists it touched (by key prefix) once it succeeds.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { QueryCache, QueryKey } from './queryCache';
import { useQueryCache } from './useQueryCache';

export interface UseMutationOptions<V, R> {
  mutate: (variables: V) => Promise<R>;
  /** Edits shown data before the call through `setData` (the cache's); every edit is undone if it fails. */
  optimistic?: (variables: V, setData: QueryCache['setData']) => void;
  /** Key prefixes whose queries reload after a success. */
  invalidates?: readonly QueryKey[] | ((result: R, variables: V) => readonly QueryKey[]);
  onSuccess?: (result: R, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
}

export interface MutationResult<V, R> {
  /** Runs the call; a failure goes to `onError` and resolves `undefined` (for handlers that do not wait). */
  mutate(variables: V): Promise<R | undefined>;
  /** Runs the call and rejects when it fails (for forms, which show the failure on their fields). */
  mutateAsync(variables: V): Promise<R>;
  /** True while a call is in flight. */
  busy: boolean;
  /** The variables of the latest call in flight (the row being changed), else `null`. */
  pending: V | null;
  /** The last call's failure, until the next call or `reset()`; `null` after a success. */
  error: unknown;
  /** Forgets the last failure. */
  reset(): void;
}

/**
 * @example
 * const save = useMutation({ mutate: (lead: Lead) => api.setSource(lead.id, lead.lead_source), invalidates: [['leads', 'list']] });
 * <select onChange={() => void save.mutate(lead)} disabled={save.busy} />
 */
export function useMutation<V, R = unknown>(options: UseMutationOptions<V, R>): MutationResult<V, R> {
  const cache = useQueryCache();
  const latest = useRef(options);
  latest.current = options;
  const [running, setRunning] = useState(0);
  const [pending, setPending] = useState<{ variables: V } | null>(null);
  const [error, setError] = useState<unknown>(null);

  const mutateAsync = useCallback(
    async (variables: V): Promise<R> => {
      const { mutate, optimistic, invalidates, onSuccess, onError } = latest.current;
      const undo: Array<() => void> = [];
      optimistic?.(variables, (prefix, update) => {
        const back = cache.setData(prefix, update);
        undo.unshift(back);
        return back;
      });
      setRunning((n) => n + 1);
      setPending({ variables });
      setError(null);
      try {
        const result = await mutate(variables);
        const touched = typeof invalidates === 'function' ? invalidates(result, variables) : (invalidates ?? []);
        for (const prefix of touched) cache.invalidate(prefix);
        onSuccess?.(result, variables);
        return result;
      } catch (error) {
        for (const back of undo) back();
        setError(error);
        onError?.(error, variables);
        throw error;
      } finally {
        setRunning((n) => n - 1);
        setPending((current) => (current?.variables === variables ? null : current));
      }
    },
    [cache],
  );

  const mutate = useCallback((variables: V) => mutateAsync(variables).catch(() => undefined), [mutateAsync]);
  const reset = useCallback(() => setError(null), []);
  return useMemo(
    () => ({ mutate, mutateAsync, busy: running > 0, pending: pending ? pending.variables : null, error, reset }),
    [mutate, mutateAsync, running, pending, error, reset],
  );
}
