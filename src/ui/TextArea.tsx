/**
 * A labelled multi-line text input (descriptions, notes). Forwards its ref for react-hook-form.
 *
 * @example
 * <TextArea label="Description" rows={4} {...register('long_description')} />
 */
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cx } from './css';
import { Field, type FieldBaseProps } from './Field';
import { inputStyles } from './inputStyles';

export interface TextAreaProps extends FieldBaseProps, TextareaHTMLAttributes<HTMLTextAreaElement> {}

/**
 * A textarea with label, hint and error.
 *
 * @example
 * <TextArea label="Features" hint="Separate with commas" {...register('features')} />
 */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, required, hint, error, hideLabel, fieldClassName, id, className, rows = 4, 'aria-describedby': describedBy, ...rest },
  ref,
) {
  const s = inputStyles();
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} hideLabel={hideLabel} fieldClassName={fieldClassName} describedBy={describedBy}>
      {(control) => <textarea ref={ref} rows={rows} className={cx(s.control, s.textarea, className)} {...control} {...rest} />}
    </Field>
  );
});
