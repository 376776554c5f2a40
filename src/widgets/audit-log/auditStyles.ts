/**
 * Styles of the audit log (the page frame and the phone's cards are the kit's): the filter bar,
 * the event cells, the change lines and the paging row. Built on first render (`lazyStyles`),
 * never at import time.
 */
import { css, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';

export const auditStyles = lazyStyles(() => ({
  /** The fields share a row while they fit; Clear filters keeps its own size at the end. */
  filters: css`
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 12px;
    margin-bottom: 16px;
    & > * { flex: 1 1 150px; min-width: 0; }
    & > button { flex: 0 0 auto; }
    @media (max-width: 480px) { gap: 10px; }
  `,
  /** On a phone the selects of people and companies take the row; the others go two by two. */
  wide: css`@media (max-width: 480px) { flex-basis: 100% !important; }`,
  half: css`@media (max-width: 480px) { flex-basis: calc(50% - 5px) !important; }`,
  scope: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin: -4px 0 16px;
    padding: 8px 12px;
    border-radius: ${v('radius')};
    background: ${tint('accent', 8)};
    color: ${v('text')};
    font-size: 14px;
  `,
  table: css`
    & td { vertical-align: top; }
    @media (max-width: 560px) { & tbody tr { row-gap: 4px; } }
  `,
  when: css`
    white-space: nowrap;
    color: ${v('muted')};
    font-size: 13px;
    font-variant-numeric: tabular-nums;
    @media (max-width: 560px) { font-size: 12px; text-align: right; }
  `,
  who: css`font-weight: 600; color: ${v('text')}; min-width: 110px; @media (max-width: 560px) { min-width: 0; }`,
  action: css`color: ${v('text')}; min-width: 130px; @media (max-width: 560px) { min-width: 0; }`,
  record: css`display: grid; gap: 2px; min-width: 140px; @media (max-width: 560px) { min-width: 0; }`,
  recordLink: css`
    color: ${v('accent-text')};
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
    &:hover { text-decoration: underline; }
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 2px; border-radius: 2px; }
  `,
  recordName: css`font-weight: 600; overflow-wrap: anywhere;`,
  recordKind: css`font-size: 12px; color: ${v('muted')};`,
  changes: css`
    display: grid;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
    min-width: 220px;
    max-width: 520px;
    font-size: 13px;
    white-space: normal;
    overflow-wrap: anywhere;
    & b { font-weight: 600; }
    @media (max-width: 560px) { min-width: 0; max-width: none; }
  `,
  before: css`color: ${v('muted')};`,
  arrow: css`color: ${v('muted')}; padding: 0 2px;`,
  after: css`color: ${v('text')};`,
  detail: css`color: ${v('muted')};`,
  none: css`color: ${v('muted')}; font-size: 13px; @media (max-width: 560px) { display: none; }`,
  more: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    margin-top: 16px;
    color: ${v('muted')};
    font-size: 13px;
  `,
}));
