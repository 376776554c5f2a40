/**
 * Styles the sign-in forms share: the field stack, the two-column name row, taller inputs,
 * the action row and the mode links. Built on first use, never at import time.
 */
import { css, lazyStyles } from '../../ui/css';
import { v } from '../../ui/theme';

export const authStyles = lazyStyles(() => ({
  form: css`
    display: grid;
    gap: 18px;
  `,
  row: css`
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    gap: 14px;
    @media (max-width: 420px) {
      grid-template-columns: minmax(0, 1fr);
      gap: 18px;
    }
  `,
  input: css`
    height: 42px;
    font-size: 15px;
  `,
  labelRow: css`
    display: flex;
    justify-content: flex-end;
    margin-top: -8px;
  `,
  actions: css`
    display: flex;
    gap: 12px;
    margin-top: 4px;
    & > * { flex: 1 1 0; }
  `,
  links: css`
    display: grid;
    justify-items: center;
    gap: 10px;
    margin-top: 22px;
    font-size: 14px;
    color: ${v('muted')};
    text-align: center;
  `,
  linkButton: css`
    gap: 4px;
    font-size: 14px;
    white-space: normal;
    text-align: center;
  `,
  /** Holds the card's height while the registration form arrives. */
  loading: css`
    min-height: 240px;
    margin: 0;
    color: ${v('muted')};
    font-size: 14px;
  `,
  linkPrefix: css`
    color: ${v('muted')};
    font-weight: 400;
  `,
  /** A link inside a sentence: underlined, since its colour alone is too close to the text's (WCAG 1.4.1). */
  inlineLink: css`text-decoration: underline; text-underline-offset: 2px;`,
  /** An anchor dressed as a button (with the Button kit's classes). */
  buttonLink: css`
    &:hover { text-decoration: none; }
  `,
  muted: css`
    margin: 0;
    font-size: 14px;
    line-height: 1.55;
    color: ${v('muted')};
  `,
  progress: css`
    display: grid;
    justify-items: center;
    gap: 14px;
    padding: 12px 0 4px;
    color: ${v('accent')};
    & p { margin: 0; font-size: 15px; color: ${v('text')}; }
  `,
  centered: css`
    display: grid;
    justify-items: center;
    gap: 16px;
    text-align: center;
  `,
}));
