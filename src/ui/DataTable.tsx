/**
 * The suite's data table on @tanstack/react-table 9: semantic `<table>` markup, optional row
 * selection (select-all header checkbox plus one checkbox per row, controlled or not), a
 * full-width "Loading..." row, an empty-state row, a sticky header and horizontal scrolling on
 * narrow screens. Paging is left to `Pager`, because SPEC's lists are paged on the server.
 *
 * @example
 * const col = dataTableColumns<Lead>();
 * const columns = [col.accessor('name', { header: 'Name' }), col.accessor('email', { header: 'Email' })];
 * <DataTable columns={columns} data={leads} getRowId={(l) => String(l.id)} selectable
 *   selected={selected} onSelectedChange={setSelected} loading={loading} emptyText={MESSAGES.leads.noLeads} />
 */
import {
  createColumnHelper,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnHelper,
  type RowData,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { UI_TEXT } from './labels';
import { tint, v } from './theme';

/** Per-column display options, set as `meta` on a column definition. */
export interface DataTableColumnMeta {
  /** Text alignment of the column's header and cells. */
  align?: 'left' | 'center' | 'right';
  /** Fixed width (px or CSS length). */
  width?: number | string;
  /** Keeps the cell on one line (default: headers always, cells wrap). */
  nowrap?: boolean;
}

/** The table features the DataTable uses; column helpers must be typed with them. */
export const dataTableFeatures = tableFeatures({ rowSelectionFeature, columnMeta: {} as DataTableColumnMeta });
export type DataTableFeatures = typeof dataTableFeatures;

/** A column definition for `DataTable`. */
// `any` for the cell value: a column list mixes value types, exactly like TanStack's own helper.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/**
 * A typed column helper for `DataTable` rows.
 *
 * @example
 * const col = dataTableColumns<User>();
 * col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <RowActions user={row.original} /> });
 */
export const dataTableColumns = <T extends RowData>(): ColumnHelper<DataTableFeatures, T> =>
  createColumnHelper<DataTableFeatures, T>();

export interface DataTableProps<T extends RowData> {
  columns: ReadonlyArray<DataTableColumn<T>>;
  data: ReadonlyArray<T>;
  /** Row identity (selection keys); defaults to the row index. */
  getRowId?: (row: T, index: number) => string;
  /** Adds the checkbox column. */
  selectable?: boolean;
  /** Selected row ids (controlled). Omit to let the table keep its own selection. */
  selected?: ReadonlyArray<string>;
  onSelectedChange?: (ids: string[]) => void;
  /** How a row is named in its checkbox's label ("Select Asha Rao"); defaults to its id. */
  rowLabel?: (row: T) => string;
  /** Replaces the rows with one full-width "Loading..." row. */
  loading?: boolean;
  loadingText?: ReactNode;
  /** Text of the full-width row shown when there is no data. */
  emptyText?: ReactNode;
  /** Scrolls vertically beyond this height, keeping the header in view. */
  maxHeight?: number | string;
  /** Accessible name of the table. */
  'aria-label'?: string;
  /** A visible caption (also the accessible name). */
  caption?: ReactNode;
  className?: string;
}

const SELECT_COLUMN_ID = '__select';

const styles = lazyStyles(() => ({
  scroller: css`
    position: relative;
    width: 100%;
    overflow: auto;
    -webkit-overflow-scrolling: touch;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('surface')};
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 2px; }
  `,
  table: css`
    width: 100%;
    min-width: max-content;
    border-collapse: separate;
    border-spacing: 0;
    font-size: 14px;
    color: ${v('text')};
    & th, & td {
      padding: 10px 14px;
      border: 0;
      border-bottom: 1px solid ${v('border')};
      text-align: left;
      vertical-align: middle;
    }
    & tbody tr:last-child > td { border-bottom: 0; }
    & th {
      position: sticky;
      top: 0;
      z-index: 1;
      background: ${v('bg')};
      color: ${v('muted')};
      font-size: 12px;
      font-weight: 600;
      letter-spacing: 0.02em;
      text-transform: uppercase;
      white-space: nowrap;
    }
    & td[data-ed-state] { padding-top: 28px; padding-bottom: 28px; }
    & tbody tr:hover > td:not([data-ed-state]) { background: ${tint('text', 3)}; }
    & tbody tr[aria-selected='true'] > td { background: ${tint('accent', 8)}; }
  `,
  caption: css`
    caption-side: top;
    padding: 12px 14px;
    text-align: left;
    font-weight: 600;
  `,
  check: css`
    width: 44px;
    & input { width: 16px; height: 16px; margin: 0; accent-color: ${v('accent')}; cursor: pointer; vertical-align: middle; }
  `,
  // Left-aligned on purpose: the cell spans the table's full scroll width, so centred text would
  // sit off-screen on a phone.
  state: css`
    color: ${v('muted')};
  `,
  nowrap: css`white-space: nowrap;`,
}));

