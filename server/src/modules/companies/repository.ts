/** Companies (tenants) in the database. */
import type { Kysely } from 'kysely';
import type { Database, NewCompany } from '../../db/schema';
import { createDefaultRoles } from '../roles/repository';
import { createDefaultWorkflows } from '../workflows/repository';

export type CompanyFields = Omit<NewCompany, 'id' | 'created_at' | 'updated_at'>;

/**
 * Creates a company with what every company starts with: the default workflow statuses and roles.
 * Call inside a transaction.
 */
export async function createCompanyWithDefaults(
  db: Kysely<Database>,
  fields: CompanyFields,
  nowIso: string,
): Promise<{ companyId: number; workflows: Map<string, number>; roles: Map<string, number> }> {
  const { id } = await db
    .insertInto('companies')
    .values({ ...fields, created_at: nowIso, updated_at: nowIso })
    .returning('id')
    .executeTakeFirstOrThrow();
  const workflows = await createDefaultWorkflows(db, id, nowIso);
  const roles = await createDefaultRoles(db, id, nowIso);
  return { companyId: id, workflows, roles };
}

