/**
 * Add New Lead (SPEC §2, §3, §5): required fields with "Please fill in all required fields" and a
 * message under each missing one, e-mail format, integers for property type, status and activity
 * with SPEC's defaults, the joined name; "Adding..." while it saves; SPEC §8's toasts.
 */
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { MESSAGES, type Workflow } from '../../contract';
import { isApiError, serverMessage } from '../../core';
import { useToast } from '../../runtime';
import { Button, Modal } from '../../ui';
import { ADD_LEAD_REQUIRED, checkAddLead, emptyLeadForm, type LeadField, type LeadFormValues } from './leadForms';
import { LeadFields } from './LeadFields';
import type { LeadsApi } from './leadsApi';
import { useModalWorkflows } from './useModalWorkflows';

export interface AddLeadModalProps {
  open: boolean;
  onClose(): void;
  /** Called after the lead is stored (the board reloads). */
  onAdded(): void;
  api: LeadsApi;
  workflows: readonly Workflow[];
}

type Errors = Partial<Record<LeadField, string>>;

/** Field errors of a 422 answer, first message per known field. */
function serverFieldErrors(error: unknown): Errors {
  if (!isApiError(error) || !error.errors) return {};
  const out: Errors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    if (field in emptyLeadForm() && messages[0]) out[field as LeadField] = messages[0];
  }
  return out;
}

/**
 * The add-lead dialog.
 *
 * @example
 * <AddLeadModal open={adding} onClose={() => setAdding(false)} onAdded={reload} api={api} workflows={workflows} />
 */
export function AddLeadModal({ open, onClose, onAdded, api, workflows }: AddLeadModalProps): ReactElement {
  const toast = useToast();
  const formId = `ed-add-lead${useId().replace(/[^\w-]/g, '')}`;
  const statuses = useModalWorkflows(api, workflows, open);
  const [values, setValues] = useState<LeadFormValues>(emptyLeadForm);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setValues(emptyLeadForm());
    setErrors({});
    onClose();
  };

  const change = (field: LeadField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkAddLead(values, statuses);
    if (!check.ok) {
      setErrors(check.errors);
      toast.error(check.message);
      return;
    }
    setBusy(true);
    try {
      await api.storeLead(check.payload);
      toast.success(MESSAGES.leads.added);
      setValues(emptyLeadForm());
      setErrors({});
      setBusy(false);
      onAdded();
      onClose();
    } catch (error) {
      console.error(error);
      setErrors(serverFieldErrors(error));
      toast.error(serverMessage(error, MESSAGES.leads.addFailed));
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add New Lead"
      width={720}
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} busyLabel="Adding...">
            Add Lead
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} aria-label="Add New Lead">
        <LeadFields values={values} errors={errors} onChange={change} workflows={statuses} required={ADD_LEAD_REQUIRED} disabled={busy} />
      </form>
    </Modal>
  );
}
