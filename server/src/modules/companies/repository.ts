/** Companies (tenants) in the database. */
import { type Kysely, sql } from 'kysely';
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


export async function companyName(db: Kysely<Database>, id: number): Promise<string | null> {
  const row = await db.selectFrom('companies').select('display_name').where('id', '=', id).executeTakeFirst();
  return row?.display_name ?? null;
}

/** A company by id (digits) or by a part of its name, case-insensitive (seed command). */
export async function findCompanyByRef(db: Kysely<Database>, ref: string): Promise<{ id: number; display_name: string } | undefined> {
  const query = db.selectFrom('companies').select(['id', 'display_name']).orderBy('id');
  return /^\d+$/.test(ref)
    ? query.where('id', '=', Number(ref)).executeTakeFirst()
    : query.where(sql<string>`lower(display_name)`, 'like', `%${ref.toLowerCase()}%`).executeTakeFirst();
}
