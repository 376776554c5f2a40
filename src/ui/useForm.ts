/**
 * The form state every widget shares: values, field errors, a form-wide message and the busy
 * flag of a submit. Validation runs on submit (a contract schema through `schemaValidator`, or any
 * check returning a `Validation`); typing into a field answers its complaint; a failed submit
 * puts the call's 422 field errors on their fields here, in one place, and focus moves to the
 * first field with an error. Measured against react-hook-form in src/ui/README.md.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { serverFieldErrors, type FieldErrors, type Validation } from './formErrors';

/** What a screen adds after a failed submit: more field errors and a form-wide message. */
export interface FormFailure {
  errors?: FieldErrors;
  formError?: string | null;
}

export interface UseFormOptions<V extends object, D> {
  /** The first values (and those `reset()` goes back to). */
  initial: V | (() => V);
  /** Checks the values before sending; a failure shows its field errors and nothing is sent. */
  validate?: (values: V) => Validation<D>;
  /** Sends the checked payload; busy until it settles. A rejection is a failed submit. */
  onSubmit: (data: D, values: V) => unknown;
  /** A failed submit, after the call's field errors are shown: toasts, and what to add. */
  onError?: (error: unknown) => FormFailure | void;
  /** A failed validation (e.g. to toast its message). */
  onInvalid?: (failure: { errors: FieldErrors; message?: string }) => void;
}

/** Props that bind one of the kit's fields (TextField, SelectField, PasswordField, TextArea) to a form. */
export interface FieldBinding<T> {
  name: string;
  value: T;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  ref: (element: HTMLElement | null) => void;
}

/** Props that bind a CheckboxField to a boolean value of a form. */
export interface CheckBinding {
  name: string;
  checked: boolean;
  error: string | undefined;
  onChange: (event: { target: { checked: boolean } }) => void;
  ref: (element: HTMLElement | null) => void;
}

export interface FormApi<V extends object> {
  /** The `<form>` element's id, so a submit button elsewhere (a modal footer) can name it. */
  id: string;
  values: V;
  errors: FieldErrors;
  formError: string | null;
  busy: boolean;
  /** Value, error, change handler and ref of one field, to spread onto a field component. */
  field<K extends keyof V & string>(name: K): FieldBinding<V[K]>;
  /** The same for a checkbox holding a boolean. */
  check<K extends keyof V & string>(name: K): CheckBinding;
  setValue<K extends keyof V>(name: K, value: V[K]): void;
  /** Shows errors (and a form-wide message); focus moves to the first field with one. */
  setErrors(errors: FieldErrors, formError?: string | null): void;
  /** Back to `values` (default: the initial ones), errors cleared. */
  reset(values?: V): void;
  /** Validates, then sends; for `<form onSubmit>` (`Form` wires it). */
  submit(event?: { preventDefault(): void }): Promise<void>;
}

const without = (errors: FieldErrors, field: string): FieldErrors => {
  if (!errors[field]) return errors;
  const { [field]: _answered, ...rest } = errors;
  return rest;
};

/**
 * A form's state and submit.
 *
 * @example
 * const form = useForm({ initial: { email: '' }, validate: schemaValidator(ForgotPasswordRequest), onSubmit: (data) => api.forgot(data) });
 * <Form form={form}><TextField label="Email" {...form.field('email')} /><FormSubmit busyLabel="Sending...">Send</FormSubmit></Form>
 */
export function useForm<V extends object, D = V>(options: UseFormOptions<V, D>): FormApi<V> {
  const id = `ed-form${useId().replace(/[^\w-]/g, '')}`;
  const latest = useRef(options);
  latest.current = options;
  const initial = () => {
    const { initial: start } = latest.current;
    return typeof start === 'function' ? (start as () => V)() : start;
  };
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrorState] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped by every failed attempt: focus moves once, not again while the person types.
  const [attempt, setAttempt] = useState(0);
  const state = useRef({ values, busy: false });
  state.current.values = values;
  const elements = useRef(new Map<string, HTMLElement>());
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());

  useEffect(() => {
    if (!attempt) return;
    const invalid = [...elements.current].filter(([name]) => errors[name]).map(([, element]) => element);
    invalid.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    invalid[0]?.focus();
    // Only a new attempt moves focus; `errors` is read as of that attempt, on purpose.
  }, [attempt]);

  const setErrors = useCallback((next: FieldErrors, message: string | null = null) => {
    setErrorState(next);
    setFormError(message);
    setAttempt((n) => n + 1);
  }, []);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrorState((old) => without(old, name as string));
  }, []);

  const reset = useCallback((next?: V) => {
    setValues(next ?? initial());
    setErrorState({});
    setFormError(null);
    // `initial` reads the latest options through a ref.
  }, []);

  const submit = useCallback(async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    const { validate, onSubmit, onError, onInvalid } = latest.current;
    const current = state.current;
    if (current.busy) return;
    const checked: Validation<D> = validate ? validate(current.values) : { ok: true, data: current.values as unknown as D };
    if (!checked.ok) {
      setErrors(checked.errors);
      onInvalid?.(checked);
      return;
    }
    setErrorState({});
    setFormError(null);
    const sent = onSubmit(checked.data, current.values);
    // A step that returns nothing (Continue of a two-step form) is never busy.
    if (typeof (sent as PromiseLike<unknown> | undefined)?.then !== 'function') return;
    current.busy = true;
    setBusy(true);
    try {
      await sent;
    } catch (error) {
      const failure = onError ? onError(error) : console.error(error);
      setErrors({ ...serverFieldErrors(error), ...failure?.errors }, failure?.formError ?? null);
    } finally {
      current.busy = false;
      setBusy(false);
    }
  }, [setErrors]);

  // One ref callback per field for the form's life: a new one each render would detach and attach it.
  const refOf = (name: string) => {
    let ref = refs.current.get(name);
    if (!ref) {
      ref = (element) => void (element ? elements.current.set(name, element) : elements.current.delete(name));
      refs.current.set(name, ref);
    }
    return ref;
  };
  const field = <K extends keyof V & string>(name: K): FieldBinding<V[K]> => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => setValue(name, event.target.value as V[K]),
    ref: refOf(name),
  });
  const check = <K extends keyof V & string>(name: K): CheckBinding => ({
    name,
    checked: Boolean(values[name]),
    error: errors[name],
    onChange: (event) => setValue(name, event.target.checked as V[K]),
    ref: refOf(name),
  });

  return useMemo(
    () => ({ id, values, errors, formError, busy, field, check, setValue, setErrors, reset, submit }),
    // `field` and `check` read `values` and `errors`, which are listed.
    [id, values, errors, formError, busy, setValue, setErrors, reset, submit],
  );
}
