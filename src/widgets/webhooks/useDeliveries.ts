/**
 * One webhook's delivery log: the first page through the query cache (shared, read again by Try
 * again, a resend and live updates), then "Load more" pages after it, each asked from the `next`
 * of the one before. Pages already loaded stay when the first is read again, so a live update
 * never takes the person back to the top; a resend's answer replaces its row at once.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Delivery, Id } from '../../contract';
import { useNextPage, useQuery, useToast, type QueryResult } from '../../runtime';
import type { DeliveryPage, WebhooksApi } from './webhooksApi';
import { joinPages, webhookKeys, WEBHOOK_TEXT } from './webhooksModel';

export interface DeliveriesState {
  first: QueryResult<DeliveryPage>;
  /** Every delivery shown, newest first. */
  deliveries: Delivery[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  /** Shows a delivery as a call just answered it (a resend). */
  replace(delivery: Delivery): void;
}

/** Of two copies of a delivery, the one that has seen more attempts; the one read last on a tie. */
const newer = (read: Delivery, known: Delivery | undefined): Delivery => (known && known.attempt > read.attempt ? known : read);

/**
 * @example
 * const log = useDeliveries(api, 4);
 * <Button onClick={log.loadMore} disabled={!log.hasMore}>Load more</Button>
 */
export function useDeliveries(api: WebhooksApi, webhookId: Id): DeliveriesState {
  const toast = useToast();
  const first = useQuery(webhookKeys.deliveries(webhookId), (signal) => api.deliveries(webhookId, null, signal), {
    onError: () => toast.error(WEBHOOK_TEXT.deliveriesFailed),
  });
  const [older, setOlder] = useState<{ pages: Delivery[][]; next: number | null } | null>(null);
  const [answered, setAnswered] = useState<ReadonlyMap<number, Delivery>>(new Map());
  const nextPage = useNextPage(
    (cursor, signal) => api.deliveries(webhookId, cursor, signal),
    (page) => setOlder((prev) => ({ pages: [...(prev?.pages ?? []), page.data], next: page.next })),
    () => toast.error(WEBHOOK_TEXT.deliveriesFailed),
    String(webhookId),
  );

  // A first page read again may have moved past rows the older pages do not hold (new deliveries
  // pushed them out of it): with older pages shown, the previous first page stays among them.
  const previous = useRef<DeliveryPage | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = first.data;
    if (before && first.data && before !== first.data) setOlder((prev) => (prev ? { ...prev, pages: [before.data, ...prev.pages] } : prev));
  }, [first.data]);

  const next = older ? older.next : (first.data?.next ?? null);
  const loadMore = useCallback(() => {
    if (next !== null) nextPage.load(next);
  }, [next, nextPage.load]);

  const replace = useCallback((delivery: Delivery) => setAnswered((prev) => new Map(prev).set(delivery.id, delivery)), []);
  const deliveries = useMemo(
    () => joinPages([first.data?.data ?? [], ...(older?.pages ?? [])]).map((delivery) => newer(delivery, answered.get(delivery.id))),
    [first.data, older, answered],
  );
  return { first, deliveries, hasMore: first.status === 'success' && next !== null, loadingMore: nextPage.loadingMore, loadMore, replace };
}
