/**
 * The inline selects of each row (docs/product/screens.md, rules.md): status, lead source, property
 * type and activity, each saved at once with the toasts of docs/product/messages.md. The row shows
 * the new value straight away and goes back if the save fails (an optimistic edit of the list in
 * the runtime's cache); a status change then reloads the list, since the lead may leave the tab.
 */
import { useMemo } from 'react';
import { MESSAGES, type Lead, type Workflow } from '../../contract';
import { useMutation, useToast } from '../../runtime';
import type { LeadsApi, LeadsPage } from './leadsApi';
import { activityIndex, leadKeys, leadSourceOption, propertyTypeIndex, withLead, workflowIdForChange } from './leadsModel';

export interface InlineChanges {
  changeStatus(lead: Lead, value: string): Promise<void>;
  changeSource(lead: Lead, value: string): Promise<void>;
  changePropertyType(lead: Lead, value: string): Promise<void>;
  changeActivity(lead: Lead, value: string): Promise<void>;
}

interface Options {
  api: LeadsApi;
  workflows: readonly Workflow[];
}

/** One row's change: what the row shows meanwhile, the call, and its two toasts. */
interface Change {
  lead: Lead;
  patch: Partial<Lead>;
  save(): Promise<void>;
  ok: string;
  failed: string;
}

const M = MESSAGES.leads;

/**
 * Handlers for the row selects.
 *
 * @example
 * const inline = useInlineChanges({ api, workflows });
 * <select onChange={(e) => inline.changeSource(lead, e.target.value)} />
 */
export function useInlineChanges({ api, workflows }: Options): InlineChanges {
  const toast = useToast();
  const change = useMutation({
    mutate: (c: Change) => c.save(),
    optimistic: (c, setData) => setData<LeadsPage>(leadKeys.lists, withLead(c.lead.id, c.patch)),
    invalidates: (_, c) => ('workflow_id' in c.patch ? [leadKeys.lists] : []),
    onSuccess: (_, c) => toast.success(c.ok),
    onError(error, c) {
      console.error(error);
      toast.error(c.failed);
    },
  });

  const { mutate } = change;
  return useMemo(() => {
    /** Saves `value` unless it is no valid choice (then only the failure is said). */
    const save = async <T>(lead: Lead, value: T | null, patch: (v: T) => Partial<Lead>, call: (v: T) => Promise<void>, ok: string, failed: string) => {
      if (value === null) return void toast.error(failed);
      await mutate({ lead, patch: patch(value), save: () => call(value), ok, failed });
    };
    return {
      async changeStatus(lead, value) {
        const workflowId = workflowIdForChange(value, workflows);
        if (workflowId === null) return void toast.error(M.invalidWorkflow);
        const workflow = workflows.find((w) => Number(w.id) === workflowId)?.name ?? null;
        await save(lead, workflowId, (id) => ({ workflow_id: id, workflow }), (id) => api.setWorkflow(lead.id, id), M.statusUpdated, M.statusFailed);
      },
      changeSource: (lead, value) =>
        save(lead, leadSourceOption(value), (source) => ({ lead_source: source }), (source) => api.setSource(lead.id, source), M.sourceUpdated, M.sourceFailed),
      changePropertyType: (lead, value) =>
        save(lead, propertyTypeIndex(value), (index) => ({ property_type: index }), (index) => api.setPropertyType(lead.id, index), M.propertyTypeUpdated, M.propertyTypeFailed),
      changeActivity: (lead, value) =>
        save(lead, activityIndex(value), (index) => ({ activities: index }), (index) => api.setActivity(lead.id, index), M.activityUpdated, M.activityFailed),
    };
  }, [api, mutate, toast, workflows]);
}
