/**
 * The leads calls' steps beyond one query: the filter of a tab, a status a lead may take, the
 * company's lead named by a path, and the saves that check a status or answer the saved lead.
 * Everything works on one company's rows: another company's lead or status is 404 (422 where it
 * is a status sent in the body) and stays unchanged.
 */
import { type LeadCreateRequest, type LeadUpdateRequest, MESSAGES } from '@contract';
import { invalid, notFound } from '../../lib/http-error';
import { isRowId } from '../../lib/ids';
import type { Page } from '../../lib/paging';
import type { Deps } from '../../types';
import { findCompanyWorkflow, isAllContacts } from '../workflows/repository';
import { editChanges } from './changes';
import { tabPageJson } from './list.repository';
import { deleteLead, deleteLeads, findLead, insertLead, type LeadChanges, type LeadFilter, type LeadRow, moveLeads, newLead, updateLead } from './repository';
import { cleanSearch } from './search';

const nowIso = (deps: Pick<Deps, 'clock'>) => deps.clock().toISOString();

/**
 * The filter of a tab: its workflow (All Contacts: every lead) and the search; 404 for another
 * company's workflow. On the leads list's path: one query, nothing else awaited.
 */
export async function tabFilter(
  deps: Pick<Deps, 'db'>,
  companyId: number,
  workflowId: number,
  search: string | undefined,
): Promise<LeadFilter & { tabName: string }> {
  const workflow = await findCompanyWorkflow(deps.db, companyId, workflowId);
  if (!workflow) throw notFound();
  return { companyId, workflowId: isAllContacts(workflow) ? null : workflow.id, search: cleanSearch(search), tabName: workflow.name };
}

/**
 * A page of a tab as the list call answers it (list.repository.ts); 404 for another company's tab.
 * On the leads list's path: the hottest call of the app.
 */
export async function tabPage(
  deps: Pick<Deps, 'db'>,
  companyId: number,
  workflowId: number,
  search: string | undefined,
  page: Page,
): Promise<{ json: string; total: number }> {
  const answer = await tabPageJson(deps.db, companyId, workflowId, cleanSearch(search), page);
  if (!answer) throw notFound();
  return answer;
}

/** A status a lead may take: one of the company's, never All Contacts (workflows/repository.ts `isAllContacts`); else 422 on `field`. */
export async function leadStatus(deps: Pick<Deps, 'db'>, companyId: number, workflowId: number, field: string): Promise<number> {
  // An id no row can have would make PostgreSQL refuse the lookup itself.
  const workflow = isRowId(workflowId) ? await findCompanyWorkflow(deps.db, companyId, workflowId) : undefined;
  if (!workflow || isAllContacts(workflow)) throw invalid({ [field]: [MESSAGES.leads.invalidWorkflow] }, MESSAGES.leads.invalidWorkflow);
  return workflow.id;
}

/** The company's lead, or 404. */
export async function ownLead(deps: Pick<Deps, 'db'>, companyId: number, id: number): Promise<LeadRow> {
  const lead = await findLead(deps.db, companyId, id);
  if (!lead) throw notFound();
  return lead;
}

/** Add Lead: the status checked, the lead written by `userId`, and answered as stored. */
export async function createLead(deps: Deps, who: { companyId: number; userId: number }, input: LeadCreateRequest): Promise<LeadRow> {
  const workflowId = await leadStatus(deps, who.companyId, input.workflow_id, 'workflow_id');
  const id = await insertLead(deps.db, newLead(input, { ...who, workflowId, nowIso: nowIso(deps) }));
  return ownLead(deps, who.companyId, id);
}

/**
 * Edit Lead: the fields `sent` (the body's keys: a left-out field stays) saved on the company's
 * lead. With `input.version` a save over someone else's newer change is refused: `saved` is false
 * and `lead` is the newer lead (the 409 answer).
 */
export async function editLead(
  deps: Deps,
  companyId: number,
  id: number,
  input: LeadUpdateRequest,
  sent: ReadonlySet<string>,
): Promise<{ saved: boolean; lead: LeadRow }> {
  const lead = await ownLead(deps, companyId, id);
  const changes: LeadChanges = { ...editChanges(input, sent), updated_at: nowIso(deps) };
  if (input.workflow_id != null) changes.workflow_id = await leadStatus(deps, companyId, input.workflow_id, 'workflow_id');
  const saved = await updateLead(deps.db, companyId, lead.id, changes, input.version);
  return { saved, lead: await ownLead(deps, companyId, lead.id) };
}

/** One field saved at once (the inline source, activity and property type changes); 404 for another company's lead. */
export async function changeLead(deps: Deps, companyId: number, id: number, changes: LeadChanges): Promise<void> {
  if (!(await updateLead(deps.db, companyId, id, { ...changes, updated_at: nowIso(deps) }))) throw notFound();
}

/** The status of one lead (its company's lead first: 404 wins over a wrong status). */
export async function moveLead(deps: Deps, companyId: number, id: number, workflowId: number): Promise<void> {
  const lead = await ownLead(deps, companyId, id);
  const status = await leadStatus(deps, companyId, workflowId, 'workflowId');
  if (!(await updateLead(deps.db, companyId, lead.id, { workflow_id: status, updated_at: nowIso(deps) }))) throw notFound();
}

/** The status of those of `ids` that are the company's leads; returns how many moved. */
export async function moveCompanyLeads(deps: Deps, companyId: number, ids: readonly number[], workflowId: number): Promise<number> {
  const status = await leadStatus(deps, companyId, workflowId, 'workflowId');
  return moveLeads(deps.db, companyId, [...new Set(ids)], status, nowIso(deps));
}

/** Deletes the company's lead `id`; false when it has none such. */
export const removeLead = (deps: Pick<Deps, 'db'>, companyId: number, id: number): Promise<boolean> => deleteLead(deps.db, companyId, id);

/** Deletes those of `ids` that are the company's leads; how many. */
export const removeLeads = (deps: Pick<Deps, 'db'>, companyId: number, ids: readonly number[]): Promise<number> => deleteLeads(deps.db, companyId, ids);
