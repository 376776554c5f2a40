/**
 * The Delete Lead confirmation (docs/product/screens.md): title, description, Cancel and Delete;
 * the backdrop and Escape cancel. Deleting shows the toasts of docs/product/messages.md and tells
 * the board to reload.
 */
import { useState, type ReactElement } from 'react';
import { MESSAGES, type Lead } from '../../contract';
import { useToast } from '../../runtime';
import { ConfirmDialog } from '../../ui';
import type { LeadsApi } from './leadsApi';
import { leadName } from './leadsModel';

export interface DeleteLeadDialogProps {
  /** The lead to delete; `null` closes the dialog. */
  lead: Lead | null;
  onClose(): void;
  onDeleted(): void;
  api: LeadsApi;
}

/**
 * @example
 * <DeleteLeadDialog lead={pending} onClose={() => setPending(null)} onDeleted={reload} api={api} />
 */
export function DeleteLeadDialog({ lead, onClose, onDeleted, api }: DeleteLeadDialogProps): ReactElement {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const name = lead ? leadName(lead) : '';

  const confirm = async () => {
    if (!lead || busy) return;
    setBusy(true);
    try {
      await api.deleteLead(lead.id);
      toast.success(MESSAGES.leads.deleted);
      onDeleted();
    } catch (error) {
      console.error(error);
      toast.error(MESSAGES.leads.deleteFailed);
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={lead !== null}
      title="Delete Lead"
      description={`Are you sure you want to delete ${name ? `the lead "${name}"` : 'this lead'}? This action cannot be undone.`}
      cancelLabel="Cancel"
      confirmLabel="Delete"
      busy={busy}
      busyLabel="Deleting..."
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