const toRecord = (ids: ReadonlyArray<string>): RowSelectionState =>
  Object.fromEntries(ids.map((id) => [id, true] as const)) as RowSelectionState;

function alignStyle(meta: DataTableColumnMeta | undefined): CSSProperties | undefined {
  if (!meta) return undefined;
  return { textAlign: meta.align, width: meta.width };
}

/**
 * A data table with optional row selection.
 *
 * @example
 * <DataTable columns={columns} data={users} loading={loading} emptyText={MESSAGES.users.noUsers} />
 */
export function DataTable<T extends RowData>({
  columns, data, getRowId, selectable = false, selected, onSelectedChange, rowLabel, loading = false,
  loadingText = UI_TEXT.loading, emptyText = UI_TEXT.noData, maxHeight, caption, className, 'aria-label': ariaLabel,
}: DataTableProps<T>): ReactElement {
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const controlled = selected !== undefined;
  const rowSelection = useMemo(() => (controlled ? toRecord(selected) : ownSelection), [controlled, selected, ownSelection]);

  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    if (!controlled) setOwnSelection(next);
    onSelectedChange?.(Object.keys(next).filter((id) => next[id]));
  };

  const allColumns = useMemo<DataTableColumn<T>[]>(() => {
    if (!selectable) return [...columns];
    const select: DataTableColumn<T> = {
      id: SELECT_COLUMN_ID,
      header: ({ table }) => {
        const rowCount = table.getRowModel().rows.length;
        const all = rowCount > 0 && table.getIsAllRowsSelected();
        const some = !all && table.getIsSomeRowsSelected();
        return (
          <input
            type="checkbox"
            aria-label={UI_TEXT.selectAll}
            checked={all}
            disabled={rowCount === 0}
            ref={(el) => {
              if (el) el.indeterminate = some;
            }}
            onChange={(event) => table.toggleAllRowsSelected(event.target.checked)}
          />
        );
      },
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={UI_TEXT.selectRow(rowLabel ? rowLabel(row.original) : row.id)}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onChange={(event) => row.toggleSelected(event.target.checked)}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable, rowLabel]);

  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data: data as T[],
    getRowId,
    enableRowSelection: selectable,
    state: { rowSelection },
    onRowSelectionChange,
  });

  const s = styles();
  const headerGroups = table.getHeaderGroups();
  const rows = table.getRowModel().rows;
  const columnCount = allColumns.length;
  const stateRow = (content: ReactNode) => (
    <tr>
      <td colSpan={columnCount} className={s.state} data-ed-state="">
        {content}
      </td>
    </tr>
  );

  return (
    <div
      className={cx(s.scroller, className)}
      style={maxHeight !== undefined ? { maxHeight } : undefined}
      // A scrollable region must be reachable by keyboard to be scrolled without a mouse.
      tabIndex={maxHeight !== undefined ? 0 : undefined}
      role={maxHeight !== undefined ? 'region' : undefined}
      aria-label={maxHeight !== undefined ? ariaLabel : undefined}
    >
      <table className={s.table} aria-label={caption ? undefined : ariaLabel} aria-busy={loading || undefined}>
        {caption && <caption className={s.caption}>{caption}</caption>}
        <thead>
          {headerGroups.map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta as DataTableColumnMeta | undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                    className={header.column.id === SELECT_COLUMN_ID ? s.check : undefined}
                    style={alignStyle(meta)}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {loading
            ? stateRow(loadingText)
            : rows.length === 0
              ? stateRow(emptyText)
              : rows.map((row) => (
                  <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined}>
                    {row.getAllCells().map((cell) => {
                      const meta = cell.column.columnDef.meta as DataTableColumnMeta | undefined;
                      return (
                        <td
                          key={cell.id}
                          className={cx(cell.column.id === SELECT_COLUMN_ID && s.check, meta?.nowrap && s.nowrap)}
                          style={alignStyle(meta)}
                        >
                          <table.FlexRender cell={cell} />
                        </td>
                      );
                    })}
                  </tr>
                ))}
        </tbody>
      </table>
    </div>
  );
}
