/**
 * Edit Lead (docs/product/screens.md, rules.md, messages.md): 800 px wide, three sections,
 * "Loading..." while the lead is fetched; it loads when opened with an id and is forgotten when
 * closed. No field validation; save is blocked only when the lead or its id is missing. Answers are
 * read as docs/product/messages.md says (`leads.updated`), and a save refused because someone else
 * saved first (409) shows the fresh lead with a clear message. Above the fields, the lead's next
 * appointment (event-read) and "Schedule visit" (event-create), as on the lead's row.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { EDIT_LEAD_MODAL_WIDTH, MESSAGES, type Id, type Lead, type LeadUpdateRequest, type Workflow } from '../../contract';
import { format } from '../../contract';
import { useMutation, useQuery, useQueryCache, useRecordChanged, useSession, useToast } from '../../runtime';
import { Button, Form, FormSubmit, LoadingState, Modal, useForm } from '../../ui';
import { buildEditPayload, editOutcome, emptyLeadForm, leadToForm, type LeadFormValues } from './leadForms';
import { historyStyles } from './historyStyles';
import { LeadNextAppointment } from './LeadAppointments';
import { LeadFields } from './LeadFields';
import { LeadHistory } from './LeadHistory';
import type { LeadsApi } from './leadsApi';
import { leadKeys } from './leadsModel';
import { leadsStyles } from './leadsStyles';
import { useModalWorkflows } from './useModalWorkflows';

export interface EditLeadModalProps {
  /** The lead to edit; `null` closes the dialog. */
  leadId: Id | null;
  onClose(): void;
  /** The update callback (docs/product/messages.md, `leads.updated`), with the saved lead (the lists on screen reload by themselves). */
  onUpdated?(lead: Lead): void;
  api: LeadsApi;
  workflows: readonly Workflow[];
}

/**
 * The edit-lead dialog.
 *
 * @example
 * <EditLeadModal leadId={editing} onClose={() => setEditing(null)} api={api} workflows={workflows} />
 */
export function EditLeadModal({ leadId, onClose, onUpdated, api, workflows }: EditLeadModalProps): ReactElement {
  const toast = useToast();
  const cache = useQueryCache();
  const open = leadId !== null;
  const statuses = useModalWorkflows(api, workflows, open);
  const key = leadId === null ? null : leadKeys.one(leadId);
  const lead = useQuery(key, (signal) => api.getLead(leadId!, signal), {
    // docs/product/messages.md: a failed lead load is only logged.
    onError: (error) => console.error('Failed to load lead', error),
  });
  const [conflict, setConflict] = useState<string | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  // A colleague's change while the form is open: said, with a reload offered; what is typed stays.
  const changed = useRecordChanged('lead', leadId, useSession().user?.id);
  const update = useMutation({
    mutate: (body: LeadUpdateRequest) => api.updateLead(leadId!, body),
    invalidates: (result) => (result.kind === 'saved' ? [leadKeys.lists] : []),
  });

  const form = useForm<LeadFormValues>({
    initial: emptyLeadForm,
    async onSubmit(values) {
      if (!key || !lead.data) return;
      setConflict(null);
      const result = await update.mutateAsync(buildEditPayload(values, lead.data, statuses));
      if (result.kind === 'conflict') {
        toast.error(result.message);
        setConflict(result.message);
        // The fresh lead replaces the loaded one, and the form follows it.
        cache.setData<Lead>(key, () => result.lead);
        return;
      }
      const outcome = editOutcome(result.answer);
      if (outcome.kind === 'updated') {
        toast.success(MESSAGES.leads.updated);
        onUpdated?.(outcome.lead);
        onClose();
      } else if (outcome.kind === 'message') {
        toast.success(outcome.message);
      } else {
        toast.error(MESSAGES.generic.unexpected);
        onClose();
      }
    },
    onError(error) {
      console.error(error);
      toast.error(MESSAGES.leads.updateFailed);
    },
  });

  // The form follows the loaded lead once the statuses are known (the status select needs them);
  // closed, everything is forgotten, so the next opening starts clean.
  const { reset } = form;
  useEffect(() => {
    if (lead.data) reset(leadToForm(lead.data, statuses));
    else reset();
    if (!open) {
      setConflict(null);
      setShowHistory(false);
    }
  }, [lead.data, statuses, open, reset]);
  const { clear: clearChanged } = changed;
  useEffect(() => {
    if (!open || lead.data) clearChanged();
  }, [open, lead.data, clearChanged]);

  const close = () => {
    if (!form.busy) onClose();
  };

  const s = leadsStyles();
  return (
    <Modal
      open={open}
      onClose={close}
      title="Edit Lead"
      width={EDIT_LEAD_MODAL_WIDTH}
      closeOnBackdrop={!form.busy}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={form.busy}>
            Cancel
          </Button>
          <FormSubmit form={form} busyLabel="Saving..." disabled={!lead.data}>
            Save Changes
          </FormSubmit>
        </>
      }
    >
      {lead.loading ? (
        <LoadingState label={MESSAGES.generic.loading} size="inline" />
      ) : (
        <Form form={form} aria-label="Edit Lead">
          {conflict && (
            <p className={s.notice} role="alert">
              {conflict}
            </p>
          )}
          {changed.event && (
            <div className={historyStyles().changed} role="status">
              <span>{format(MESSAGES.activity.changedBy, { name: changed.event.actor_name ?? 'someone' })}</span>
              <Button size="sm" variant="secondary" onClick={() => lead.refetch()}>
                Reload the lead
              </Button>
            </div>
          )}
          {lead.data && <LeadNextAppointment lead={lead.data} />}
          {lead.data && <LeadFields form={form} workflows={statuses} disabled={form.busy} />}
          {lead.data && (
            <div className={historyStyles().history}>
              <Button variant="secondary" aria-expanded={showHistory} onClick={() => setShowHistory((shown) => !shown)}>
                {showHistory ? 'Hide history and notes' : 'Show history and notes'}
              </Button>
              {showHistory && <LeadHistory leadId={lead.data.id} />}
            </div>
          )}
        </Form>
      )}
    </Modal>
  );
}
