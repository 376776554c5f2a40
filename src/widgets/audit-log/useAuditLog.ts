/**
 * The audit log's events for a filter set: the first page through the query cache (shared,
 * aborted when the filters change, asked again by Retry), then "Load more" pages after it, each
 * asked from the `next` of the one before. Another filter set starts again from its first page.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MESSAGES, type ActivityEvent } from '../../contract';
import { useNextPage, useQuery, useToast, type QueryResult } from '../../runtime';
import type { AuditApi } from './auditApi';
import { auditKeys, auditQuery, joinPages, type AuditFilters } from './auditModel';

export interface AuditLogState {
  first: QueryResult<{ data: ActivityEvent[]; next: number | null }>;
  /** Every event shown, newest first. */
  events: ActivityEvent[];
  /** Whether there is a page after the shown ones. */
  hasMore: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  loadMore(): void;
}

interface More {
  /** The filter set these pages belong to. */
  key: string;
  pages: ActivityEvent[][];
  next: number | null;
}

/**
 * @example
 * const log = useAuditLog(api, filters);
 * <Button onClick={log.loadMore} disabled={!log.hasMore}>Load more</Button>
 */
export function useAuditLog(api: AuditApi, filters: AuditFilters): AuditLogState {
  const toast = useToast();
  const key = auditKeys.page(filters, null);
  const keyText = key.join('|');
  const first = useQuery(key, (signal) => api.list(auditQuery(filters), signal), {
    onError: () => toast.error(MESSAGES.activity.auditFailed),
  });
  const [more, setMore] = useState<More | null>(null);
  const nextPage = useNextPage(
    (cursor, signal) => api.list(auditQuery(filters, cursor), signal),
    (page) => setMore((prev) => ({ key: keyText, pages: [...(prev && prev.key === keyText ? prev.pages : []), page.data], next: page.next })),
    () => toast.error(MESSAGES.activity.auditFailed),
    keyText,
  );

  // Pages of another filter set, or of a first page asked again, are not this list's.
  const mine = more && more.key === keyText && first.status === 'success' ? more : null;
  useEffect(() => {
    if (first.fetching) setMore(null);
  }, [first.fetching]);

  const next = mine ? mine.next : (first.data?.next ?? null);
  const loadMore = useCallback(() => {
    if (next !== null) nextPage.load(next);
  }, [next, nextPage.load]);

  const events = useMemo(() => joinPages([first.data?.data ?? [], ...(mine?.pages ?? [])]), [first.data, mine]);
  return { first, events, hasMore: first.status === 'success' && next !== null, loadingMore: nextPage.loadingMore, loadMore };
}
