/**
 * The workflow statuses a lead modal offers. The board hands over the ones it loaded for its tabs;
 * when it has none (its own load failed), the modal asks once more when it opens, and a failure
 * there shows SPEC §8's "Failed to load workflow status".
 */
import { useEffect, useState } from 'react';
import { MESSAGES, type Workflow } from '../../contract';
import { useToast } from '../../runtime';
import type { LeadsApi } from './leadsApi';
import { statusOptions } from './leadsModel';

// One empty list for every render: a fresh `[]` would look like a change to effects that depend on it.
const NONE: readonly Workflow[] = [];

/**
 * @example
 * const statuses = useModalWorkflows(api, board.workflows, open);
 */
export function useModalWorkflows(api: LeadsApi, given: readonly Workflow[], open: boolean): readonly Workflow[] {
  const toast = useToast();
  const [own, setOwn] = useState<Workflow[] | null>(null);
  const needed = open && statusOptions(given).length === 0;

  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    api.workflows(controller.signal).then(setOwn, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.error(error);
      toast.error(MESSAGES.leads.workflowFailed);
    });
    return () => controller.abort();
  }, [api, needed, toast]);

  return needed ? (own ?? NONE) : given;
}
