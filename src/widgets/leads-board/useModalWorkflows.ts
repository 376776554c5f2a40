/**
 * The workflow statuses a lead modal offers. The board hands over the ones it loaded for its tabs;
 * when it has none (its own load failed), the modal asks once more when it opens — under the
 * board's own key, so a success fills the board's tabs too — and a failure there shows
 * "Failed to load workflow status".
 */
import { MESSAGES, type Workflow } from '../../contract';
import { useQuery, useToast } from '../../runtime';
import type { LeadsApi } from './leadsApi';
import { leadKeys, statusOptions } from './leadsModel';

// One empty list for every render: a fresh `[]` would look like a change to effects that depend on it.
const NONE: readonly Workflow[] = [];

/**
 * @example
 * const statuses = useModalWorkflows(api, board.workflows, open);
 */
export function useModalWorkflows(api: LeadsApi, given: readonly Workflow[], open: boolean): readonly Workflow[] {
  const toast = useToast();
  const needed = open && statusOptions(given).length === 0;
  const own = useQuery(needed ? leadKeys.workflows : null, (signal) => api.workflows(signal), {
    onError(error) {
      console.error(error);
      toast.error(MESSAGES.leads.workflowFailed);
    },
  });
  return needed ? (own.data ?? NONE) : given;
}
