/**
 * Styles of the leads board: page header, toolbar, bulk bar, table cells and the import report.
 * Built on first render (`lazyStyles`), never at import time.
 */
import { css, lazyStyles } from '../../ui/css';
import { pageStyles } from '../../ui/pageStyles';
import { BADGE_PALETTE } from '../../ui/Badge';
import { chevronImage } from '../../ui/inputStyles';
import { tint, v } from '../../ui/theme';

/**
 * The table on a phone, measured on its own scroller (a host page's narrow column counts too).
 * There the Actions column, pinned at the right, would cover the name and its "Next:" line: its
 * buttons stack three a row and the name cell takes the width left beside it, wrapping its lines.
 */
const NARROW = '@container ed-leads (max-width: 520px)';
/** What the name cell leaves beside it there: the checkbox column, its own padding, the stacked Actions column. */
const BESIDE_NAME = '180px';
const NAME_WIDTH = '160px';
/**
 * Room kept clear of the pinned Actions column when a control scrolls into view: its widest (six
 * buttons), or on a phone, where its buttons stack, about a third of the scroller. (A container
 * query cannot style the container itself, hence the percentage.)
 */
const ACTIONS_ROOM = 'min(212px, 32%)';

export const leadsStyles = lazyStyles(() => ({
  ...pageStyles(),
  board: pageStyles().page,
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
  card: pageStyles().panel,
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
  /*
   * One width whatever the rows hold: a long name or a "Next:" line wraps instead of widening the
   * column, so the columns after it sit where they sat on every page (and under the pinned Actions
   * column the same way), not pushed along by one row's data.
   */
  nameCell: css`
    display: block;
    width: ${NAME_WIDTH};
    font-weight: 500;
    white-space: normal;
    overflow-wrap: anywhere;
    ${NARROW} {
      width: calc(100cqw - ${BESIDE_NAME});
      min-width: 88px;
    }
  `,
  followUp: css`
    display: block;
    font-size: 12px;
    font-weight: 400;
    color: ${v('muted')};
  `,
  followUpDue: css`
    font-weight: 600;
    color: ${v('accent-text')};
  `,
  /* Fixed widths, like the name's: the columns after them do not move with the data. */
  emailCell: css`
    display: block;
    width: 190px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  `,
  phoneCell: css`
    display: block;
    width: 128px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  `,
  /** The status select drawn as the status badge (`STATUS_BADGE_COLOURS`), arrow in the text colour. */
  statusSelect: css`
    width: 112px;
    border-color: transparent;
    border-radius: 999px;
    box-shadow: none;
    font-weight: 600;
    background-position: right 8px center;
    padding-right: 26px;
    ${(['sky', 'green', 'black', 'grey'] as const)
      .map((c) => `&[data-colour='${c}'] { background-color: ${BADGE_PALETTE[c].bg}; color: ${BADGE_PALETTE[c].fg}; }`)
      .join('\n')}
    &[data-colour='black'] { background-image: ${chevronImage('#ffffff')}; }
    & option { background: ${v('surface')}; color: ${v('text')}; font-weight: 400; }
  `,
  // Widths that show every choice whole (the longest activity loses its last letters) with a
  // slim arrow. Beside the wide sidebar at 1400 px the last two columns scroll under the pinned
  // Actions column; beside the narrow one, or from about 1,700 px, everything is in view.
  inline: css`padding-right: 24px; background-position: right 6px center; text-overflow: ellipsis;`,
  typeWidth: css`width: 154px;`,
  sourceWidth: css`width: 118px;`,
  activityWidth: css`width: 186px;`,
  /** The Actions column stays in view while the rest of a wide table scrolls sideways. */
  table: css`
    container: ed-leads / inline-size;
    /* A control reached by Tab or a script scrolls clear of the pinned column, never under it. */
    scroll-padding-inline-end: ${ACTIONS_ROOM};
    & table th, & table td { padding-left: 10px; padding-right: 10px; }
    & th:last-child, & td:last-child {
      position: sticky;
      right: 0;
      background: ${v('surface')};
      /* The shadow tells that more columns scroll under it. */
      box-shadow: inset 1px 0 0 ${v('border')}, -6px 0 8px -6px rgba(16, 24, 40, 0.18);
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
    ${NARROW} { display: grid; grid-template-columns: repeat(3, 30px); }
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
    color: ${v('danger-text')};
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
