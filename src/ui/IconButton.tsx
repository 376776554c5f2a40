/**
 * A square button holding only an icon. Its accessible name is mandatory (`aria-label`), and it
 * doubles as the tooltip, because an icon alone tells a screen-reader user nothing.
 *
 * @example
 * <IconButton aria-label="Delete lead" variant="ghost" onClick={remove}><Icon name="trash" /></IconButton>
 */
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { buttonStyles, type ButtonSize, type ButtonVariant } from './Button';
import { css, cx, lazyStyles } from './css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Required: what the button does ("Close", "Show password"). */
  'aria-label': string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

const styles = lazyStyles(() => ({
  sm: css`width: 30px; padding: 0;`,
  md: css`width: 36px; padding: 0;`,
  lg: css`width: 44px; padding: 0;`,
}));

/**
 * An icon-only button with a required label.
 *
 * @example
 * <IconButton aria-label="Notifications"><Icon name="bell" /></IconButton>
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { variant = 'ghost', size = 'md', type = 'button', className, title, children, ...rest },
  ref,
) {
  const b = buttonStyles();
  return (
    <button
      ref={ref}
      type={type}
      title={title ?? rest['aria-label']}
      className={cx(b.base, b[size], b[variant], styles()[size], className)}
      {...rest}
    >
      {children}
    </button>
  );
});
