/**
 * Styles of the webhooks screen (the page frame and the phone's cards are the kit's): the cells,
 * the kind checkboxes, the secret box and the paging row. Built on first render (`lazyStyles`),
 * never at import time.
 */
import { css, lazyStyles } from '../../ui/css';
import { tint, v } from '../../ui/theme';

export const webhooksStyles = lazyStyles(() => ({
  table: css`
    & td { vertical-align: top; }
    @media (max-width: 560px) { & tbody tr { row-gap: 6px; } }
  `,
  intro: css`margin: -4px 0 16px; color: ${v('muted')}; font-size: 14px; line-height: 1.5; max-width: 72ch;`,
  /** An address breaks anywhere: a long one never pushes the page sideways. */
  url: css`display: grid; gap: 2px; min-width: 180px; max-width: 280px; overflow-wrap: anywhere; @media (max-width: 560px) { min-width: 0; max-width: none; }`,
  urlText: css`font-weight: 600; color: ${v('text')};`,
  small: css`font-size: 12px; color: ${v('muted')};`,
  kinds: css`
    margin: 0;
    padding: 0;
    list-style: none;
    min-width: 140px;
    max-width: 200px;
    font-size: 13px;
    color: ${v('text')};
    @media (max-width: 560px) { min-width: 0; max-width: none; }
  `,
  when: css`
    white-space: nowrap;
    color: ${v('muted')};
    font-size: 13px;
    font-variant-numeric: tabular-nums;
  `,
  actions: css`display: flex; flex-wrap: wrap; gap: 4px; justify-content: flex-end; align-items: center;`,
  link: css`
    color: ${v('accent-text')};
    font-weight: 600;
    text-decoration: none;
    &:hover { text-decoration: underline; }
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 2px; border-radius: 2px; }
  `,
  /** The add and edit form's fields, one under another. */
  form: css`display: grid; gap: 16px;`,
  kindsBox: css`
    margin: 0;
    padding: 12px;
    min-width: 0;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    & > legend { padding: 0 4px; font-size: 14px; font-weight: 600; color: ${v('text')}; }
  `,
  kindGroups: css`
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
    gap: 12px 16px;
    margin-top: 12px;
  `,
  kindGroup: css`
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
    display: grid;
    gap: 4px;
    & > legend { padding: 0; margin-bottom: 4px; }
  `,
  kindError: css`margin: 8px 0 0; font-size: 13px; color: ${v('danger-text')};`,
  code: css`font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; color: ${v('muted')};`,
  secret: css`
    display: block;
    margin: 12px 0;
    padding: 10px 12px;
    border: 1px solid ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('bg')};
    color: ${v('text')};
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 14px;
    overflow-wrap: anywhere;
    user-select: all;
  `,
  warning: css`
    margin: 0;
    padding: 10px 12px;
    border-radius: ${v('radius')};
    background: ${tint('danger', 10)};
    color: ${v('danger-text')};
    font-size: 14px;
    line-height: 1.5;
  `,
  lead: css`margin: 0; color: ${v('text')}; font-size: 14px; line-height: 1.5;`,
  back: css`display: inline-flex; align-items: center; gap: 4px;`,
  summary: css`
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    margin: 0 0 16px;
    font-size: 14px;
    color: ${v('text')};
    overflow-wrap: anywhere;
  `,
  status: css`display: grid; gap: 4px; justify-items: start; max-width: 150px; @media (max-width: 560px) { max-width: none; }`,
  attempt: css`display: grid; gap: 2px; white-space: nowrap; font-size: 13px;`,
  error: css`display: block; font-size: 13px; color: ${v('danger-text')}; overflow-wrap: anywhere; min-width: 140px; max-width: 220px; @media (max-width: 560px) { min-width: 0; max-width: none; }`,
  /** On a phone's card the actions start the line, under what they act on. */
  cardActions: css`@media (max-width: 560px) { justify-content: flex-start; }`,
  more: css`
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    margin-top: 12px;
    font-size: 13px;
    color: ${v('muted')};
  `,
}));
