/**
 * Styles of User Management (the page frame and the phone's cards are the kit's): the table's
 * cells and the form's role row. Built on first render (`lazyStyles`), never at import time.
 */
import { css, lazyStyles } from '../../ui/css';
import { v } from '../../ui/theme';

export const userAdminStyles = lazyStyles(() => ({
  /** On a phone's card (the table's `cards`) the role is a line of smaller text. */
  table: css`
    @media (max-width: 560px) { & tbody td:nth-child(3) { font-size: 13px; } }
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
