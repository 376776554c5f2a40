/**
 * A labelled single-line text input. Forwards its ref, so react-hook-form's `register` works.
 *
 * @example
 * <TextField label="First name" required error={errors.first_name?.message} {...register('first_name')} />
 */
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cx } from './css';
import { Field, type FieldBaseProps } from './Field';
import { inputStyles } from './inputStyles';

export interface TextFieldProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {}

/**
 * A text, e-mail, search, tel or url input with label, hint and error.
 *
 * @example
 * <TextField label="Email" type="email" autoComplete="email" {...register('email')} />
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, required, hint, error, hideLabel, fieldClassName, id, className, type = 'text', 'aria-describedby': describedBy, ...rest },
  ref,
) {
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} hideLabel={hideLabel} fieldClassName={fieldClassName} describedBy={describedBy}>
      {(control) => <input ref={ref} type={type} className={cx(inputStyles().control, className)} {...control} {...rest} />}
    </Field>
  );
});
