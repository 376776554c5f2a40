/**
 * Live updates on the webhooks screen. A webhook's own changes never reach the live stream
 * (docs/activity.md), but every change a webhook may be sent does: shortly after one, the
 * delivery worker (about once a second, docs/webhooks.md) has made its deliveries and tried them,
 * so the list's "Last delivery" and an open delivery log are read again then — and once more
 * after an attempt's time limit, for a receiver slow to answer.
 */
import { useEffect, useRef } from 'react';
import { WEBHOOK_LIMITS } from '../../contract';
import { useLiveUpdates, useQueryCache } from '../../runtime';
import { webhookKeys } from './webhooksModel';

/** After a change: when its deliveries have been made and tried, and when a slow attempt has ended. */
export const LIVE_RELOADS_MS = [1_500, WEBHOOK_LIMITS.timeoutMs + 1_500] as const;

/**
 * @example useWebhooksLive();
 */
export function useWebhooksLive(): void {
  const cache = useQueryCache();
  const timers = useRef<{ soon: ReturnType<typeof setTimeout> | null; late: ReturnType<typeof setTimeout> | null }>({ soon: null, late: null });
  useLiveUpdates((message) => {
    // Sign-ins and webhook changes are never sent to webhooks.
    if (!message.reset && ['session', 'webhook'].includes(message.event.record_type)) return;
    const t = timers.current;
    const reload = () => cache.invalidate(webhookKeys.all);
    // A burst of changes reloads once soon after its first, and once after its last's attempts.
    t.soon ??= setTimeout(() => {
      t.soon = null;
      reload();
    }, LIVE_RELOADS_MS[0]);
    if (t.late) clearTimeout(t.late);
    t.late = setTimeout(() => {
      t.late = null;
      reload();
    }, LIVE_RELOADS_MS[1]);
  });
  useEffect(() => {
    const t = timers.current;
    return () => {
      if (t.soon) clearTimeout(t.soon);
      if (t.late) clearTimeout(t.late);
    };
  }, []);
}
