/**
 * Styles of Roles & Permissions (the page frame and the phone's cards are the kit's): the role
 * cells, the permission chips and the permission grid. Built on first render (`lazyStyles`), never
 * at import time.
 */
import { css, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';

export const rolesStyles = lazyStyles(() => ({
  /** On a phone's card (the table's `cards`) the permissions take the card's width. */
  table: css`
    @media (max-width: 560px) { & ul { min-width: 0; } }
  `,
  roleName: css`display: grid; gap: 2px; min-width: 120px;`,
  primary: css`font-weight: 600; color: ${v('text')};`,
  secondary: css`font-size: 12px; color: ${v('muted')};`,
  chips: css`display: flex; flex-wrap: wrap; gap: 6px; min-width: 220px; max-width: 640px; white-space: normal;`,
  chip: css`
    display: inline-flex;
    align-items: baseline;
    gap: 4px;
    padding: 2px 8px;
    border-radius: 999px;
    background: ${tint('accent', 10)};
    font-size: 12px;
    line-height: 20px;
    color: ${v('text')};
    & b { font-weight: 600; }
  `,
  none: css`color: ${v('muted')}; font-size: 13px;`,
  actions: css`display: flex; gap: 4px; justify-content: flex-end;`,
  form: css`display: grid; gap: 16px;`,
  gridBox: css`
    overflow-x: auto;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
  `,
  grid: css`
    width: 100%;
    border-collapse: collapse;
    font-size: 14px;
    & th, & td { padding: 8px 10px; border-bottom: 1px solid ${v('border')}; text-align: center; }
    & tbody tr:last-child > * { border-bottom: 0; }
    & thead th {
      background: ${v('bg')};
      color: ${v('muted')};
      font-size: 12px;
      font-weight: 600;
      text-transform: capitalize;
    }
    & tbody th { text-align: left; font-weight: 600; white-space: nowrap; }
    & input { width: 18px; height: 18px; margin: 0; accent-color: ${v('accent')}; cursor: pointer; vertical-align: middle; }
    & input:disabled { cursor: not-allowed; }
    @media (max-width: 480px) { & th, & td { padding: 8px 6px; } }
  `,
  gridLegend: css`margin: 0 0 8px; font-size: 14px; font-weight: 600; color: ${v('text')};`,
  gridNote: css`margin: 8px 0 0; font-size: 13px; color: ${v('muted')};`,
  absent: css`color: ${v('muted')};`,
}));
