/** Workflow statuses (the lead tabs) of a company. */
import type { Kysely } from 'kysely';
import { DEFAULT_WORKFLOWS, statusBadgeColour } from '@contract';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';

/** Style of the selected tab: the brand's orange accent (docs/product/rules.md). */
const ACTIVE_STYLE = 'orange';

/** Creates All Contacts, Open, Won, Lost for a company; returns their ids by name. */
export async function createDefaultWorkflows(db: Kysely<Database>, companyId: number, nowIso: string): Promise<Map<string, number>> {
  const rows = await db
    .insertInto('workflow_statuses')
    .values(
      DEFAULT_WORKFLOWS.map((name, position) => ({
        company_id: companyId,
        name,
        default_style: statusBadgeColour(name),
        active_style: ACTIVE_STYLE,
        position,
        created_at: nowIso,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** A workflow status as the API answers it (docs/product/data.md). */
export interface WorkflowRow {
  id: number;
  name: string;
  default_style: string | null;
  active_style: string | null;
}

/** A company's workflow statuses in tab order (All Contacts first for the default set). */
export async function listCompanyWorkflows(db: Kysely<Database>, companyId: number): Promise<WorkflowRow[]> {
  return db
    .selectFrom('workflow_statuses')
    .select(['id', 'name', 'default_style', 'active_style'])
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** One workflow status of the company, or undefined (another company's status is not found). */
export async function findCompanyWorkflow(db: Kysely<Database>, companyId: number, id: number): Promise<WorkflowRow | undefined> {
  return companyWorkflow.first(db, { companyId, id });
}

/** Built once: every list page looks its tab up. */
const companyWorkflow = prepared<{ companyId: number; id: number }, WorkflowRow>((db, p) =>
  db
    .selectFrom('workflow_statuses')
    .select(['id', 'name', 'default_style', 'active_style'])
    .where('company_id', '=', p.companyId)
    .where('id', '=', p.id),
);

/** True for the catch-all tab (docs/product/data.md), matched by name in any case: never a lead's own status. */
export const isAllContacts = (workflow: Pick<WorkflowRow, 'name'>): boolean =>
  workflow.name.trim().toLowerCase() === DEFAULT_WORKFLOWS[0].toLowerCase();
