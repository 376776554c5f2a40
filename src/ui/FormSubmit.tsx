/**
 * The submit button of a `useForm` form: busy (disabled, with its busy label,
 * docs/product/rules.md) while the form's call is in flight. Inside `<Form>` it finds the form
 * itself; elsewhere (a modal footer) pass `form`, and the button submits that form by its id.
 */
import type { ReactElement } from 'react';
import { Button, type ButtonProps } from './Button';
import { useFormContext } from './Form';
import type { FormApi } from './useForm';

export interface FormSubmitProps extends Omit<ButtonProps, 'type' | 'form' | 'busy'> {
  /** The form to submit when the button is not inside its `<Form>`. */
  form?: FormApi<object>;
}

/**
 * @example
 * <Modal footer={<FormSubmit form={form} busyLabel="Adding...">Add Lead</FormSubmit>}>...</Modal>
 */
export function FormSubmit({ form, ...rest }: FormSubmitProps): ReactElement {
  const context = useFormContext();
  const bound = form ?? context;
  return <Button type="submit" form={bound?.id} busy={bound?.busy} {...rest} />;
}
