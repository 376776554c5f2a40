/**
 * After a site visit is marked done: whether to move its lead to another status. The person
 * chooses among the company's lead statuses or keeps the current one; nothing moves by itself.
 */
import { useEffect, useState, type ReactElement } from 'react';
import type { Appointment } from '../../contract/appointments';
import { MESSAGES } from '../../contract/messages';
import { serverMessage } from '../../core';
import { useMutation, useQuery, useToast } from '../../runtime';
import { Button, Modal } from '../../ui';
import type { CalendarApi } from './calendarApi';
import { calendarKeys } from './calendarModel';
import { calendarStyles } from './calendarStyles';

export interface LeadStatusDialogProps {
  api: CalendarApi;
  appointment: Appointment;
  onClose(): void;
}

export function LeadStatusDialog({ api, appointment, onClose }: LeadStatusDialogProps): ReactElement {
  const s = calendarStyles();
  const toast = useToast();
  const leadId = appointment.lead_id!;
  const leadName = appointment.lead?.name?.trim() || `Lead #${leadId}`;
  const statuses = useQuery(calendarKeys.leadStatuses, (signal) => api.leadStatuses(signal));
  const current = useQuery(['calendar', 'lead-status', String(leadId)], (signal) => api.leadStatusOf(leadId, signal));
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    if (current.data && !chosen) setChosen(current.data);
  }, [current.data]);
  const move = useMutation({
    mutate: (workflowId: number) => api.setLeadStatus(leadId, workflowId),
    onSuccess: () => {
      toast.success(MESSAGES.leads.statusUpdated);
      onClose();
    },
  });
  const unchanged = !chosen || chosen === current.data;
  return (
    <Modal
      open
      role="alertdialog"
      onClose={() => !move.busy && onClose()}
      title={`Move ${leadName} to another status?`}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={move.busy}>
            Keep status
          </Button>
          <Button onClick={() => void move.mutate(Number(chosen))} disabled={unchanged} busy={move.busy} busyLabel="Saving...">
            Move lead
          </Button>
        </>
      }
    >
      <p style={{ marginTop: 0 }}>The site visit is done. Choose the lead's new status, or keep the one it has.</p>
      {statuses.status === 'error' ? (
        <p className={s.error} role="alert">
          The lead statuses could not be loaded.
        </p>
      ) : (
        <fieldset style={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: 6 }}>
          <legend className={s.live}>Lead status</legend>
          {(statuses.data ?? []).map((w) => (
            <label key={String(w.id)} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <input type="radio" name="lead-status" value={String(w.id)} checked={chosen === String(w.id)} onChange={() => setChosen(String(w.id))} />
              {w.name}
              {String(w.id) === current.data && ' (current)'}
            </label>
          ))}
          {statuses.loading && <span>Loading statuses...</span>}
        </fieldset>
      )}
      {move.error != null && (
        <p className={s.error} role="alert">
          {serverMessage(move.error, MESSAGES.leads.statusFailed)}
        </p>
      )}
    </Modal>
  );
}

export default LeadStatusDialog;
