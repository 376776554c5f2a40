/**
 * A labelled number input that enforces the limits of docs/product/rules.md while typing: no minus
 * sign when the minimum is 0 or more, no exponent, at most `maxDigits` integer digits, and a value
 * clamped into [min, max] when the field is left. Forwards its ref for react-hook-form.
 *
 * @example
 * <NumberField label="Year built" min={YEAR_BUILT_MIN} max={new Date().getFullYear()} maxDigits={4} {...register('year_built')} />
 */
import { forwardRef, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { cx } from './css';
import { Field, type FieldBaseProps } from './Field';
import { inputStyles } from './inputStyles';
import { commitNumberInput, isBlockedNumberKey, sanitiseNumberInput, type NumberRules } from './numberInput';

export interface NumberFieldProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size' | 'min' | 'max'> {
  /** Lowest allowed value (react-hook-form's `register` may hand it over as a string). */
  min?: number | string;
  max?: number | string;
  /** Largest number of integer digits (4 for a year). */
  maxDigits?: number;
}

const toNumber = (value: number | string | undefined): number | undefined =>
  value === undefined || value === '' || !Number.isFinite(Number(value)) ? undefined : Number(value);

// Setting `.value` directly bypasses React; going through the prototype setter and an `input`
// event makes React (and react-hook-form's registered onChange) see the clamped value.
function setNativeValue(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A number field with min/max/digit limits.
 *
 * @example
 * <NumberField label="Price" min={0} step="any" {...register('price')} />
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  {
    label, required, hint, error, hideLabel, fieldClassName, id, className, min, max, maxDigits,
    onKeyDown, onChange, onBlur, inputMode, 'aria-describedby': describedBy, ...rest
  },
  ref,
) {
  const rules: NumberRules = { min: toNumber(min), max: toNumber(max), maxDigits };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedNumberKey(event.key, rules)) event.preventDefault();
    onKeyDown?.(event);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const clean = sanitiseNumberInput(event.target.value, rules);
    if (clean !== event.target.value) event.target.value = clean;
    onChange?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const committed = commitNumberInput(event.target.value, rules);
    if (committed !== event.target.value) setNativeValue(event.target, committed);
    onBlur?.(event);
  };

  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} hideLabel={hideLabel} fieldClassName={fieldClassName} describedBy={describedBy}>
      {(control) => (
        <input
          ref={ref}
          type="number"
          inputMode={inputMode ?? (rules.min !== undefined && rules.min >= 0 && maxDigits !== undefined ? 'numeric' : 'decimal')}
          min={min}
          max={max}
          className={cx(inputStyles().control, className)}
          onKeyDown={handleKeyDown}
          onChange={handleChange}
          onBlur={handleBlur}
          {...control}
          {...rest}
        />
      )}
    </Field>
  );
});
