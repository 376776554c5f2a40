/**
 * Actions on the selected rows (beyond the original description): "Delete selected" (lead-delete,
 * after a confirmation) and "Change status" (lead-edit) to any status but All Contacts. The server
 * checks the same permissions; hiding the buttons is only a courtesy.
 */
import { useState, type ReactElement } from 'react';
import { MESSAGES, type Workflow } from '../../contract';
import { serverMessage } from '../../core';
import { useToast } from '../../runtime';
import { Button, ConfirmDialog, SelectField } from '../../ui';
import type { LeadsApi } from './leadsApi';
import { leadsStyles } from './leadsStyles';
import { idKey, statusOptions, workflowIdForChange } from './leadsModel';

export interface BulkBarProps {
  /** Ids of the selected leads on screen. */
  ids: number[];
  workflows: readonly Workflow[];
  canEdit: boolean;
  canDelete: boolean;
  api: LeadsApi;
  onClear(): void;
  /** Called after a bulk change (the board reloads). */
  onDone(): void;
}

const leadsWord = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;

/**
 * @example
 * <BulkBar ids={[1, 2]} workflows={workflows} canEdit canDelete api={api} onClear={clear} onDone={reload} />
 */
export function BulkBar({ ids, workflows, canEdit, canDelete, api, onClear, onDone }: BulkBarProps): ReactElement | null {
  const toast = useToast();
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'delete' | 'status' | null>(null);

  if (ids.length === 0) return null;

  const remove = async () => {
    setBusy('delete');
    try {
      const deleted = await api.bulkDelete(ids);
      toast.success(`${leadsWord(deleted)} deleted`);
      onDone();
    } catch (error) {
      console.error(error);
      toast.error(serverMessage(error, 'Failed to delete the selected leads'));
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const move = async () => {
    const workflowId = workflowIdForChange(status, workflows);
    if (workflowId === null) {
      toast.error(MESSAGES.leads.invalidWorkflow);
      return;
    }
    setBusy('status');
    try {
      const updated = await api.bulkWorkflow(ids, workflowId);
      toast.success(`${MESSAGES.leads.statusUpdated} (${leadsWord(updated)})`);
      setStatus('');
      onDone();
    } catch (error) {
      console.error(error);
      toast.error(serverMessage(error, MESSAGES.leads.statusFailed));
    } finally {
      setBusy(null);
    }
  };

  const s = leadsStyles();
  return (
    <div className={s.bulk} role="region" aria-label="Bulk actions">
      <span className={s.bulkCount} aria-live="polite">
        {leadsWord(ids.length)} selected
      </span>
      {canEdit && (
        <div className={s.bulkStatus}>
          <SelectField
            label="New status for the selected leads"
            hideLabel
            size="sm"
            placeholder="Select status"
            options={statusOptions(workflows).map((w) => ({ value: idKey(w.id), label: w.name }))}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          />
          <Button size="sm" variant="secondary" busy={busy === 'status'} busyLabel="Updating..." disabled={busy !== null} onClick={() => void move()}>
            Change status
          </Button>
        </div>
      )}
      {canDelete && (
        <Button size="sm" variant="danger" disabled={busy !== null} onClick={() => setConfirming(true)}>
          Delete selected
        </Button>
      )}
      <Button size="sm" variant="ghost" disabled={busy !== null} onClick={onClear}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete selected leads"
        description={`Are you sure you want to delete ${leadsWord(ids.length)}? This action cannot be undone.`}
        cancelLabel="Cancel"
        confirmLabel="Delete"
        busy={busy === 'delete'}
        busyLabel="Deleting..."
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
