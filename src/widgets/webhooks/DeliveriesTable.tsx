/**
 * A webhook's delivery log, newest first: the Event (its kind in words and its id in the activity
 * log), Status (delivered, retrying with the next try's time, given up, waiting), the Last attempt
 * (when, how many attempts so far, the receiver's HTTP status and time taken), the Error, and
 * "Send again". Below 560 px each delivery is a card.
 */
import { useMemo, type ReactElement } from 'react';
import type { DateFormat, Delivery } from '../../contract';
import { Badge, Button, CardTable, dataTableColumns, type DataTableColumn, type TableCards } from '../../ui';
import { answerText, DELIVERY_STATUS_COLOURS, DELIVERY_STATUS_WORDS, kindLabel, whenText, WEBHOOK_TEXT } from './webhooksModel';
import { webhooksStyles } from './webhooksStyles';

export interface DeliveriesTableProps {
  deliveries: readonly Delivery[];
  loading: boolean;
  dateFormat: DateFormat;
  /** The delivery being sent again, if any. */
  resending: Delivery | null;
  onResend(delivery: Delivery): void;
}

/** On a phone: one line under another, Send again last (a side column would squeeze the event). */
const CARDS: TableCards = { columns: 'minmax(0, 1fr)', areas: "'event' 'status' 'attempt' 'error' 'actions'", gap: '6px' };

/**
 * @example
 * <DeliveriesTable deliveries={log.deliveries} loading={false} dateFormat="d mmm yyyy" resending={null} onResend={resend} />
 */
export function DeliveriesTable({ deliveries, loading, dateFormat, resending, onResend }: DeliveriesTableProps): ReactElement {
  const s = webhooksStyles();
  const columns = useMemo(() => {
    const col = dataTableColumns<Delivery>();
    const list: DataTableColumn<Delivery>[] = [
      col.display({
        id: 'event',
        header: 'Event',
        meta: { area: 'event' },
        cell: ({ row }) => (
          <span className={s.url}>
            <span className={s.urlText}>{kindLabel(row.original.action)}</span>
            <span className={s.small}>
              <code className={s.code}>{row.original.action}</code> · event #{row.original.event_id} · delivery #{row.original.id}
            </span>
          </span>
        ),
      }),
      col.display({
        id: 'status',
        header: 'Status',
        meta: { area: 'status' },
        cell: ({ row }) => (
          <span className={s.status}>
            <Badge colour={DELIVERY_STATUS_COLOURS[row.original.status]}>{DELIVERY_STATUS_WORDS[row.original.status]}</Badge>
            {row.original.status === 'failed' && row.original.next_attempt_at && (
              <span className={s.small}>Next try {whenText(row.original.next_attempt_at, dateFormat)}</span>
            )}
          </span>
        ),
      }),
      col.display({
        id: 'attempt',
        header: 'Last attempt',
        meta: { area: 'attempt' },
        cell: ({ row }) => {
          const { delivered_at: at, attempt } = row.original;
          if (!at) return <span className={s.small}>Not tried yet</span>;
          return (
            <span className={s.attempt}>
              <span>
                <time className={s.when} dateTime={at}>
                  {whenText(at, dateFormat)}
                </time>
                <span className={s.small}> · {attempt === 1 ? '1 attempt' : `${attempt} attempts`}</span>
              </span>
              <span>{answerText(row.original.response_status, row.original.duration_ms)}</span>
            </span>
          );
        },
      }),
      col.display({
        id: 'error',
        header: 'Error',
        meta: { area: 'error' },
        cell: ({ row }) => (row.original.error ? <span className={s.error}>{row.original.error}</span> : <span className={s.small}>—</span>),
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        meta: { align: 'right', nowrap: true, area: 'actions' },
        cell: ({ row }) => {
          const busy = resending?.id === row.original.id;
          return (
            <Button
              variant="secondary"
              size="sm"
              busy={busy}
              busyLabel="Sending..."
              disabled={resending !== null && !busy}
              aria-label={busy ? undefined : `Send again delivery #${row.original.id}`}
              onClick={() => onResend(row.original)}
            >
              Send again
            </Button>
          );
        },
      }),
    ];
    return list;
  }, [s, dateFormat, resending, onResend]);

  return (
    <CardTable
      columns={columns}
      data={deliveries}
      getRowId={(delivery) => String(delivery.id)}
      loading={loading}
      loadingText={WEBHOOK_TEXT.loadingDeliveries}
      emptyText={WEBHOOK_TEXT.noDeliveries}
      aria-label="Deliveries"
      cards={CARDS}
      className={s.table}
    />
  );
}
