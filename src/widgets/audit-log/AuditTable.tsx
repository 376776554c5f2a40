/**
 * The audit log's table, newest first: When (the person's date format and the time), Who, Action
 * in words ("changed the status of"), the Record (as the log named it; a link to its whole
 * history), and Changes — every changed field's before → after, and what else the event carries.
 * Below 560 px each event is a card.
 */
import { useMemo, type ReactElement } from 'react';
import { MESSAGES, type ActivityEvent, type DateFormat } from '../../contract';
import { Link } from '../../runtime';
import { CardTable, dataTableColumns, type DataTableColumn, type TableCards } from '../../ui';
import { actionWords, actorText, changeLines, changeText, detailLines, recordNoun, recordText, whenText, type ChangeLine } from './auditWords';
import { auditStyles } from './auditStyles';

export interface AuditTableProps {
  events: readonly ActivityEvent[];
  loading: boolean;
  dateFormat: DateFormat;
  /** The address of a record's history (`null`: no link, a record without an id). */
  historyHref(event: ActivityEvent): string | null;
}

/** On a phone: who and when on top, then what they did, to which record, and the changes. */
const CARDS: TableCards = { columns: 'minmax(0, 1fr) auto', areas: "'who when' 'action action' 'record record' 'changes changes'", gap: '4px 8px' };

function Change({ line }: { line: ChangeLine }): ReactElement {
  const s = auditStyles();
  if (line.kind === 'list') {
    // "Permissions: added lead-edit; removed lead-delete": the words after the label.
    return (
      <li>
        <b>{line.label}:</b> {changeText(line).slice(line.label.length + 2)}
      </li>
    );
  }
  return (
    <li>
      <b>{line.label}:</b> <span className={s.before}>{line.before}</span>
      <span className={s.arrow}> → </span>
      <span className={s.after}>{line.after}</span>
    </li>
  );
}

/**
 * @example
 * <AuditTable events={events} loading={false} dateFormat="dd/mm/yyyy" historyHref={(e) => auditLogHref(e)} />
 */
export function AuditTable({ events, loading, dateFormat, historyHref }: AuditTableProps): ReactElement {
  const s = auditStyles();
  const columns = useMemo(() => {
    const col = dataTableColumns<ActivityEvent>();
    const list: DataTableColumn<ActivityEvent>[] = [
      col.display({
        id: 'when',
        header: 'When',
        meta: { area: 'when', nowrap: true },
        cell: ({ row }) => (
          <time className={s.when} dateTime={row.original.created_at}>
            {whenText(row.original.created_at, dateFormat)}
          </time>
        ),
      }),
      col.display({ id: 'who', header: 'Who', meta: { area: 'who' }, cell: ({ row }) => <span className={s.who}>{actorText(row.original)}</span> }),
      col.display({ id: 'action', header: 'Action', meta: { area: 'action' }, cell: ({ row }) => <span className={s.action}>{actionWords(row.original)}</span> }),
      col.display({
        id: 'record',
        header: 'Record',
        meta: { area: 'record' },
        cell: ({ row }) => {
          const event = row.original;
          const href = historyHref(event);
          const name = recordText(event);
          return (
            <span className={s.record}>
              {href ? (
                <Link to={href} className={s.recordLink} title={`The history of this ${recordNoun(event.record_type)}`}>
                  {name}
                </Link>
              ) : (
                <span className={s.recordName}>{name}</span>
              )}
              <span className={s.recordKind}>
                {recordNoun(event.record_type)}
                {event.record_id == null ? '' : ` #${event.record_id}`}
              </span>
            </span>
          );
        },
      }),
      col.display({
        id: 'changes',
        header: 'Changes',
        meta: { area: 'changes' },
        cell: ({ row }) => {
          const lines = changeLines(row.original);
          const details = detailLines(row.original);
          if (!lines.length && !details.length) return <span className={s.none}>—</span>;
          return (
            <ul className={s.changes} aria-label="Changes">
              {lines.map((line) => (
                <Change key={line.field} line={line} />
              ))}
              {details.map((detail) => (
                <li key={detail} className={s.detail}>
                  {detail}
                </li>
              ))}
            </ul>
          );
        },
      }),
    ];
    return list;
  }, [s, dateFormat, historyHref]);

  return (
    <CardTable
      columns={columns}
      data={events}
      getRowId={(event) => String(event.id)}
      loading={loading}
      loadingText="Loading activity..."
      emptyText={MESSAGES.activity.noEvents}
      aria-label="Audit log"
      cards={CARDS}
      className={s.table}
    />
  );
}
