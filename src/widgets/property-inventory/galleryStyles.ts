/**
 * Styles of Edit Property's photo gallery, in the gallery's own chunk and built on first render.
 */
import { css, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';

export const galleryStyles = lazyStyles(() => ({
  top: css`display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 8px 16px; margin-bottom: 12px;`,
  hint: css`margin: 4px 0 0; color: ${v('muted')}; font-size: 13px; line-height: 1.5;`,
  status: css`font-size: 13px; color: ${v('muted')}; min-height: 18px;`,
  picker: css`max-width: 360px; flex: 1 1 240px;`,
  notice: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    margin: 0 0 12px;
    padding: 10px 12px;
    border-radius: ${v('radius')};
    background: ${tint('danger', 10)};
    color: ${v('danger-text')};
    & > span { flex: 1 1 220px; }
    & ul { margin: 0; padding-left: 18px; }
  `,
  grid: css`
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(168px, 1fr));
    gap: 12px;
    margin: 0;
    padding: 0;
    list-style: none;
    @media (max-width: 480px) { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
  `,
  fileOver: css`outline: 2px dashed ${v('accent')}; outline-offset: 4px; border-radius: 8px;`,
  tile: css`
    position: relative;
    display: flex;
    flex-direction: column;
    min-width: 0;
    border: 1px solid ${v('border')};
    border-radius: 10px;
    background: ${v('surface')};
    overflow: hidden;
    cursor: grab;
    &[data-dragging='true'] { opacity: 0.45; }
  `,
  dropBefore: css`box-shadow: -4px 0 0 0 ${v('accent')};`,
  dropAfter: css`box-shadow: 4px 0 0 0 ${v('accent')};`,
  pendingTile: css`cursor: default;`,
  media: css`
    position: relative;
    aspect-ratio: 4 / 3;
    background: ${tint('muted', 12)};
    & img { width: 100%; height: 100%; object-fit: cover; display: block; pointer-events: none; }
  `,
  badge: css`position: absolute; top: 6px; left: 6px;`,
  overlay: css`
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    padding: 6px;
    background: rgba(255, 255, 255, 0.72);
    font-size: 13px;
    font-weight: 600;
    text-align: center;
  `,
  caption: css`padding: 6px 8px 0; font-size: 12px; color: ${v('muted')};`,
  controls: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
    padding: 6px 8px 8px;
    & > .grow { flex: 1 1 auto; }
  `,
}));
