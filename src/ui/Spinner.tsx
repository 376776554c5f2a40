/**
 * A small rotating ring. Decorative by default (inside a busy button the label already says what
 * happens); give it a `label` when it stands alone so screen readers hear it.
 *
 * @example
 * <Spinner label="Loading leads" />
 */
import type { ReactElement } from 'react';
import { css, cx, keyframes, lazyStyles } from './css';

const styles = lazyStyles(() => {
  const spin = keyframes`to { transform: rotate(360deg); }`;
  return {
    ring: css`
      display: inline-block;
      flex: none;
      border-radius: 50%;
      border: 2px solid currentColor;
      border-right-color: transparent;
      animation: ${spin} 0.7s linear infinite;
      vertical-align: middle;
      @media (prefers-reduced-motion: reduce) {
        animation-duration: 2s;
      }
    `,
  };
});

export interface SpinnerProps {
  /** Diameter in pixels (default 16). */
  size?: number;
  /** Accessible name; without it the spinner is hidden from assistive technology. */
  label?: string;
  className?: string;
}

/**
 * A spinner.
 *
 * @example
 * <Spinner size={24} label="Loading..." />
 */
export function Spinner({ size = 16, label, className }: SpinnerProps): ReactElement {
  return (
    <span
      className={cx(styles().ring, className)}
      style={{ width: size, height: size }}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
