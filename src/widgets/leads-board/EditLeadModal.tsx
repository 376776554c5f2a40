/**
 * Edit Lead (SPEC §2, §5, §8): 800 px wide, three sections, "Loading..." while the lead is
 * fetched; it loads when opened with an id and clears when closed. No field validation; save is
 * blocked only when the lead or its id is missing. Answers are read as SPEC §8 says, and a save
 * refused because someone else saved first (409) shows the fresh lead with a clear message.
 */
import { useEffect, useId, useState, type FormEvent, type ReactElement } from 'react';
import { EDIT_LEAD_MODAL_WIDTH, MESSAGES, type Id, type Lead, type Workflow } from '../../contract';
import { useToast } from '../../runtime';
import { Button, LoadingState, Modal } from '../../ui';
import { buildEditPayload, editOutcome, leadToForm, type LeadField, type LeadFormValues } from './leadForms';
import { LeadFields } from './LeadFields';
import type { LeadsApi } from './leadsApi';
import { leadsStyles } from './leadsStyles';
import { useModalWorkflows } from './useModalWorkflows';

export interface EditLeadModalProps {
  /** The lead to edit; `null` closes the dialog. */
  leadId: Id | null;
  onClose(): void;
  /** The update callback of SPEC §8, with the saved lead. */
  onUpdated(lead: Lead): void;
  api: LeadsApi;
  workflows: readonly Workflow[];
}

/**
 * The edit-lead dialog.
 *
 * @example
 * <EditLeadModal leadId={editing} onClose={() => setEditing(null)} onUpdated={reload} api={api} workflows={workflows} />
 */
export function EditLeadModal({ leadId, onClose, onUpdated, api, workflows }: EditLeadModalProps): ReactElement {
  const toast = useToast();
  const formId = `ed-edit-lead${useId().replace(/[^\w-]/g, '')}`;
  const open = leadId !== null;
  const statuses = useModalWorkflows(api, workflows, open);
  const [lead, setLead] = useState<Lead | null>(null);
  const [values, setValues] = useState<LeadFormValues | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  // Opened with an id: load it. Closed: forget everything, so the next opening starts clean.
  useEffect(() => {
    setLead(null);
    setValues(null);
    setConflict(null);
    setSaving(false);
    if (leadId === null) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    api.getLead(leadId, controller.signal).then(
      (loaded) => {
        setLead(loaded);
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // SPEC §8: a failed lead load is only logged.
        console.error('Failed to load lead', error);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [api, leadId]);

  // The form follows the loaded lead once the statuses are known (the status select needs them).
  useEffect(() => {
    if (lead) setValues(leadToForm(lead, statuses));
  }, [lead, statuses]);

  const change = (field: LeadField, value: string) => setValues((current) => (current ? { ...current, [field]: value } : current));

  const close = () => {
    if (!saving) onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || leadId === null || !lead || !values) return;
    setSaving(true);
    setConflict(null);
    try {
      const result = await api.updateLead(leadId, buildEditPayload(values, lead, statuses));
      setSaving(false);
      if (result.kind === 'conflict') {
        toast.error(result.message);
        setConflict(result.message);
        setLead(result.lead);
        return;
      }
      const outcome = editOutcome(result.answer);
      if (outcome.kind === 'updated') {
        toast.success(MESSAGES.leads.updated);
        onUpdated(outcome.lead);
        onClose();
      } else if (outcome.kind === 'message') {
        toast.success(outcome.message);
      } else {
        toast.error(MESSAGES.generic.unexpected);
        onClose();
      }
    } catch (error) {
      console.error(error);
      setSaving(false);
      toast.error(MESSAGES.leads.updateFailed);
    }
  };

  const s = leadsStyles();
  return (
    <Modal
      open={open}
      onClose={close}
      title="Edit Lead"
      width={EDIT_LEAD_MODAL_WIDTH}
      closeOnBackdrop={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={saving} busyLabel="Saving..." disabled={!lead || !values}>
            Save Changes
          </Button>
        </>
      }
    >
      {loading ? (
        <LoadingState label={MESSAGES.generic.loading} size="inline" />
      ) : (
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} aria-label="Edit Lead">
          {conflict && (
            <p className={s.notice} role="alert">
              {conflict}
            </p>
          )}
          {values && <LeadFields values={values} onChange={change} workflows={statuses} disabled={saving} />}
        </form>
      )}
    </Modal>
  );
}
