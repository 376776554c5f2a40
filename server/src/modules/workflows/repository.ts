/** Workflow statuses (the lead tabs) of a company. */
import type { Kysely } from 'kysely';
import { DEFAULT_WORKFLOWS, statusBadgeColour } from '../../../../src/contract';
import type { Database } from '../../db/schema';

/** Style of the selected tab: the brand's orange accent (SPEC §9). */
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
