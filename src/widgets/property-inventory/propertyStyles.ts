/**
 * Styles of the property inventory: page, toolbar, card grid, details and form. Built on first
 * render (`lazyStyles`), never at import time.
 */
import { css, lazyStyles } from '../../ui/css';
import { pageStyles } from '../../ui/pageStyles';
import { tint, v } from '../../ui/theme';

export const propertyStyles = lazyStyles(() => ({
  ...pageStyles(),
  filters: css`
    display: grid;
    grid-template-columns: minmax(180px, 2fr) repeat(5, minmax(110px, 1fr));
    gap: 8px;
    align-items: end;
    @media (max-width: 900px) { grid-template-columns: repeat(2, minmax(0, 1fr)); & > :first-child { grid-column: 1 / -1; } }
  `,
  grid: css`
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
    gap: 16px;
    @media (max-width: 480px) { grid-template-columns: 1fr; }
  `,
  card: css`
    position: relative;
    display: flex;
    flex-direction: column;
    min-width: 0;
    overflow: hidden;
    border: 1px solid ${v('border')};
    border-radius: 12px;
    background: ${v('surface')};
    box-shadow: ${v('shadow')};
  `,
  /** A fixed aspect ratio: the grid never jumps while images arrive. */
  media: css`
    position: relative;
    aspect-ratio: 4 / 3;
    background: ${tint('muted', 12)};
    overflow: hidden;
    & img { width: 100%; height: 100%; object-fit: cover; display: block; }
  `,
  badges: css`
    position: absolute;
    top: 10px;
    left: 10px;
    display: flex;
    gap: 6px;
  `,
  heart: css`
    position: absolute;
    top: 8px;
    right: 8px;
    background: ${v('surface')};
    border-radius: 999px;
    &[aria-pressed='true'] { color: ${v('danger')}; }
    &[aria-pressed='true'] svg { fill: currentColor; }
  `,
  body: css`display: flex; flex: 1 1 auto; flex-direction: column; gap: 6px; padding: 12px 14px 14px;`,
  title: css`
    margin: 0;
    font-size: 16px;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    & a { color: inherit; text-decoration: none; }
    & a:hover { color: ${v('accent')}; }
  `,
  price: css`font-size: 18px; font-weight: 700; color: ${v('accent')};`,
  meta: css`display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 13px; color: ${v('muted')};`,
  actions: css`
    display: flex;
    align-items: flex-end;
    gap: 6px;
    /* At the card's foot, so the controls line up along a row of cards. */
    margin-top: auto;
    padding-top: 6px;
    & > :first-child { flex: 1 1 auto; min-width: 0; }
  `,
  more: css`display: flex; justify-content: center; padding: 8px 0;`,
  detailLayout: css`
    display: grid;
    grid-template-columns: minmax(0, 2fr) minmax(240px, 1fr);
    gap: 16px;
    align-items: start;
    @media (max-width: 900px) { grid-template-columns: 1fr; }
  `,
  cover: css`
    aspect-ratio: 16 / 9;
    border-radius: 12px;
    overflow: hidden;
    background: ${tint('muted', 12)};
    & img { width: 100%; height: 100%; object-fit: cover; display: block; }
  `,
  facts: css`
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
    gap: 10px 16px;
    margin: 0;
    & dt { font-size: 12px; color: ${v('muted')}; }
    & dd { margin: 2px 0 0; font-weight: 600; overflow-wrap: anywhere; }
  `,
  section: css`margin: 0 0 8px; font-size: 16px; font-weight: 600;`,
  text: css`margin: 0; line-height: 1.6; white-space: pre-line; overflow-wrap: anywhere;`,
  features: css`display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none;`,
  carousel: css`
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
    gap: 8px;
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 2px; border-radius: 8px; }
  `,
  slides: css`
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 8px;
    touch-action: pan-y;
    & img { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; border-radius: 8px; display: block; background: ${tint('muted', 12)}; }
  `,
  side: css`display: grid; gap: 16px;`,
  list: css`margin: 0; padding-left: 18px; line-height: 1.7;`,
  files: css`display: grid; gap: 12px; margin-top: 16px;`,
  previews: css`
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    & img { width: 96px; height: 72px; object-fit: cover; border-radius: 6px; border: 1px solid ${v('border')}; }
  `,
  formActions: css`display: flex; justify-content: flex-end; gap: 8px; margin-top: 16px;`,
  leads: css`
    display: grid;
    gap: 10px;
    margin: 0 0 12px;
    padding: 0;
    list-style: none;
    & > li { display: grid; gap: 4px; padding-bottom: 10px; border-bottom: 1px solid ${v('border')}; }
    & > li:last-child { border-bottom: 0; padding-bottom: 0; }
  `,
  leadTop: css`display: flex; align-items: center; justify-content: space-between; gap: 8px; min-width: 0;`,
  leadName: css`
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 600;
    color: ${v('accent')};
    text-decoration: none;
    &:hover, &:focus-visible { text-decoration: underline; }
  `,
  leadsSummary: css`margin: 0 0 10px; font-size: 13px; color: ${v('muted')};`,
  leadsBoardLink: css`font-size: 14px; font-weight: 500; color: ${v('accent')};`,
  leadsNote: css`display: flex; flex-wrap: wrap; align-items: center; gap: 8px; color: ${v('danger')};`,
  visitsHeader: css`display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 8px; & > h3 { margin: 0; }`,
  visitTime: css`font-weight: 600; font-variant-numeric: tabular-nums;`,
  visitsNote: css`margin: 0; font-size: 14px; color: ${v('muted')};`,
  pendingNote: css`margin: 16px 0 0; text-align: right; font-size: 13px; color: ${v('muted')};`,
  notice: css`
    margin: 0 0 12px;
    padding: 10px 12px;
    border-radius: ${v('radius')};
    background: ${tint('danger', 10)};
    color: ${v('danger-text')};
  `,
}));
