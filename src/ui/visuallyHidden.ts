/**
 * A class that hides content visually but keeps it for screen readers (and keeps inputs focusable).
 *
 * @example
 * <span className={visuallyHidden()}>required</span>
 */
import { css, lazyStyles } from './css';

export const visuallyHidden = lazyStyles(
  () => css`
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  `,
);
