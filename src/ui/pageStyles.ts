/**
 * The frame every widget page shares: the page itself (a column of sections), its header row, its
 * heading and the raised panels its sections sit on. Widgets spread these into their own styles.
 *
 * @example
 * const styles = lazyStyles(() => ({ ...pageStyles(), toolbar: css`…` }));
 */
import { css, lazyStyles } from './css';
import { v } from './theme';

export const pageStyles = lazyStyles(() => ({
  page: css`
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
  heading: css`margin: 0; font-size: 22px; font-weight: 600; color: ${v('text')};`,
  /** A raised surface holding one section of the page (the leads table, a property's facts). */
  panel: css`
    min-width: 0;
    padding: 16px;
    border: 1px solid ${v('border')};
    border-radius: 12px;
    background: ${v('surface')};
    box-shadow: ${v('shadow')};
    @media (max-width: 480px) { padding: 10px; }
  `,
}));
