/** Styles of a lead's history: the note form and the timeline. Built on first render. */
import { css, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';

export const historyStyles = lazyStyles(() => ({
  history: css`
    display: grid;
    gap: 16px;
  `,
  form: css`
    display: grid;
    gap: 8px;
    padding: 12px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
  `,
  formRow: css`
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
    gap: 8px;
  `,
  formActions: css`
    display: flex;
    justify-content: flex-end;
    gap: 8px;
  `,
  list: css`
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0;
  `,
  entry: css`
    padding: 10px 0 10px 14px;
    border-left: 2px solid ${tint('accent', 40)};
    margin-left: 4px;
    & + & { border-top: 1px solid ${v('border')}; }
  `,
  entryHead: css`
    margin: 0;
    font-size: 14px;
    color: ${v('text')};
  `,
  when: css`
    display: block;
    font-size: 13px;
    color: ${v('muted')};
  `,
  visit: css`
    display: grid;
    gap: 2px;
    margin: 6px 0 0;
    padding: 6px 10px;
    border-radius: ${v('radius')};
    background: ${tint('accent', 8)};
    font-size: 14px;
    overflow-wrap: anywhere;
  `,
  visitLine: css`
    margin: 0;
    & + & { color: ${v('muted')}; }
  `,
  changes: css`
    margin: 4px 0 0;
    padding-left: 18px;
    font-size: 14px;
  `,
  body: css`
    margin: 6px 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: 14px;
  `,
  followUp: css`
    margin: 4px 0 0;
    font-size: 13px;
    font-weight: 600;
    color: ${v('accent-text')};
  `,
  muted: css`
    margin: 4px 0 0;
    font-size: 13px;
    font-style: italic;
    color: ${v('muted')};
  `,
  noteActions: css`
    display: flex;
    gap: 8px;
    margin-top: 6px;
  `,
  more: css`
    justify-self: start;
  `,
  changed: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    margin: 0 0 16px;
    padding: 10px 12px;
    border-radius: ${v('radius')};
    background: ${tint('info', 10)};
    color: ${v('text')};
    font-size: 14px;
  `,
}));
