/**
 * The kinds of event a webhook is sent, as checkboxes grouped as the contract lists them
 * (`WEBHOOK_KINDS`): "All events" first — every kind, those added later included — then one group
 * per kind of record. With "All events" ticked the single kinds show ticked and cannot be changed,
 * since they are all sent.
 */
import { useId, type ReactElement } from 'react';
import { ALL_KINDS } from '../../contract';
import { CheckboxField } from '../../ui';
import { KIND_GROUPS, kindWords, toggleKinds } from './webhooksModel';
import { webhooksStyles } from './webhooksStyles';

export interface KindPickerProps {
  chosen: readonly string[];
  onChange(kinds: string[]): void;
  error?: string;
  disabled?: boolean;
  /** The form's ref, so a failed submit moves focus here. */
  inputRef?: (element: HTMLElement | null) => void;
}

/**
 * @example
 * <KindPicker chosen={form.values.kinds} onChange={(kinds) => form.setValue('kinds', kinds)} error={form.errors.kinds} />
 */
export function KindPicker({ chosen, onChange, error, disabled, inputRef }: KindPickerProps): ReactElement {
  const s = webhooksStyles();
  const errorId = `ed-kinds${useId().replace(/[^\w-]/g, '')}`;
  const all = chosen.includes(ALL_KINDS);
  return (
    <fieldset className={s.kindsBox} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>Events to send</legend>
      <CheckboxField
        ref={inputRef}
        label="All events, kinds added later included"
        checked={all}
        disabled={disabled}
        onChange={(event) => onChange(toggleKinds(chosen, [ALL_KINDS], event.target.checked))}
      />
      <div className={s.kindGroups}>
        {KIND_GROUPS.map((group) => (
          <fieldset key={group.type} className={s.kindGroup}>
            <legend className={s.urlText}>{group.label}</legend>
            {group.kinds.map((kind) => (
              <CheckboxField
                key={kind}
                label={
                  <>
                    {kindWords(kind)} <code className={s.code}>{kind}</code>
                  </>
                }
                checked={all || chosen.includes(kind)}
                disabled={disabled || all}
                onChange={(event) => onChange(toggleKinds(chosen, [kind], event.target.checked))}
              />
            ))}
          </fieldset>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className={s.kindError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
