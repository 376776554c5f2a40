/**
 * A searchable picker (WAI-ARIA combobox with a listbox): type to narrow, ↑/↓ and Enter to
 * choose, Escape to close. One value, or several shown as removable chips. Choices come from a
 * fixed list or are asked of `search` (the calendar's API) as the person types.
 */
import { forwardRef, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type Ref } from 'react';
import { Field, type FieldBaseProps } from '../../ui';
import { inputStyles } from '../../ui/inputStyles';
import type { Choice } from './calendarApi';
import { calendarStyles } from './calendarStyles';

export interface SearchSelectProps extends FieldBaseProps {
  name: string;
  /** The chosen id(s), as text. */
  value: string | string[];
  onChange(event: { target: { value: string | string[] } }): void;
  /** What a chosen id is called (the form keeps the names it has seen). */
  labelOf(id: string): string;
  /** Hears each choice made, with its name. */
  onPick?(choice: Choice): void;
  /** Choices to filter locally… */
  choices?: readonly Choice[];
  /** …or to ask for as the person types. */
  search?(text: string, signal: AbortSignal): Promise<Choice[]>;
  placeholder?: string;
  disabled?: boolean;
}

const DEBOUNCE_MS = 250;

export const SearchSelect = forwardRef(function SearchSelect(
  { name, value, onChange, labelOf, onPick, choices, search, placeholder, disabled, ...field }: SearchSelectProps,
  ref: Ref<HTMLInputElement>,
): ReactElement {
  const s = calendarStyles();
  const multiple = Array.isArray(value);
  const chosen = multiple ? value : value ? [value] : [];
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<Choice[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const listId = `ed-cal-${useId().replace(/[^\w-]/g, '')}`;
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!open) return;
    if (choices) {
      const needle = text.trim().toLowerCase();
      setFound(choices.filter((c) => !needle || c.label.toLowerCase().includes(needle)));
      return;
    }
    if (!search) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      search(text, controller.signal)
        .then((answer) => setFound(answer))
        .catch(() => controller.signal.aborted || setFound([]))
        .finally(() => controller.signal.aborted || setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, text, choices, search]);

  useEffect(() => setActive(0), [found]);

  const pick = (choice: Choice) => {
    onPick?.(choice);
    if (multiple) {
      if (!value.includes(choice.value)) onChange({ target: { value: [...value, choice.value] } });
      setText('');
    } else {
      onChange({ target: { value: choice.value } });
      setText('');
      setOpen(false);
    }
  };
  const remove = (id: string) => onChange({ target: { value: multiple ? value.filter((v) => v !== id) : '' } });

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (found.length ? (i + step + found.length) % found.length : 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const choice = found[active];
      if (choice) pick(choice);
    } else if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Backspace' && !text && multiple && value.length) {
      remove(value[value.length - 1]!);
    }
  };

  const single = !multiple && chosen[0] ? labelOf(chosen[0]) : '';
  return (
    <Field {...field}>
      {(control) => (
        <div className={s.picker}>
          {multiple && chosen.length > 0 && (
            <ul className={s.chips} aria-label="Chosen">
              {chosen.map((id) => (
                <li key={id}>
                  <button type="button" onClick={() => remove(id)} aria-label={`Remove ${labelOf(id)}`} disabled={disabled}>
                    {labelOf(id)} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            ref={ref}
            {...control}
            name={name}
            className={inputStyles().control}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && found[active] ? `${listId}-${active}` : undefined}
            autoComplete="off"
            disabled={disabled}
            placeholder={single || placeholder}
            value={open ? text : single}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => {
              clearTimeout(blurTimer.current);
              setOpen(true);
            }}
            onBlur={() => {
              blurTimer.current = setTimeout(() => setOpen(false), 150);
            }}
            onKeyDown={keyDown}
          />
          {open && (
            <ul id={listId} role="listbox" className={s.options} aria-label={typeof field.label === 'string' ? field.label : undefined}>
              {found.map((choice, index) => (
                <li
                  key={choice.value}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(choice)}
                >
                  {choice.label}
                  {chosen.includes(choice.value) && ' ✓'}
                </li>
              ))}
              {!found.length && (
                <li role="option" aria-selected={false} aria-disabled="true">
                  {loading ? 'Searching...' : 'No matches'}
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
});
