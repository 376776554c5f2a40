/**
 * A password input with a show/hide toggle (docs/product/screens.md: login, registration and the
 * security form). The toggle is a real button whose label says what pressing it will do: "Show
 * password" or "Hide password".
 *
 * @example
 * <PasswordField label="Password" autoComplete="current-password" {...register('password')} />
 */
import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { css, cx, lazyStyles } from './css';
import { Field, type FieldBaseProps } from './Field';
import { Icon } from './Icon';
import { inputStyles } from './inputStyles';
import { UI_TEXT } from './labels';
import { tint, v } from './theme';

export interface PasswordFieldProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> {
  /** Label of the toggle while the password is hidden. */
  showPasswordLabel?: string;
  /** Label of the toggle while the password is visible. */
  hidePasswordLabel?: string;
}

const styles = lazyStyles(() => ({
  wrap: css`position: relative; display: block;`,
  input: css`padding-right: 44px;`,
  toggle: css`
    position: absolute;
    top: 3px;
    right: 3px;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 30px;
    height: 30px;
    margin: 0;
    padding: 0;
    border: 0;
    border-radius: 6px;
    background: transparent;
    color: ${v('muted')};
    cursor: pointer;
    &:hover { color: ${v('text')}; background: ${tint('text', 6)}; }
    &:focus-visible { outline: 2px solid ${v('accent')}; outline-offset: 0; }
  `,
}));

/**
 * A password field with a visibility toggle.
 *
 * @example
 * <PasswordField label="New password" required error={errors.new_password?.message} {...register('new_password')} />
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  {
    label, required, hint, error, hideLabel, fieldClassName, id, className,
    showPasswordLabel = UI_TEXT.showPassword, hidePasswordLabel = UI_TEXT.hidePassword,
    'aria-describedby': describedBy, ...rest
  },
  ref,
) {
  const [visible, setVisible] = useState(false);
  const s = styles();
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} hideLabel={hideLabel} fieldClassName={fieldClassName} describedBy={describedBy}>
      {(control) => (
        <span className={s.wrap}>
          <input
            ref={ref}
            type={visible ? 'text' : 'password'}
            className={cx(inputStyles().control, s.input, className)}
            {...control}
            {...rest}
          />
          <button
            type="button"
            className={s.toggle}
            aria-label={visible ? hidePasswordLabel : showPasswordLabel}
            aria-controls={control.id}
            onClick={() => setVisible((on) => !on)}
          >
            <Icon name={visible ? 'eyeOff' : 'eye'} />
          </button>
        </span>
      )}
    </Field>
  );
});
