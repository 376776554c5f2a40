/**
 * A centred spinner with text, for a screen or card whose data is on its way
 * ("Loading...", "Loading users...", "Loading company profile...").
 *
 * @example
 * <LoadingState label={MESSAGES.companies.loadingProfile} />
 */
import type { ReactElement, ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { UI_TEXT } from './labels';
import { Spinner } from './Spinner';
import { v } from './theme';

export interface LoadingStateProps {
  /** Visible text (default "Loading..."). */
  label?: ReactNode;
  /** `inline` is compact, for a card or a table cell. */
  size?: 'page' | 'inline';
  className?: string;
}

/**
 * The centred layout shared by the loading, empty and error states.
 *
 * @example
 * <div className={stateStyles().box}>...</div>
 */
export const stateStyles = lazyStyles(() => ({
  box: css`
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 12px;
    padding: 48px 24px;
    text-align: center;
    color: ${v('muted')};
  `,
  inline: css`padding: 16px; flex-direction: row; gap: 8px;`,
  icon: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 48px;
    height: 48px;
    border-radius: 50%;
  `,
  title: css`margin: 0; font-size: 16px; font-weight: 600; color: ${v('text')};`,
  text: css`margin: 0; max-width: 420px; font-size: 14px; color: ${v('muted')};`,
}));

/**
 * A loading placeholder.
 *
 * @example
 * <LoadingState />
 */
export function LoadingState({ label = UI_TEXT.loading, size = 'page', className }: LoadingStateProps): ReactElement {
  const s = stateStyles();
  return (
    <div className={cx(s.box, size === 'inline' && s.inline, className)} role="status" aria-live="polite">
      <Spinner size={size === 'inline' ? 16 : 28} />
      <span>{label}</span>
    </div>
  );
}
