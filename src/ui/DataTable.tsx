/**
 * The suite's data table: semantic `<table>` markup from column definitions, optional row
 * selection (select-all header checkbox plus one checkbox per row, controlled or not), a
 * full-width "Loading..." row, an empty-state row, a sticky header and horizontal scrolling on
 * narrow screens — or, as `CardTable`, a card per row below 560 px (a phone) instead of a table
 * to scroll sideways. Paging is left to `Pager`, because the product's lists are paged on the server.
 *
 * The column model is our own rather than TanStack Table's: the suite's tables need column
 * definitions and row selection only, which TanStack Table 9 delivered at about 10 KB gzip (its
 * row-selection feature, table core and store) on every page that shows a table; this is ~1 KB.
 * The helper keeps TanStack's shape (`accessor`, `display`, `cell: ({ row, getValue })`).
 *
 * @example
 * const col = dataTableColumns<Lead>();
 * const columns = [col.accessor('name', { header: 'Name' }), col.accessor('email', { header: 'Email' })];
 * <DataTable columns={columns} data={leads} getRowId={(l) => String(l.id)} selectable
 *   selected={selected} onSelectedChange={setSelected} loading={loading} emptyText={MESSAGES.leads.noLeads} />
 */
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
  /** The cell's grid area in `CardTable`'s phone card (inert in a table). */
  area?: string;
}

/** What a cell renderer receives: the row (its data and id) and the column's value. */
export interface DataTableCellContext<T, V = unknown> {
  row: { original: T; id: string; index: number };
  getValue(): V;
}

/** A column definition for `DataTable`. */
export interface DataTableColumn<T> {
  id: string;
  header?: ReactNode;
  /** The cell's value (an accessor column's field); the cell shows it unless `cell` is given. */
  value?: (row: T) => unknown;
  cell?: (context: DataTableCellContext<T, any>) => ReactNode;
  meta?: DataTableColumnMeta;
}

type ColumnOptions<T, V> = Omit<DataTableColumn<T>, 'id' | 'value' | 'cell'> & {
  id?: string;
  cell?: (context: DataTableCellContext<T, V>) => ReactNode;
};

/** Builds columns for rows of type `T`. */
export interface DataTableColumnHelper<T> {
  /** A column showing one field of the row (or what `cell` makes of it). */
  accessor<K extends keyof T & string>(key: K, options?: ColumnOptions<T, T[K]>): DataTableColumn<T>;
  /** A column computed from the whole row (actions, combined fields). */
  display(options: ColumnOptions<T, undefined> & { id: string }): DataTableColumn<T>;
}

/**
 * A typed column helper for `DataTable` rows.
 *
 * @example
 * const col = dataTableColumns<User>();
 * col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <RowActions user={row.original} /> });
 */
export const dataTableColumns = <T,>(): DataTableColumnHelper<T> => ({
  accessor: (key, options = {}) => ({ ...options, id: options.id ?? key, value: (row: T) => row[key] }) as DataTableColumn<T>,
  display: (options) => options as DataTableColumn<T>,
});

export interface DataTableProps<T> {
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
      /* --ed-density: 1 comfortable, below 1 compact (the person's preference): more rows per screen. */
      padding: calc(10px * var(--ed-density, 1)) 14px;
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

function alignStyle(meta: DataTableColumnMeta | undefined): CSSProperties | undefined {
  if (!meta) return undefined;
  return { textAlign: meta.align, width: meta.width, gridArea: meta.area };
}

/**
 * A data table with optional row selection.
 *
 * @example
 * <DataTable columns={columns} data={users} loading={loading} emptyText={MESSAGES.users.noUsers} />
 */
export function DataTable<T>({
  columns, data, getRowId, selectable = false, selected, onSelectedChange, rowLabel, loading = false,
  loadingText = UI_TEXT.loading, emptyText = UI_TEXT.noData, maxHeight, caption, className, 'aria-label': ariaLabel,
}: DataTableProps<T>): ReactElement {
  const [ownSelection, setOwnSelection] = useState<ReadonlyArray<string>>([]);
  const chosen = selected ?? ownSelection;
  const rows = useMemo(() => data.map((original, index) => ({ original, index, id: getRowId ? getRowId(original, index) : String(index) })), [data, getRowId]);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);

  const select = (ids: string[]) => {
    if (selected === undefined) setOwnSelection(ids);
    onSelectedChange?.(ids);
  };
  const all = rows.length > 0 && rows.every((row) => chosenSet.has(row.id));
  const some = !all && rows.some((row) => chosenSet.has(row.id));

  const s = styles();
  const columnCount = columns.length + (selectable ? 1 : 0);
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
      // A scrollable region must be reachable by keyboard to be scrolled without a mouse — and a
      // wide table scrolls sideways on a phone even without a height, with no button to focus
      // when it is empty.
      tabIndex={0}
      role={maxHeight !== undefined ? 'region' : undefined}
      aria-label={maxHeight !== undefined ? ariaLabel : undefined}
    >
      <table className={s.table} aria-label={caption ? undefined : ariaLabel} aria-busy={loading || undefined}>
        {caption && <caption className={s.caption}>{caption}</caption>}
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className={s.check}>
                <input
                  type="checkbox"
                  aria-label={UI_TEXT.selectAll}
                  checked={all}
                  disabled={rows.length === 0}
                  ref={(el) => {
                    if (el) el.indeterminate = some;
                  }}
                  // Select all adds the rows on screen to the selection; clearing removes them.
                  onChange={(event) =>
                    select(
                      event.target.checked
                        ? [...new Set([...chosen, ...rows.map((row) => row.id)])]
                        : chosen.filter((id) => !rows.some((row) => row.id === id)),
                    )
                  }
                />
              </th>
            )}
            {columns.map((column) => (
              <th key={column.id} scope="col" style={alignStyle(column.meta)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading
            ? stateRow(loadingText)
            : rows.length === 0
              ? stateRow(emptyText)
              : rows.map((row) => {
                  const isSelected = chosenSet.has(row.id);
                  return (
                    <tr key={row.id} aria-selected={selectable ? isSelected : undefined}>
                      {selectable && (
                        <td className={s.check}>
                          <input
                            type="checkbox"
                            aria-label={UI_TEXT.selectRow(rowLabel ? rowLabel(row.original) : row.id)}
                            checked={isSelected}
                            onChange={(event) => select(event.target.checked ? [...chosen, row.id] : chosen.filter((id) => id !== row.id))}
                          />
                        </td>
                      )}
                      {columns.map((column) => {
                        const getValue = () => column.value?.(row.original);
                        return (
                          <td key={column.id} className={cx(column.meta?.nowrap && s.nowrap)} style={alignStyle(column.meta)}>
                            {column.cell ? column.cell({ row, getValue }) : (getValue() as ReactNode)}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
        </tbody>
      </table>
    </div>
  );
}
