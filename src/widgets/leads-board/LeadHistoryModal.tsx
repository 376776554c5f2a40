/**
 * A lead's history in a dialog, opened from its row's History button and from Edit Lead
 * (docs/activity.md). Its own chunk: the board loads it when first wanted.
 */
import type { ReactElement } from 'react';
import type { Lead } from '../../contract';
import { Modal } from '../../ui';
import { LeadHistory } from './LeadHistory';
import { leadName } from './leadsModel';

export interface LeadHistoryModalProps {
  /** The lead whose history shows; `null` closes the dialog. */
  lead: Pick<Lead, 'id' | 'first_name' | 'last_name' | 'name'> | null;
  onClose(): void;
}

export function LeadHistoryModal({ lead, onClose }: LeadHistoryModalProps): ReactElement {
  return (
    <Modal open={lead !== null} onClose={onClose} title={lead ? `History of ${leadName(lead) || `lead ${lead.id}`}` : 'History'} width={640}>
      {lead && <LeadHistory leadId={lead.id} />}
    </Modal>
  );
}
