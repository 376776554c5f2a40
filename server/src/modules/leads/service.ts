/**
 * The leads calls' steps beyond one query: the filter of a tab, a status a lead may take, the
 * company's lead named by a path, and the saves that check a status or answer the saved lead.
 * Everything works on one company's rows: another company's lead or status is 404 (422 where it
 * is a status sent in the body) and stays unchanged.
 */
import { joinName, type LeadCreateRequest, type LeadUpdateRequest, MESSAGES } from '@contract';
import { invalid, notFound } from '../../lib/http-error';
import { isRowId } from '../../lib/ids';
import type { Page } from '../../lib/paging';
import type { Deps } from '../../types';
import { type Actor, changesBetween, type LogEvent, type RecordRef, withEvents } from '../events/record';
import { findCompanyWorkflow, isAllContacts } from '../workflows/repository';
import { editChanges } from './changes';
import { tabPageJson } from './list.repository';
import { deleteLead, deleteLeads, findLead, findLeads, insertLead, type LeadChanges, type LeadFilter, type LeadRow, moveLeads, newLead, updateLead } from './repository';
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

/** A lead as the activity log names it. */
const leadRecord = (lead: Pick<LeadRow, 'id' | 'first_name' | 'last_name'>): RecordRef => ({ type: 'lead', id: lead.id, label: joinName(lead.first_name, lead.last_name) });

/** The fields an edit may change, compared before and after for the log; the status is its own event. */
const EDITED_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'address', 'city', 'state', 'postal_code', 'country', 'lead_source', 'property_type', 'activities'] as const;

/** Logs the status change of `before` → `after` when there is one. */
async function logStatus(log: LogEvent, before: LeadRow, after: Pick<LeadRow, 'workflow_id' | 'workflow'>): Promise<void> {
  if (before.workflow_id === after.workflow_id) return;
  await log({ action: 'lead.status_changed', record: leadRecord(before), changes: { workflow: [before.workflow, after.workflow] } });
}

/** Add Lead: the status checked, the lead written by `actor`, and answered as stored. */
export async function createLead(deps: Deps, actor: Actor & { companyId: number; userId: number }, input: LeadCreateRequest): Promise<LeadRow> {
  const workflowId = await leadStatus(deps, actor.companyId, input.workflow_id, 'workflow_id');
  return withEvents(deps, actor, async (tx, log) => {
    const id = await insertLead(tx.db, newLead(input, { companyId: actor.companyId, userId: actor.userId, workflowId, nowIso: nowIso(deps) }));
    const lead = await ownLead(tx, actor.companyId, id);
    await log({ action: 'lead.created', record: leadRecord(lead), data: { workflow: lead.workflow } });
    return lead;
  });
}

/**
 * Edit Lead: the fields `sent` (the body's keys: a left-out field stays) saved on the company's
 * lead. With `input.version` a save over someone else's newer change is refused: `saved` is false
 * and `lead` is the newer lead (the 409 answer).
 */
export async function editLead(
  deps: Deps,
  actor: Actor,
  companyId: number,
  id: number,
  input: LeadUpdateRequest,
  sent: ReadonlySet<string>,
): Promise<{ saved: boolean; lead: LeadRow }> {
  const changes: LeadChanges = { ...editChanges(input, sent), updated_at: nowIso(deps) };
  return withEvents(deps, actor, async (tx, log) => {
    const before = await ownLead(tx, companyId, id);
    if (input.workflow_id != null) changes.workflow_id = await leadStatus(tx, companyId, input.workflow_id, 'workflow_id');
    const saved = await updateLead(tx.db, companyId, before.id, changes, input.version);
    const lead = await ownLead(tx, companyId, before.id);
    if (saved) {
      const edited = changesBetween(before, lead, EDITED_FIELDS);
      if (Object.keys(edited).length > 0) await log({ action: 'lead.updated', record: leadRecord(lead), changes: edited });
      await logStatus(log, before, lead);
    }
    return { saved, lead };
  });
}

/** One field saved at once (the inline source, activity and property type changes); 404 for another company's lead. */
export async function changeLead(deps: Deps, actor: Actor, companyId: number, id: number, changes: LeadChanges): Promise<void> {
  await withEvents(deps, actor, async (tx, log) => {
    const before = await ownLead(tx, companyId, id);
    if (!(await updateLead(tx.db, companyId, id, { ...changes, updated_at: nowIso(deps) }))) throw notFound();
    const edited = changesBetween(before, { ...before, ...changes }, EDITED_FIELDS);
    if (Object.keys(edited).length > 0) await log({ action: 'lead.updated', record: leadRecord(before), changes: edited });
  });
}

/** The status of one lead (its company's lead first: 404 wins over a wrong status). */
export async function moveLead(deps: Deps, actor: Actor, companyId: number, id: number, workflowId: number): Promise<void> {
  await withEvents(deps, actor, async (tx, log) => {
    const before = await ownLead(tx, companyId, id);
    const status = await leadStatus(tx, companyId, workflowId, 'workflowId');
    if (!(await updateLead(tx.db, companyId, before.id, { workflow_id: status, updated_at: nowIso(deps) }))) throw notFound();
    await logStatus(log, before, await ownLead(tx, companyId, before.id));
  });
}

/** The status of those of `ids` that are the company's leads; returns how many moved. */
export async function moveCompanyLeads(deps: Deps, actor: Actor, companyId: number, ids: readonly number[], workflowId: number): Promise<number> {
  const status = await leadStatus(deps, companyId, workflowId, 'workflowId');
  const unique = [...new Set(ids)];
  return withEvents(deps, actor, async (tx, log) => {
    const before = await findLeads(tx.db, companyId, unique);
    const moved = await moveLeads(tx.db, companyId, unique, status, nowIso(deps));
    const workflow = (await findCompanyWorkflow(tx.db, companyId, status))?.name ?? null;
    for (const lead of before) await logStatus(log, lead, { workflow_id: status, workflow });
    return moved;
  });
}

/** Deletes the company's lead `id`; false when it has none such. */
export async function removeLead(deps: Deps, actor: Actor, companyId: number, id: number): Promise<boolean> {
  return withEvents(deps, actor, async (tx, log) => {
    const lead = await findLead(tx.db, companyId, id);
    if (!lead || !(await deleteLead(tx.db, companyId, id))) return false;
    await log({ action: 'lead.deleted', record: leadRecord(lead), data: { workflow: lead.workflow } });
    return true;
  });
}

/** Deletes those of `ids` that are the company's leads; how many. */
export async function removeLeads(deps: Deps, actor: Actor, companyId: number, ids: readonly number[]): Promise<number> {
  return withEvents(deps, actor, async (tx, log) => {
    const leads = await findLeads(tx.db, companyId, ids);
    const deleted = await deleteLeads(tx.db, companyId, ids);
    for (const lead of leads) await log({ action: 'lead.deleted', record: leadRecord(lead), data: { workflow: lead.workflow } });
    return deleted;
  });
}
