/**
 * A form bound to `useForm`: `<form noValidate>` whose submit runs the form's checks and call, and
 * a context through which `FormSubmit` shows the busy label.
 */
import { createContext, useContext, type FormHTMLAttributes, type ReactElement } from 'react';
import type { FormApi } from './useForm';

const FormContext = createContext<FormApi<object> | null>(null);

/** The form of the nearest `<Form>`, or null outside one. */
export const useFormContext = (): FormApi<object> | null => useContext(FormContext);

export interface FormProps<V extends object> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'id'> {
  form: FormApi<V>;
}

/**
 * The `<form>` element of a `useForm` form; the browser's own validation is off (the product's
 * messages come from the contract schemas).
 *
 * @example
 * <Form form={form} aria-label="Login">
 *   <TextField label="Username" {...form.field('username')} />
 *   <FormSubmit busyLabel="LOGGING IN...">LOGIN</FormSubmit>
 * </Form>
 */
export function Form<V extends object>({ form, children, ...rest }: FormProps<V>): ReactElement {
  return (
    <FormContext.Provider value={form as FormApi<object>}>
      <form id={form.id} noValidate onSubmit={(event) => void form.submit(event)} {...rest}>
        {children}
      </form>
    </FormContext.Provider>
  );
}
