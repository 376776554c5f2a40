/**
 * The frame around every form control: label (with a required marker), the control, a hint and
 * the error text. It wires the accessibility attributes the control needs: `id` for the label,
 * `aria-describedby` pointing at hint and error, `aria-invalid` while there is an error,
 * `aria-required` when required. The error is a `role="alert"` so it is announced when it appears.
 *
 * @example
 * <Field label="Email" required error={errors.email?.message}>
 *   {(control) => <input {...control} {...register('email')} />}
 * </Field>
 */
import { useId, type ReactElement, type ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { UI_TEXT } from './labels';
import { v } from './theme';
import { visuallyHidden } from './visuallyHidden';

/** Props a control receives from `Field`. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

/** Label, hint and error props shared by every field component. */
export interface FieldBaseProps {
  /** The visible label (also the control's accessible name). */
  label?: ReactNode;
  /** Shows a required marker and sets `aria-required` on the control. */
  required?: boolean;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error text; when set the control is marked invalid. */
  error?: ReactNode;
  /** Keeps the label for screen readers only (e.g. a search box with a placeholder). */
  hideLabel?: boolean;
  /** Class of the field's outer element. */
  fieldClassName?: string;
}

export interface FieldProps extends FieldBaseProps {
  /** The control's id; generated when omitted. */
  id?: string;
  /** Extra ids to keep in `aria-describedby`. */
  describedBy?: string;
  /** The control, rendered with the wiring props. */
  children: (control: FieldControlProps) => ReactNode;
  /** Renders the label as text beside a checkbox instead of above the control. */
  inline?: boolean;
}

/**
 * The label, hint and error classes, shared by fields that lay themselves out (CheckboxField).
 *
 * @example
 * <p className={fieldStyles().error}>{error}</p>
 */
export const fieldStyles = lazyStyles(() => ({
  field: css`
    display: flex;
    flex-direction: column;
    gap: 6px;
    min-width: 0;
  `,
  label: css`
    display: block;
    font-size: 13px;
    font-weight: 500;
    color: ${v('text')};
  `,
  required: css`
    margin-left: 2px;
    color: ${v('danger')};
  `,
  hint: css`
    margin: 0;
    font-size: 12px;
    color: ${v('muted')};
  `,
  error: css`
    margin: 0;
    font-size: 12px;
    color: ${v('danger')};
  `,
}));

/**
 * Lays out a labelled control with its hint and error and wires their ids.
 *
 * @example
 * <Field label="City" hint="As on the address">{(c) => <input {...c} name="city" />}</Field>
 */
export function Field({ id, label, required, hint, error, hideLabel, fieldClassName, describedBy, children }: FieldProps): ReactElement {
  const autoId = useId();
  const controlId = id ?? `ed-field${autoId.replace(/[^\w-]/g, '')}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${controlId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const s = fieldStyles();
  return (
    <div className={cx(s.field, fieldClassName)}>
      {label !== undefined && (
        <label htmlFor={controlId} className={cx(s.label, hideLabel && visuallyHidden())}>
          {label}
          {required && <RequiredMark />}
        </label>
      )}
      {children({
        id: controlId,
        'aria-describedby': describedByIds,
        ...(hasError ? { 'aria-invalid': true as const } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
      })}
      {hint && (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} role="alert" className={s.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The red asterisk after a required label; screen readers hear "required" from `aria-required`. */
export function RequiredMark(): ReactElement {
  return (
    <span className={fieldStyles().required} aria-hidden="true" title={UI_TEXT.required}>
      *
    </span>
  );
}
