/**
 * Colleagues' changes in a widget (docs/activity.md): reload what a change makes stale, and tell
 * an open edit form that its record changed under it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '../contract';
import type { LiveMessage } from '../core';
import type { QueryKey } from './queryCache';
import { queryCacheOf } from './useQueryCache';
import { useRuntime } from './useRuntime';

/** Reloads after a burst of changes once, not once per change (a bulk status change sends one per lead). */
export const COALESCE_MS = 150;

/**
 * Listens to the namespace's live updates while mounted; `listener` may change between renders.
 * @example useLiveUpdates((message) => console.log(message));
 */
export function useLiveUpdates(listener: (message: LiveMessage) => void): void {
  const runtime = useRuntime('useLiveUpdates');
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => runtime.live.subscribe((message) => latest.current(message)), [runtime]);
}

/**
 * Reloads the cache keys under `prefixes` when a change of one of `recordTypes` arrives (and
 * everything after a `reset`). Keys nobody watches are only forgotten.
 *
 * @example useLiveReload(['lead', 'import'], [leadKeys.lists]);
 */
export function useLiveReload(recordTypes: readonly string[], prefixes: readonly QueryKey[]): void {
  const runtime = useRuntime('useLiveReload');
  const types = recordTypes.join(',');
  const keys = JSON.stringify(prefixes);
  useEffect(() => {
    const cache = queryCacheOf(runtime);
    const wanted = new Set(types.split(','));
    const reload = JSON.parse(keys) as QueryKey[];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = runtime.live.subscribe((message) => {
      if (!message.reset && !wanted.has(message.event.record_type)) return;
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        for (const prefix of reload) cache.invalidate(prefix);
      }, COALESCE_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [runtime, types, keys]);
}

/**
 * The latest change of one record by someone else since the form opened, or null: the edit form
 * says "Changed by {name} just now" and offers to reload, and never overwrites what is typed.
 *
 * @example const change = useRecordChanged('lead', lead.id, session.user?.id);
 */
export function useRecordChanged(recordType: string, recordId: number | string | null | undefined, ownUserId: number | string | null | undefined): { event: LiveEvent | null; clear(): void } {
  const [event, setEvent] = useState<LiveEvent | null>(null);
  useLiveUpdates((message) => {
    if (message.reset || recordId == null) return;
    const change = message.event;
    if (change.record_type !== recordType || String(change.record_id) !== String(recordId)) return;
    // One's own saves are not news; a deletion or a note is told like any change.
    if (ownUserId != null && String(change.actor_id) === String(ownUserId)) return;
    setEvent(change);
  });
  const clear = useCallback(() => setEvent(null), []);
  return { event, clear };
}
