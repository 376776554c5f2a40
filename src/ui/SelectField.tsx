/**
 * A labelled native select. Options may be plain strings (value = label) or `{ value, label }`
 * pairs (for ids and 1-based indexes such as property types). Native, so it is keyboard- and
 * screen-reader-friendly everywhere and works inside table rows on phones.
 *
 * @example
 * <SelectField label="Lead source" placeholder="Select source" options={LEAD_SOURCES} {...register('lead_source')} />
 */
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cx } from './css';
import { Field, type FieldBaseProps } from './Field';
import { inputStyles } from './inputStyles';

/** One option: a string, or a value with its label. */
export type SelectOption = string | { value: string | number; label: string; disabled?: boolean };

export interface SelectFieldProps extends FieldBaseProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  options: ReadonlyArray<SelectOption>;
  /** A first, empty-valued option such as "Select status". */
  placeholder?: string;
  /** Control height: `sm` for inline selects inside table rows. */
  size?: 'sm' | 'md';
}

/**
 * Normalises options to `{ value, label }` pairs.
 *
 * @example
 * normaliseOptions(['Open', { value: 2, label: 'Won' }]) // [{ value: 'Open', label: 'Open' }, { value: 2, label: 'Won' }]
 */
export const normaliseOptions = (options: ReadonlyArray<SelectOption>) =>
  options.map((o) => (typeof o === 'string' ? { value: o, label: o, disabled: false } : { disabled: false, ...o }));

/**
 * A select with label, hint, error and optional placeholder.
 *
 * @example
 * <SelectField label="Status" options={workflows.map((w) => ({ value: w.id, label: w.name }))} />
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, required, hint, error, hideLabel, fieldClassName, id, className, options, placeholder, size = 'md', 'aria-describedby': describedBy, ...rest },
  ref,
) {
  const s = inputStyles();
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} hideLabel={hideLabel} fieldClassName={fieldClassName} describedBy={describedBy}>
      {(control) => (
        <select
          ref={ref}
          className={cx(s.control, s.select, className)}
          style={size === 'sm' ? { height: 30, fontSize: 13, paddingLeft: 8 } : undefined}
          {...control}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {normaliseOptions(options).map((o) => (
            <option key={String(o.value)} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
});
