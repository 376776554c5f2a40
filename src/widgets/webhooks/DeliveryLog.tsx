/**
 * One webhook's delivery log (docs/webhooks.md, "The delivery log"): its address and state on
 * top, then every delivery newest first, paged with "Load more", each with "Send again" — the
 * server's resend, which tries it at once whatever its status and answers the attempt's outcome.
 */
import { useCallback, type ReactElement } from 'react';
import { MESSAGES, type Delivery } from '../../contract';
import { isApiError, serverMessage } from '../../core/ApiError';
import { Link, useMutation, useParams, useQuery, useToast } from '../../runtime';
import { usePreferences } from '../../runtime/usePreferences';
import { Badge, Button, ErrorState, Icon, ResourceList, ResourcePage } from '../../ui';
import { DeliveriesTable } from './DeliveriesTable';
import { useDeliveries } from './useDeliveries';
import { useWebhooksApi } from './webhooksApi';
import { DELIVERY_STATUS_WORDS, kindsSummary, webhookKeys, WEBHOOK_TEXT } from './webhooksModel';
import { webhooksStyles } from './webhooksStyles';
import { useWebhooksLive } from './useWebhooksLive';
import { WEBHOOK_SCREENS } from './widget';

/** Under the table: how much of the log is shown. */
const shownText = (count: number, more: boolean): string =>
  more ? `Showing the ${count} newest deliveries` : count === 1 ? 'Showing 1 delivery' : `Showing all ${count} deliveries`;

/**
 * @example
 * <Route path={WEBHOOK_SCREENS.deliveries.path} component={DeliveryLog} />
 */
export function DeliveryLog({ className }: { className?: string }): ReactElement {
  const { id = '' } = useParams<{ id: string }>();
  const api = useWebhooksApi();
  const toast = useToast();
  const s = webhooksStyles();
  const { date_format } = usePreferences();
  useWebhooksLive();
  // The list names the webhook (its address and state); it is usually in the cache already.
  const webhooks = useQuery(webhookKeys.list, (signal) => api.list(signal));
  const webhook = webhooks.data?.find((one) => String(one.id) === id);
  const log = useDeliveries(api, id);
  const resend = useMutation({
    mutate: (delivery: Delivery) => api.resend(delivery.id),
    invalidates: [webhookKeys.list],
    onSuccess: (delivery) => {
      log.replace(delivery);
      // The call went through either way; whether the receiver took it is what the person needs to hear.
      const said = `${MESSAGES.webhooks.resent}: ${DELIVERY_STATUS_WORDS[delivery.status].toLowerCase()}`;
      if (delivery.status === 'succeeded') toast.success(said);
      else toast.error(said);
    },
    onError: (error) => {
      console.error(error);
      toast.error(serverMessage(error, WEBHOOK_TEXT.resendFailed));
    },
  });
  const onResend = useCallback((delivery: Delivery) => void resend.mutate(delivery), [resend]);

  const back = (
    <Link to={WEBHOOK_SCREENS.list.href()} className={`${s.link} ${s.back}`}>
      <Icon name="chevronLeft" /> All webhooks
    </Link>
  );
  const gone = (isApiError(log.first.error) && log.first.error.status === 404) || (webhooks.status === 'success' && !webhook);

  return (
    <ResourcePage title="Webhook deliveries" className={className} actions={back}>
      {gone ? (
        <ErrorState message={WEBHOOK_TEXT.notFound} />
      ) : (
        <>
          {webhook && (
            <p className={s.summary}>
              <span className={s.urlText}>{webhook.url}</span>
              <Badge colour={webhook.active ? 'green' : 'grey'}>{webhook.active ? 'Active' : 'Paused'}</Badge>
              <span className={s.small}>{kindsSummary(webhook.kinds).join('; ')}</span>
            </p>
          )}
          <ResourceList failed={log.first.status === 'error'} errorMessage={WEBHOOK_TEXT.deliveriesFailed} onRetry={log.first.refetch}>
            <DeliveriesTable deliveries={log.deliveries} loading={log.first.loading} dateFormat={date_format} resending={resend.pending} onResend={onResend} />
            {log.deliveries.length > 0 && (
              <div className={s.more}>
                <span aria-live="polite">{shownText(log.deliveries.length, log.hasMore)}</span>
                {log.hasMore && (
                  <Button variant="secondary" busy={log.loadingMore} busyLabel="Loading..." onClick={log.loadMore}>
                    Load more
                  </Button>
                )}
              </div>
            )}
          </ResourceList>
        </>
      )}
    </ResourcePage>
  );
}
