/**
 * Add New Lead (docs/product/screens.md, data.md, rules.md): required fields with "Please fill in
 * all required fields" and a message under each missing one, e-mail format, integers for property
 * type, status and activity with the product's defaults, the joined name; "Adding..." while it
 * saves; the toasts of docs/product/messages.md; a 422's field errors on their fields. A stored
 * lead reloads the lists on screen.
 */
import type { ReactElement } from 'react';
import { MESSAGES, type LeadCreateRequest, type Workflow } from '../../contract';
import { serverMessage } from '../../core';
import { useMutation, useToast } from '../../runtime';
import { Button, Form, FormSubmit, Modal, useForm } from '../../ui';
import { ADD_LEAD_REQUIRED, checkAddLead, emptyLeadForm, type LeadFormValues } from './leadForms';
import { LeadFields } from './LeadFields';
import type { LeadsApi } from './leadsApi';
import { leadKeys } from './leadsModel';
import { useModalWorkflows } from './useModalWorkflows';

export interface AddLeadModalProps {
  open: boolean;
  onClose(): void;
  /** Called after the lead is stored (the lists on screen reload by themselves). */
  onAdded?(): void;
  api: LeadsApi;
  workflows: readonly Workflow[];
}

/**
 * The add-lead dialog.
 *
 * @example
 * <AddLeadModal open={adding} onClose={() => setAdding(false)} api={api} workflows={workflows} />
 */
export function AddLeadModal({ open, onClose, onAdded, api, workflows }: AddLeadModalProps): ReactElement {
  const toast = useToast();
  const statuses = useModalWorkflows(api, workflows, open);
  const store = useMutation({ mutate: (lead: LeadCreateRequest) => api.storeLead(lead), invalidates: [leadKeys.lists] });
  const form = useForm<LeadFormValues, LeadCreateRequest>({
    initial: emptyLeadForm,
    validate(values) {
      const check = checkAddLead(values, statuses);
      return check.ok ? { ok: true, data: check.payload } : check;
    },
    onInvalid: ({ message }) => toast.error(message ?? MESSAGES.validation.requiredFields),
    async onSubmit(lead) {
      await store.mutateAsync(lead);
      toast.success(MESSAGES.leads.added);
      form.reset();
      onAdded?.();
      onClose();
    },
    onError(error) {
      console.error(error);
      toast.error(serverMessage(error, MESSAGES.leads.addFailed));
    },
  });

  const close = () => {
    if (form.busy) return;
    form.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add New Lead"
      width={720}
      closeOnBackdrop={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={form.busy}>
            Cancel
          </Button>
          <FormSubmit form={form} busyLabel="Adding...">
            Add Lead
          </FormSubmit>
        </>
      }
    >
      <Form form={form} aria-label="Add New Lead">
        <LeadFields form={form} workflows={statuses} required={ADD_LEAD_REQUIRED} disabled={form.busy} />
      </Form>
    </Modal>
  );
}
