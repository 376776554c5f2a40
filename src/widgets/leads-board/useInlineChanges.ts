/**
 * The inline selects of each row (SPEC §2, §4): status, lead source, property type and activity,
 * each saved at once with SPEC §8's toasts. Source, type and activity change on screen straight
 * away and go back if the save fails; a status change reloads the list (the lead may leave the tab).
 */
import { useCallback, useMemo } from 'react';
import { MESSAGES, type Lead, type Workflow } from '../../contract';
import { useToast } from '../../runtime';
import type { LeadsApi } from './leadsApi';
import { activityIndex, leadSourceOption, propertyTypeIndex, workflowIdForChange } from './leadsModel';

export interface InlineChanges {
  changeStatus(lead: Lead, value: string): Promise<void>;
  changeSource(lead: Lead, value: string): Promise<void>;
  changePropertyType(lead: Lead, value: string): Promise<void>;
  changeActivity(lead: Lead, value: string): Promise<void>;
}

interface Options {
  api: LeadsApi;
  workflows: readonly Workflow[];
  patchLead(id: Lead['id'], patch: Partial<Lead>): void;
  reload(): void;
}

const M = MESSAGES.leads;

/**
 * Handlers for the row selects.
 *
 * @example
 * const inline = useInlineChanges({ api, workflows, patchLead, reload });
 * <select onChange={(e) => inline.changeSource(lead, e.target.value)} />
 */
export function useInlineChanges({ api, workflows, patchLead, reload }: Options): InlineChanges {
  const toast = useToast();

  /** Shows the new value, saves it, and puts the old one back if the save fails. */
  const save = useCallback(
    async <K extends keyof Lead>(lead: Lead, field: K, value: Lead[K] | null, call: () => Promise<void>, ok: string, failed: string) => {
      if (value === null) {
        toast.error(failed);
        return;
      }
      const before = lead[field];
      patchLead(lead.id, { [field]: value } as Partial<Lead>);
      try {
        await call();
        toast.success(ok);
      } catch (error) {
        console.error(error);
        patchLead(lead.id, { [field]: before } as Partial<Lead>);
        toast.error(failed);
      }
    },
    [patchLead, toast],
  );

  const changeStatus = useCallback(
    async (lead: Lead, value: string) => {
      const workflowId = workflowIdForChange(value, workflows);
      if (workflowId === null) {
        toast.error(M.invalidWorkflow);
        return;
      }
      try {
        await api.setWorkflow(lead.id, workflowId);
        toast.success(M.statusUpdated);
        reload();
      } catch (error) {
        console.error(error);
        toast.error(M.statusFailed);
      }
    },
    [api, reload, toast, workflows],
  );

  const changeSource = useCallback(
    (lead: Lead, value: string) => {
      const source = leadSourceOption(value);
      return save(lead, 'lead_source', source, () => api.setSource(lead.id, source!), M.sourceUpdated, M.sourceFailed);
    },
    [api, save],
  );

  const changePropertyType = useCallback(
    (lead: Lead, value: string) => {
      const index = propertyTypeIndex(value);
      return save(lead, 'property_type', index, () => api.setPropertyType(lead.id, index!), M.propertyTypeUpdated, M.propertyTypeFailed);
    },
    [api, save],
  );

  const changeActivity = useCallback(
    (lead: Lead, value: string) => {
      const index = activityIndex(value);
      return save(lead, 'activities', index, () => api.setActivity(lead.id, index!), M.activityUpdated, M.activityFailed);
    },
    [api, save],
  );

  return useMemo(
    () => ({ changeStatus, changeSource, changePropertyType, changeActivity }),
    [changeStatus, changeSource, changePropertyType, changeActivity],
  );
}
