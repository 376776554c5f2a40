/**
 * The company's webhooks: Address (and its newest delivery), Events, Status (active or paused),
 * Created, and the actions — the delivery log, edit, a new secret, delete. Below 560 px each
 * webhook is a card.
 */
import { useMemo, type ReactElement } from 'react';
import type { DateFormat, Webhook } from '../../contract';
import { Link } from '../../runtime';
import { Badge, CardTable, dataTableColumns, Icon, IconButton, type DataTableColumn, type TableCards } from '../../ui';
import { DELIVERY_STATUS_WORDS, kindsSummary, whenText, WEBHOOK_TEXT } from './webhooksModel';
import { webhooksStyles } from './webhooksStyles';
import { WEBHOOK_SCREENS } from './widget';

export interface WebhooksTableProps {
  webhooks: readonly Webhook[];
  loading: boolean;
  dateFormat: DateFormat;
  onEdit(webhook: Webhook): void;
  onRotate(webhook: Webhook): void;
  onDelete(webhook: Webhook): void;
}

/** On a phone: the address and its state on top, then the events, when it was made and the actions (a line of their own, so they never squeeze the address). */
const CARDS: TableCards = { columns: 'minmax(0, 1fr) auto', areas: "'url status' 'kinds kinds' 'created created' 'actions actions'", gap: '6px 8px' };

/** The newest delivery in a line: "Last delivery: Delivered, 5 Nov 2026, 14:05". */
function lastDeliveryText(webhook: Webhook, dateFormat: DateFormat): string {
  const last = webhook.last_delivery;
  if (!last) return 'Nothing sent yet';
  const when = last.delivered_at ? `, ${whenText(last.delivered_at, dateFormat)}` : '';
  const answer = last.response_status === null ? '' : ` (HTTP ${last.response_status})`;
  return `Last delivery: ${DELIVERY_STATUS_WORDS[last.status]}${when}${answer}`;
}

/**
 * @example
 * <WebhooksTable webhooks={list} loading={false} dateFormat="d mmm yyyy" onEdit={edit} onRotate={rotate} onDelete={remove} />
 */
export function WebhooksTable({ webhooks, loading, dateFormat, onEdit, onRotate, onDelete }: WebhooksTableProps): ReactElement {
  const s = webhooksStyles();
  const columns = useMemo(() => {
    const col = dataTableColumns<Webhook>();
    const list: DataTableColumn<Webhook>[] = [
      col.display({
        id: 'url',
        header: 'Address',
        meta: { area: 'url' },
        cell: ({ row }) => (
          <span className={s.url}>
            <span className={s.urlText}>{row.original.url}</span>
            <span className={s.small}>{lastDeliveryText(row.original, dateFormat)}</span>
          </span>
        ),
      }),
      col.display({
        id: 'kinds',
        header: 'Events',
        meta: { area: 'kinds' },
        cell: ({ row }) => (
          <ul className={s.kinds} aria-label="Events sent">
            {kindsSummary(row.original.kinds).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ),
      }),
      col.display({
        id: 'status',
        header: 'Status',
        meta: { area: 'status', nowrap: true },
        cell: ({ row }) => <Badge colour={row.original.active ? 'green' : 'grey'}>{row.original.active ? 'Active' : 'Paused'}</Badge>,
      }),
      col.display({
        id: 'created',
        header: 'Created',
        meta: { area: 'created', nowrap: true },
        cell: ({ row }) => (
          <time className={s.when} dateTime={row.original.created_at}>
            {whenText(row.original.created_at, dateFormat)}
          </time>
        ),
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        meta: { align: 'right', nowrap: true, area: 'actions' },
        cell: ({ row }) => {
          const webhook = row.original;
          return (
            <div className={`${s.actions} ${s.cardActions}`}>
              <Link to={WEBHOOK_SCREENS.deliveries.href({ id: webhook.id })} className={s.link} aria-label={`Deliveries to ${webhook.url}`}>
                Deliveries
              </Link>
              <IconButton aria-label={`Edit ${webhook.url}`} title="Edit" variant="ghost" size="sm" onClick={() => onEdit(webhook)}>
                <Icon name="edit" />
              </IconButton>
              <IconButton aria-label={`New secret for ${webhook.url}`} title="New signing secret" variant="ghost" size="sm" onClick={() => onRotate(webhook)}>
                <Icon name="refresh" />
              </IconButton>
              <IconButton aria-label={`Delete ${webhook.url}`} title="Delete" variant="ghost" size="sm" onClick={() => onDelete(webhook)}>
                <Icon name="trash" />
              </IconButton>
            </div>
          );
        },
      }),
    ];
    return list;
  }, [s, dateFormat, onEdit, onRotate, onDelete]);

  return (
    <CardTable
      columns={columns}
      data={webhooks}
      getRowId={(webhook) => String(webhook.id)}
      loading={loading}
      loadingText={WEBHOOK_TEXT.loading}
      emptyText={WEBHOOK_TEXT.empty}
      aria-label="Webhooks"
      cards={CARDS}
      className={s.table}
    />
  );
}
