/**
 * Styles of User Management: the page frame, the table's cells and the form's role row. Built on
 * first render (`lazyStyles`), never at import time.
 */
import { css, lazyStyles } from '../../ui/css';
import { pageStyles } from '../../ui/pageStyles';
import { v } from '../../ui/theme';

export const userAdminStyles = lazyStyles(() => ({
  ...pageStyles(),
  /** The header's button keeps its size; on a phone it takes the row under the heading. */
  headerAction: css`
    @media (max-width: 480px) { flex: 1 1 100%; }
  `,
  /**
   * Below 560 px each person becomes a card (ID and name; role, status and the actions under
   * them) instead of a table to scroll sideways: the status and its Resend Invite stay in view.
   * The header row stays for screen readers, out of sight.
   */
  table: css`
    @media (max-width: 560px) {
      & table { min-width: 0; }
      & thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
      & tbody tr {
        display: grid;
        grid-template-columns: auto minmax(0, 1fr);
        grid-template-areas: 'id name' '. role' '. status' '. actions';
        gap: 6px 10px;
        padding: 12px;
        border-bottom: 1px solid ${v('border')};
      }
      & tbody tr:last-child { border-bottom: 0; }
      & tbody td { display: block; padding: 0; border: 0; }
      & tbody td[data-ed-state] { grid-column: 1 / -1; padding: 16px 0; }
      & tbody td:nth-child(1) { grid-area: id; }
      & tbody td:nth-child(2) { grid-area: name; }
      & tbody td:nth-child(3) { grid-area: role; font-size: 13px; }
      & tbody td:nth-child(4) { grid-area: status; }
      & tbody td:nth-child(5) { grid-area: actions; }
      /* The table's hover tint is per cell; on a card it would paint patches. */
      & table tbody tr:hover > td:not([data-ed-state]) { background: transparent; }
    }
  `,
  id: css`color: ${v('muted')}; font-variant-numeric: tabular-nums;`,
  name: css`display: grid; gap: 2px; min-width: 140px;`,
  primary: css`font-weight: 600; color: ${v('text')};`,
  secondary: css`font-size: 13px; color: ${v('muted')}; word-break: break-all;`,
  you: css`margin-left: 6px; font-size: 12px; font-weight: 500; color: ${v('muted')};`,
  status: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  `,
  actions: css`
    display: flex;
    gap: 4px;
    justify-content: flex-end;
    /* On a phone's card the actions are a row of their own, under the status. */
    @media (max-width: 560px) { justify-content: flex-start; margin-left: -8px; }
  `,
  muted: css`color: ${v('muted')};`,
  form: css`display: grid; gap: 14px;`,
  roleRow: css`display: grid; gap: 6px;`,
  retry: css`justify-self: start;`,
}));
