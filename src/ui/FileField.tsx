/**
 * A file picker that looks like the rest of the form and shows the chosen file's name (Import
 * Leads, avatar, company media: docs/product/screens.md). The native input stays in the page,
 * visually hidden but focusable, so keyboard and screen-reader users get the browser's own picker.
 *
 * @example
 * <FileField label="File" accept=".csv,.xlsx,.xls" onFilesChange={(files) => setFile(files[0] ?? null)} />
 */
import { forwardRef, useEffect, useRef, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { buttonStyles } from './Button';
import { css, cx, lazyStyles } from './css';
import { Field, type FieldBaseProps } from './Field';
import { Icon } from './Icon';
import { UI_TEXT } from './labels';
import { mergeRefs } from './mergeRefs';
import { tint, v } from './theme';
import { visuallyHidden } from './visuallyHidden';

export interface FileFieldProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> {
  /** Called with the chosen files (empty when the choice is cleared). */
  onFilesChange?: (files: File[]) => void;
  /** Text of the picker button. */
  buttonLabel?: string;
  /** Text shown before anything is chosen. */
  emptyLabel?: string;
}

const styles = lazyStyles(() => ({
  row: css`
    display: flex;
    align-items: center;
    gap: 12px;
    min-width: 0;
    padding: 6px;
    border: 1px dashed ${v('border')};
    border-radius: ${v('radius')};
    background: ${v('surface')};
  `,
  focusRing: css`
    &:focus-visible + label {
      outline: 2px solid ${v('accent')};
      outline-offset: 2px;
    }
  `,
  invalid: css`border-color: ${v('danger')};`,
  name: css`
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: 13px;
    color: ${v('muted')};
  `,
  chosen: css`color: ${v('text')}; font-weight: 500;`,
  pick: css`background: ${tint('accent', 10)}; color: ${v('accent-text')}; border-color: transparent;`,
}));

/**
 * Describes a file choice: the file's name, "N files chosen", or the empty text.
 *
 * @example
 * describeFiles([new File([''], 'leads.csv')]) // "leads.csv"
 */
export function describeFiles(files: ArrayLike<File> | null | undefined, emptyLabel: string = UI_TEXT.noFileChosen): string {
  if (!files || files.length === 0) return emptyLabel;
  if (files.length === 1) return files[0]?.name ?? emptyLabel;
  return UI_TEXT.filesChosen(files.length);
}

/**
 * A labelled file input showing the chosen file name.
 *
 * @example
 * <FileField label="Avatar" accept="image/jpeg,image/png" error={avatarError} {...register('avatar')} />
 */
export const FileField = forwardRef<HTMLInputElement, FileFieldProps>(function FileField(
  {
    label, required, hint, error, hideLabel, fieldClassName, id, className, onChange, onFilesChange,
    buttonLabel = UI_TEXT.chooseFile, emptyLabel = UI_TEXT.noFileChosen, 'aria-describedby': describedBy, disabled, ...rest
  },
  ref,
) {
  const inner = useRef<HTMLInputElement | null>(null);
  const [summary, setSummary] = useState<string | null>(null);

  // A form reset clears the input's files without a change event; clear the name with it.
  useEffect(() => {
    const form = inner.current?.form;
    if (!form) return;
    const clear = () => setSummary(null);
    form.addEventListener('reset', clear);
    return () => form.removeEventListener('reset', clear);
  }, []);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files;
    setSummary(files && files.length > 0 ? describeFiles(files, emptyLabel) : null);
    onChange?.(event);
    onFilesChange?.(files ? Array.from(files) : []);
  };

  const s = styles();
  const b = buttonStyles();
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} hideLabel={hideLabel} fieldClassName={fieldClassName} describedBy={describedBy}>
      {(control) => (
        <div className={cx(s.row, control['aria-invalid'] && s.invalid)}>
          <input
            ref={mergeRefs(inner, ref)}
            type="file"
            className={cx(visuallyHidden(), s.focusRing, className)}
            onChange={handleChange}
            disabled={disabled}
            {...control}
            {...rest}
          />
          <label htmlFor={control.id} className={cx(b.base, b.sm, b.secondary, s.pick)} aria-hidden={label !== undefined ? true : undefined} style={disabled ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}>
            <Icon name="upload" size={14} />
            {buttonLabel}
          </label>
          <span className={cx(s.name, summary !== null && s.chosen)} aria-live="polite">
            {summary ?? emptyLabel}
          </span>
        </div>
      )}
    </Field>
  );
});
