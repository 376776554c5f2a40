/**
 * Styles of the company screens: the profile's banner and sections, the forms' colour and media
 * pickers, the list's cells. Built on first render (`lazyStyles`), never at import time. Brand
 * surfaces read `--ed-brand-primary`/`--ed-brand-secondary` (set from the company's colours) and
 * fall back to the accent.
 */
import { css, lazyStyles } from '../../ui/css';
import { pageStyles } from '../../ui/pageStyles';
import { tint, v } from '../../ui/theme';

export const companyStyles = lazyStyles(() => ({
  ...pageStyles(),
  banner: css`
    position: relative;
    min-height: 180px;
    display: flex;
    align-items: flex-end;
    border-radius: 12px;
    overflow: hidden;
    background-size: cover;
    background-position: center;
    color: #fff;
    @media (max-width: 480px) { min-height: 150px; }
  `,
  bannerShade: css`
    display: flex;
    align-items: center;
    gap: 16px;
    width: 100%;
    padding: 20px;
    background: linear-gradient(to top, rgba(17, 24, 39, 0.78), rgba(17, 24, 39, 0.1));
    @media (max-width: 480px) { gap: 12px; padding: 14px; }
  `,
  badge: css`
    flex: none;
    display: grid;
    place-items: center;
    width: 72px;
    height: 72px;
    border-radius: 16px;
    border: 3px solid #fff;
    background: ${v('accent')};
    color: #fff;
    font-size: 32px;
    font-weight: 700;
    overflow: hidden;
    & img { width: 100%; height: 100%; object-fit: cover; max-width: none; }
    @media (max-width: 480px) { width: 56px; height: 56px; font-size: 24px; }
  `,
  bannerText: css`min-width: 0; display: grid; gap: 2px;`,
  name: css`margin: 0; font-size: 26px; font-weight: 700; color: #fff; line-height: 1.2; overflow-wrap: anywhere; @media (max-width: 480px) { font-size: 20px; }`,
  tagline: css`margin: 0; font-size: 15px; color: rgba(255, 255, 255, 0.92); overflow-wrap: anywhere;`,
  columns: css`
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 16px;
    align-items: start;
    @media (max-width: 900px) { grid-template-columns: minmax(0, 1fr); }
  `,
  wide: css`grid-column: 1 / -1;`,
  sectionTitle: css`margin: 0 0 10px; font-size: 16px; font-weight: 600; color: ${v('text')};`,
  facts: css`
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 6px 16px;
    margin: 0;
    & dt { color: ${v('muted')}; }
    & dd { margin: 0; overflow-wrap: anywhere; }
    @media (max-width: 480px) { grid-template-columns: minmax(0, 1fr); & dd { margin-bottom: 6px; } }
  `,
  prose: css`margin: 0 0 10px; line-height: 1.6; white-space: pre-line; overflow-wrap: anywhere;`,
  chips: css`display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none;`,
  chip: css`
    padding: 3px 10px;
    border-radius: 999px;
    background: ${tint('accent', 12)};
    color: ${v('accent-text')};
    font-size: 13px;
    font-weight: 500;
  `,
  links: css`display: grid; gap: 8px; margin: 0; padding: 0; list-style: none; & li { overflow-wrap: anywhere; }`,
  muted: css`color: ${v('muted')};`,
  notice: css`
    margin: 0;
    padding: 10px 12px;
    border-radius: 8px;
    background: ${tint('info', 10)};
    color: ${v('text')};
    font-size: 13px;
  `,
  failure: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    margin: 0 0 16px;
    padding: 10px 12px;
    border-radius: 8px;
    background: ${tint('danger', 10)};
    color: ${v('danger-text')};
    font-weight: 500;
  `,
  colourRow: css`display: flex; align-items: flex-end; gap: 8px; & > :first-child { flex: 1; min-width: 0; }`,
  colourUse: css`display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin-top: 12px; font-size: 13px;`,
  colourUseLabel: css`color: ${v('muted')};`,
  colourSample: css`display: inline-flex; align-items: center; gap: 10px; padding: 6px 10px; border: 1px solid ${v('border')}; border-radius: ${v('radius')};`,
  colourButton: css`padding: 4px 10px; border-radius: 6px; font-weight: 500;`,
  colourNote: css`flex: 1 1 100%; margin: 0; color: ${v('text')};`,
  swatch: css`
    flex: none;
    width: 44px;
    height: 38px;
    padding: 2px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('surface')};
    cursor: pointer;
  `,
  mediaGrid: css`
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 12px;
    @media (max-width: 900px) { grid-template-columns: minmax(0, 1fr); }
  `,
  preview: css`
    margin-top: 8px;
    height: 96px;
    border: 1px solid ${v('border')};
    border-radius: 8px;
    background: ${tint('muted', 8)};
    overflow: hidden;
    & img { display: block; width: 100%; height: 100%; object-fit: contain; }
  `,
  formActions: css`
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 8px;
    margin-top: 20px;
  `,
  logoCell: css`
    width: 40px;
    height: 40px;
    border-radius: 8px;
    object-fit: contain;
    background: ${tint('muted', 8)};
  `,
  actions: css`display: flex; gap: 4px;`,
  scrollNote: css`margin: 0; font-size: 13px; color: ${v('muted')};`,
}));
