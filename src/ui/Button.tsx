/**
 * The suite's button: orange primary, white secondary, red danger, quiet ghost and inline link.
 * `busy` disables it and swaps the text for `busyLabel` (docs/product/rules.md: "Saving...", "Adding...").
 * A busy button stays focusable (`aria-disabled`, presses ignored): a natively disabled button
 * drops the focus to the page, and a keyboard or screen-reader user loses their place.
 *
 * @example
 * <Button type="submit" busy={saving} busyLabel="Saving..." icon={<Icon name="check" />}>
 *   Save Changes
 * </Button>
 */
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { Spinner } from './Spinner';
import { shade, tint, v } from './theme';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button (it keeps the focus) and shows a spinner with `busyLabel` while work is in flight. */
  busy?: boolean;
  /** Text shown while busy, e.g. "Saving..."; the normal text stays when omitted. */
  busyLabel?: ReactNode;
  /** Icon before the text (hidden from screen readers). */
  icon?: ReactNode;
  /** Icon after the text. */
  iconAfter?: ReactNode;
  /** Stretches to the full width of its container. */
  block?: boolean;
}

/**
 * The button classes, shared with controls that must look like buttons (file picker, menu trigger).
 *
 * @example
 * const b = buttonStyles();
 * <label className={cx(b.base, b.sm, b.secondary)}>Choose file</label>
 */
export const buttonStyles = lazyStyles(() => ({
  base: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
    box-sizing: border-box;
    margin: 0;
    border: 1px solid transparent;
    border-radius: ${v('radius')};
    font-family: inherit;
    font-weight: 500;
    line-height: 1.25;
    white-space: nowrap;
    text-decoration: none;
    cursor: pointer;
    user-select: none;
    transition: background-color 0.15s, border-color 0.15s, color 0.15s, box-shadow 0.15s;
    &:focus-visible {
      outline: 2px solid ${v('accent')};
      outline-offset: 2px;
    }
    &:disabled, &[aria-disabled='true'] {
      cursor: not-allowed;
      opacity: 0.6;
    }
  `,
  sm: css`height: 30px; padding: 0 10px; font-size: 13px;`,
  md: css`height: 36px; padding: 0 14px; font-size: 14px;`,
  lg: css`height: 44px; padding: 0 20px; font-size: 15px;`,
  primary: css`
    background: ${v('accent')};
    color: ${v('accent-contrast')};
    box-shadow: 0 1px 2px rgba(16, 24, 40, 0.08);
    /* Hover and press move away from the text colour, so the label only gains contrast. */
    &:hover:not(:disabled, [aria-disabled='true']) { background: color-mix(in srgb, ${v('accent')} 88%, ${v('accent-shift')}); }
    &:active:not(:disabled, [aria-disabled='true']) { background: color-mix(in srgb, ${v('accent')} 78%, ${v('accent-shift')}); }
  `,
  secondary: css`
    background: ${v('surface')};
    color: ${v('text')};
    border-color: ${v('border')};
    box-shadow: 0 1px 2px rgba(16, 24, 40, 0.05);
    &:hover:not(:disabled, [aria-disabled='true']) { background: ${v('bg')}; border-color: ${shade('border', 90)}; }
  `,
  danger: css`
    background: ${v('danger')};
    color: ${v('danger-contrast')};
    /* Towards the text colour: darker in the light scheme, lighter in the dark one (dark label there). */
    &:hover:not(:disabled, [aria-disabled='true']) { background: color-mix(in srgb, ${v('danger')} 88%, ${v('text')}); }
    &:focus-visible { outline-color: ${v('danger')}; }
  `,
  ghost: css`
    background: transparent;
    color: ${v('text')};
    &:hover:not(:disabled, [aria-disabled='true']) { background: ${tint('text', 8)}; }
  `,
  link: css`
    height: auto;
    padding: 0;
    background: none;
    color: ${v('accent')};
    font-weight: 500;
    &:hover:not(:disabled, [aria-disabled='true']) { text-decoration: underline; color: color-mix(in srgb, ${v('accent')} 85%, ${v('text')}); }
  `,
  block: css`display: flex; width: 100%;`,
  icon: css`display: inline-flex; flex: none;`,
}));

/**
 * A button. `type` defaults to "button" so a button inside a form never submits by accident;
 * submit buttons say `type="submit"`.
 *
 * @example
 * <Button variant="danger" onClick={remove}>Delete</Button>
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', busy = false, busyLabel, icon, iconAfter, block = false, disabled, type = 'button', className, children, onClick, ...rest },
  ref,
) {
  const s = buttonStyles();
  return (
    <button
      ref={ref}
      type={type}
      className={cx(s.base, s[size], s[variant], block && s.block, className)}
      disabled={disabled}
      aria-disabled={(busy && !disabled) || undefined}
      aria-busy={busy || undefined}
      {...rest}
      // While busy a press does nothing, not even submit its form (Enter in a field presses it too).
      onClick={busy ? (event) => event.preventDefault() : onClick}
    >
      {busy ? <Spinner size={14} /> : icon ? <span className={s.icon} aria-hidden="true">{icon}</span> : null}
      {busy && busyLabel !== undefined ? busyLabel : children}
      {!busy && iconAfter ? <span className={s.icon} aria-hidden="true">{iconAfter}</span> : null}
    </button>
  );
});
