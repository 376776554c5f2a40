/**
 * "Load more" for a list read a page at a time: one further page in flight at most, aborted when
 * `resetKey` changes (another filter set) or the component goes. Which pages are kept, and how,
 * is the caller's (`onPage`); a failure is told once through `onError` and logged.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface NextPage {
  /** A further page is on its way. */
  loadingMore: boolean;
  /** Asks the page after `cursor`; does nothing while one is on its way. */
  load(cursor: number): void;
}

/**
 * @example
 * const more = useNextPage((next, signal) => api.list({ before: next }, signal), (page) => setPages((p) => [...p, page]), () => toast.error(M.failed), filtersKey);
 * <Button onClick={() => more.load(next)} loading={more.loadingMore}>Load more</Button>
 */
export function useNextPage<P>(
  fetchPage: (cursor: number, signal: AbortSignal) => Promise<P>,
  onPage: (page: P) => void,
  onError: () => void,
  resetKey = '',
): NextPage {
  const [loadingMore, setLoadingMore] = useState(false);
  const pending = useRef<AbortController | null>(null);
  // The latest callbacks, so `load` keeps its identity while they are written inline.
  const latest = useRef({ fetchPage, onPage, onError });
  latest.current = { fetchPage, onPage, onError };

  useEffect(() => {
    pending.current?.abort();
    pending.current = null;
    setLoadingMore(false);
  }, [resetKey]);
  useEffect(() => () => pending.current?.abort(), []);

  const load = useCallback((cursor: number) => {
    if (pending.current) return;
    const controller = new AbortController();
    pending.current = controller;
    setLoadingMore(true);
    latest.current
      .fetchPage(cursor, controller.signal)
      .then((page) => {
        if (!controller.signal.aborted) latest.current.onPage(page);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        latest.current.onError();
      })
      .finally(() => {
        if (pending.current !== controller) return;
        pending.current = null;
        setLoadingMore(false);
      });
  }, []);

  return { loadingMore, load };
}
