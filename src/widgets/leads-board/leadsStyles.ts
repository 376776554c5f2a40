/**
 * Styles of the leads board: page header, toolbar, bulk bar, table cells and the import report.
 * Built on first render (`lazyStyles`), never at import time.
 */
import { css, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';

export const leadsStyles = lazyStyles(() => ({
  board: css`
    display: grid;
    gap: 16px;
    min-width: 0;
    color: ${v('text')};
    font-family: ${v('font')};
  `,
  header: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
  `,
  heading: css`
    margin: 0;
    font-size: 22px;
    font-weight: 600;
    color: ${v('text')};
  `,
  toolbar: css`
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 8px;
    & > :first-child { flex: 1 1 220px; min-width: 0; }
    @media (max-width: 480px) {
      & > * { flex: 1 1 100%; }
      & > button { flex: 1 1 0; }
    }
  `,
  card: css`
    min-width: 0;
    padding: 16px;
    border: 1px solid ${v('border')};
    border-radius: 12px;
    background: ${v('surface')};
    box-shadow: ${v('shadow')};
    @media (max-width: 480px) { padding: 10px; }
  `,
  bulk: css`
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 8px 12px;
    margin-bottom: 12px;
    padding: 10px 12px;
    border-radius: ${v('radius')};
    background: ${tint('accent', 8)};
    font-size: 14px;
  `,
  bulkCount: css`
    align-self: center;
    font-weight: 600;
    margin-right: auto;
  `,
  bulkStatus: css`
    display: flex;
    align-items: flex-end;
    gap: 8px;
  `,
  nameCell: css`
    font-weight: 500;
    white-space: nowrap;
  `,
  statusCell: css`
    display: grid;
    gap: 6px;
    justify-items: start;
    min-width: 130px;
  `,
  inline: css`min-width: 150px;`,
  inlineWide: css`min-width: 215px;`,
  /** The Actions column stays in view while the rest of a wide table scrolls sideways. */
  table: css`
    & th:last-child, & td:last-child {
      position: sticky;
      right: 0;
      background: ${v('surface')};
      box-shadow: inset 1px 0 0 ${v('border')};
    }
    & th:last-child { z-index: 2; background: ${v('bg')}; }
    /* :not() matches the specificity of DataTable's translucent hover, which would otherwise win and let scrolled cells show through. */
    & tbody tr:hover > td:last-child:not([data-ed-state]) { background: color-mix(in srgb, ${v('text')} 3%, ${v('surface')}); }
    & tbody tr[aria-selected='true'] > td:last-child { background: color-mix(in srgb, ${v('accent')} 8%, ${v('surface')}); }
  `,
  actions: css`
    display: flex;
    align-items: center;
    gap: 2px;
    white-space: nowrap;
  `,
  actionLink: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 30px;
    height: 30px;
    border-radius: ${v('radius')};
    color: ${v('muted')};
    &:hover { background: ${tint('text', 8)}; color: ${v('text')}; }
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 2px; }
  `,
  actionDisabled: css`opacity: 0.35; cursor: not-allowed;`,
  danger: css`color: ${v('danger')};`,
  notice: css`
    margin: 0 0 16px;
    padding: 10px 12px;
    border-radius: ${v('radius')};
    background: ${tint('danger', 10)};
    color: ${v('danger')};
    font-size: 14px;
  `,
  report: css`
    display: grid;
    gap: 8px;
    margin-top: 16px;
    padding: 12px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('bg')};
    font-size: 14px;
    & ul { margin: 0; padding-left: 18px; max-height: 220px; overflow-y: auto; }
    & li { margin: 2px 0; }
  `,
  reportHeadline: css`margin: 0; font-weight: 600;`,
  importRow: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    margin-top: 12px;
    font-size: 14px;
    color: ${v('muted')};
  `,
  sections: css`display: grid; gap: 20px;`,
}));
