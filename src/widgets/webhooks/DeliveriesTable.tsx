/**
 * A webhook's delivery log, newest first: the Event (its kind in words and its id in the activity
 * log), When its last attempt was made, Attempts, Status (delivered, retrying with the next try's
 * time, given up, waiting), the receiver's Answer (HTTP status and time taken), the Error, and
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

/** On a phone: the event and its status on top, then when, the answer and the error, then the attempts and Send again. */
const CARDS: TableCards = { columns: 'minmax(0, 1fr) auto', areas: "'event status' 'when when' 'answer answer' 'error error' 'attempts actions'", gap: '4px 8px' };

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
        id: 'when',
        header: 'When',
        meta: { area: 'when', nowrap: true },
        cell: ({ row }) => {
          const at = row.original.delivered_at;
          return at ? (
            <time className={s.when} dateTime={at}>
              {whenText(at, dateFormat)}
            </time>
          ) : (
            <span className={s.when}>Not tried yet</span>
          );
        },
      }),
      col.display({
        id: 'attempts',
        header: 'Attempts',
        meta: { area: 'attempts', nowrap: true },
        cell: ({ row }) => (
          <span>
            {row.original.attempt}
            <span className={s.small}> {row.original.attempt === 1 ? 'attempt' : 'attempts'}</span>
          </span>
        ),
      }),
      col.display({
        id: 'status',
        header: 'Status',
        meta: { area: 'status', nowrap: true },
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
        id: 'answer',
        header: 'Answer',
        meta: { area: 'answer', nowrap: true },
        cell: ({ row }) => <span>{row.original.attempt === 0 ? '—' : answerText(row.original.response_status, row.original.duration_ms)}</span>,
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
