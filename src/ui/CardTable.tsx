/**
 * The table that becomes cards on a phone: a `DataTable` that below 560 px shows each row as a
 * card (a CSS grid with the given areas; each column names its area in `meta.area`) instead of a
 * table to scroll sideways. The header row stays for screen readers, out of sight; the loading and
 * empty rows span the card. Its rules live here, so tables without cards never load them.
 *
 * @example
 * const CARDS = { columns: 'minmax(0, 1fr) auto', areas: "'role actions' 'permissions permissions'" };
 * <CardTable columns={columns} data={roles} cards={CARDS} aria-label="Roles" />
 */
import type { ReactElement } from 'react';
import { css, cx, lazyStyles } from './css';
import { DataTable, type DataTableProps } from './DataTable';
import { v } from './theme';

// No hover tint on a card: the table's is per cell, and on a card it would paint patches.
const styles = lazyStyles(() => ({
  cards: css`
    @media (max-width: 560px) {
      & table { min-width: 0; }
      & thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
      & tbody tr {
        display: grid;
        padding: 12px;
        border-bottom: 1px solid ${v('border')};
      }
      & tbody tr:last-child { border-bottom: 0; }
      & tbody td { display: block; padding: 0; border: 0; }
      & tbody td[data-ed-state] { grid-column: 1 / -1; padding: 16px 0; }
      & table tbody tr:hover > td:not([data-ed-state]) { background: transparent; }
    }
  `,
}));

/**
 * The card each row becomes below 560 px: a CSS grid (`grid-template-columns` and
 * `grid-template-areas`) whose areas the columns name in `meta.area`.
 */
export interface TableCards {
  columns: string;
  areas: string;
  /** Gap between the card's cells (default 8px). */
  gap?: string;
}

export interface CardTableProps<T> extends DataTableProps<T> {
  cards: TableCards;
}

/**
 * A data table that is a list of cards below 560 px.
 *
 * @example
 * <CardTable columns={columns} data={users} loading={loading} cards={USER_CARDS} aria-label="Users" />
 */
export function CardTable<T>({ cards, className, ...props }: CardTableProps<T>): ReactElement {
  // One class per layout (goober keeps one rule for equal text), written on render.
  const layout = css`
    @media (max-width: 560px) {
      & tbody tr { grid-template-columns: ${cards.columns}; grid-template-areas: ${cards.areas}; gap: ${cards.gap ?? '8px'}; }
    }
  `;
  return <DataTable {...props} className={cx(styles().cards, layout, className)} />;
}
