/**
 * A native checkbox with its label beside it (permission lists, "remember me"), plus optional
 * hint and error. Native, so Space toggles it and screen readers know its state.
 *
 * @example
 * <CheckboxField label="lead-create" {...register('permissions.lead-create')} />
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { css, cx, lazyStyles } from './css';
import { fieldStyles } from './Field';
import { v } from './theme';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  fieldClassName?: string;
}

const styles = lazyStyles(() => ({
  row: css`
    display: inline-flex;
    align-items: flex-start;
    gap: 8px;
    cursor: pointer;
    font-size: 14px;
    line-height: 20px;
    color: ${v('text')};
  `,
  box: css`
    flex: none;
    width: 16px;
    height: 16px;
    margin: 2px 0 0;
    accent-color: ${v('accent')};
    cursor: pointer;
    &:disabled { cursor: not-allowed; }
  `,
  texts: css`display: flex; flex-direction: column; gap: 2px; padding-left: 24px;`,
}));

/**
 * A labelled checkbox.
 *
 * @example
 * <CheckboxField label="Send me updates" checked={on} onChange={(e) => setOn(e.target.checked)} />
 */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, hint, error, fieldClassName, id, className, 'aria-describedby': describedBy, ...rest },
  ref,
) {
  const autoId = useId();
  const controlId = id ?? `ed-check${autoId.replace(/[^\w-]/g, '')}`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = hasError ? `${controlId}-error` : undefined;
  const s = styles();
  const f = fieldStyles();
  return (
    <div className={cx(f.field, fieldClassName)} style={{ gap: 2 }}>
      <label className={s.row} htmlFor={controlId}>
        <input
          ref={ref}
          id={controlId}
          type="checkbox"
          className={cx(s.box, className)}
          aria-describedby={[describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={hasError || undefined}
          {...rest}
        />
        <span>{label}</span>
      </label>
      {(hint || hasError) && (
        <div className={s.texts}>
          {hint && <p id={hintId} className={f.hint}>{hint}</p>}
          {hasError && <p id={errorId} role="alert" className={f.error}>{error}</p>}
        </div>
      )}
    </div>
  );
});
