/**
 * A form in a modal (Add User, Edit Role, Edit Company): the title, the fields, and a footer with
 * Cancel and the submit button showing its busy label. While the form is sending, Cancel, the
 * backdrop and the × leave it open; the form's own rules (validation, focus on the first error,
 * a 422's errors on their fields) are `useForm`'s.
 *
 * @example
 * <FormModal form={form} title="Add Role" submitLabel="Add Role" busyLabel="Saving..." onClose={close}>
 *   <TextField label="Name" {...form.field('name')} />
 * </FormModal>
 */
import type { ReactElement, ReactNode } from 'react';
import { Button } from './Button';
import { Form } from './Form';
import { FormSubmit } from './FormSubmit';
import { UI_TEXT } from './labels';
import { Modal } from './Modal';
import type { FormApi } from './useForm';

export interface FormModalProps<V extends object> {
  form: FormApi<V>;
  /** Defaults to open: a modal mounted while wanted. */
  open?: boolean;
  /** The modal's title, also the form's accessible name. */
  title: string;
  onClose: () => void;
  submitLabel: ReactNode;
  /** The submit button's label while sending ("Saving...", "Adding..."). */
  busyLabel: string;
  /** Disables submit (the form's options are still loading). */
  submitDisabled?: boolean;
  width?: number | string;
  /** Class on the `<form>` (its layout). */
  formClassName?: string;
  children: ReactNode;
}

/**
 * A modal form with Cancel and submit.
 *
 * @example
 * <FormModal form={form} title="Edit Company" submitLabel="Update" busyLabel="Updating..." width={860} onClose={close}>…</FormModal>
 */
export function FormModal<V extends object>({
  form, open = true, title, onClose, submitLabel, busyLabel, submitDisabled, width, formClassName, children,
}: FormModalProps<V>): ReactElement {
  const close = () => {
    if (!form.busy) onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      width={width}
      closeOnBackdrop={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={form.busy}>
            {UI_TEXT.cancel}
          </Button>
          <FormSubmit form={form} busyLabel={busyLabel} disabled={submitDisabled}>
            {submitLabel}
          </FormSubmit>
        </>
      }
    >
      <Form form={form} aria-label={title} className={formClassName}>
        {children}
      </Form>
    </Modal>
  );
}
