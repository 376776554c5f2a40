/** Styles of the account screens: the page frame of the kit plus the avatar row, the cropper and the sessions list. */
import { css, lazyStyles } from '../../ui/css';
import { pageStyles } from '../../ui/pageStyles';
import { tint, v } from '../../ui/theme';

export const accountStyles = lazyStyles(() => ({
  ...pageStyles(),
  stack: css`display: grid; gap: 16px; min-width: 0; padding-top: 16px;`,
  sectionTitle: css`margin: 0 0 4px; font-size: 16px; font-weight: 600; color: ${v('text')};`,
  hint: css`margin: 0 0 12px; font-size: 13px; color: ${v('muted')};`,
  avatarRow: css`display: flex; flex-wrap: wrap; align-items: center; gap: 16px;`,
  avatarActions: css`display: grid; gap: 6px; min-width: 0;`,
  error: css`margin: 0; font-size: 13px; color: ${v('danger')};`,
  notice: css`
    margin: 0;
    padding: 10px 14px;
    border: 1px solid ${tint('info', 35)};
    border-radius: ${v('radius')};
    background: ${tint('info', 8)};
    color: ${v('text')};
    font-size: 14px;
  `,
  actions: css`display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 8px; margin-top: 16px;`,
  cropFrame: css`
    position: relative;
    width: min(100%, 360px);
    margin: 0 auto;
    touch-action: none;
    user-select: none;
    outline: none;
    border-radius: ${v('radius')};
    &:focus-visible { box-shadow: 0 0 0 3px ${tint('accent', 45)}; }
  `,
  cropCanvas: css`display: block; width: 100%; height: auto; cursor: move; border-radius: ${v('radius')};`,
  cropHelp: css`margin: 8px 0 0; font-size: 12px; color: ${v('muted')}; text-align: center;`,
  cropZoom: css`display: flex; align-items: center; gap: 8px; justify-content: center; margin-top: 8px; font-size: 13px;`,
  sessions: css`display: grid; gap: 0; margin: 0; padding: 0; list-style: none;`,
  session: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 4px 12px;
    padding: 12px 0;
    border-top: 1px solid ${v('border')};
    &:first-child { border-top: 0; }
  `,
  device: css`font-weight: 600; color: ${v('text')}; overflow-wrap: anywhere;`,
  seen: css`font-size: 13px; color: ${v('muted')};`,
  choices: css`display: flex; flex-wrap: wrap; gap: 8px 16px; margin: 0; padding: 0; border: 0;`,
  legend: css`padding: 0; margin-bottom: 8px; font-weight: 600; font-size: 14px; color: ${v('text')};`,
  choice: css`display: inline-flex; align-items: center; gap: 6px; font-size: 14px; cursor: pointer;`,
}));
