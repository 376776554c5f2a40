/** Companies (tenants) in the database. */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { CompanyRow, Database, NewCompany } from '../../db/schema';
import { createDefaultRoles } from '../roles/repository';
import { createDefaultWorkflows } from '../workflows/repository';

export type CompanyFields = Omit<NewCompany, 'id' | 'created_at' | 'updated_at'>;
export type CompanyUpdate = Partial<Omit<CompanyRow, 'id' | 'created_at'>>;

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

/** Every company, oldest first (the super admin's list). */
export function listCompanies(db: Kysely<Database>): Promise<CompanyRow[]> {
  return db.selectFrom('companies').selectAll().orderBy('id').execute();
}

export function findCompany(db: Kysely<Database>, id: number): Promise<CompanyRow | undefined> {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The company's row, held until the caller's transaction ends: `FOR UPDATE` on PostgreSQL; SQLite
 * transactions here begin IMMEDIATE, so no other writer runs meanwhile anyway. Two image
 * replacements at once then each see the other's path as the one they replace.
 */
export function lockCompany(trx: Kysely<Database>, id: number): Promise<CompanyRow | undefined> {
  const query = trx.selectFrom('companies').selectAll().where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** Changes the given columns; false when there is no such company. */
export async function updateCompany(db: Kysely<Database>, id: number, changes: CompanyUpdate): Promise<boolean> {
  const result = await db.updateTable('companies').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What deleting a company takes with it beyond its rows: files and the mail addressed to its people. */
export interface CompanyBelongings {
  propertyIds: number[];
  userIds: number[];
  emails: string[];
  avatars: string[];
}

export async function companyBelongings(db: Kysely<Database>, id: number): Promise<CompanyBelongings> {
  const properties = await db.selectFrom('properties').select('id').where('company_id', '=', id).execute();
  const users = await db.selectFrom('users').select(['id', 'email', 'avatar']).where('company_id', '=', id).execute();
  return {
    propertyIds: properties.map((row) => row.id),
    userIds: users.map((row) => row.id),
    emails: users.map((row) => row.email),
    avatars: users.flatMap((row) => (row.avatar ? [row.avatar] : [])),
  };
}

/**
 * Deletes the company and everything that belongs to it, in one transaction the caller opens:
 * the mail still addressed to its people (invitation and reset links among them), then the
 * company row, whose foreign keys cascade to its users (and so their sessions, invitations and
 * e-mail/reset tokens), roles and their permissions, workflow statuses, lead counts, leads (and
 * the SQLite search rows, by trigger), properties and their photo rows. The rows are deleted
 * table by table first, so the result does not rest on every foreign key being declared.
 * False when there is no such company.
 */
export async function deleteCompanyRows(db: Kysely<Database>, id: number, belongings: CompanyBelongings): Promise<boolean> {
  for (const emails of chunks(belongings.emails, 500)) {
    await db.deleteFrom('email_outbox').where(sql<string>`lower(to_address)`, 'in', emails.map((email) => email.toLowerCase())).execute();
  }
  for (const userIds of chunks(belongings.userIds, 500)) {
    await db.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
    await db.deleteFrom('email_verification_tokens').where('user_id', 'in', userIds).execute();
    await db.deleteFrom('password_reset_tokens').where('user_id', 'in', userIds).execute();
  }
  await db.deleteFrom('invitations').where('company_id', '=', id).execute();
  await db.deleteFrom('property_images').where('company_id', '=', id).execute();
  await db.deleteFrom('properties').where('company_id', '=', id).execute();
  await db.deleteFrom('leads').where('company_id', '=', id).execute();
  await db.deleteFrom('users').where('company_id', '=', id).execute();
  await db.deleteFrom('workflow_statuses').where('company_id', '=', id).execute();
  const roles = db.selectFrom('roles').select('id').where('company_id', '=', id);
  await db.deleteFrom('role_permissions').where('role_id', 'in', roles).execute();
  await db.deleteFrom('roles').where('company_id', '=', id).execute();
  const result = await db.deleteFrom('companies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < list.length; at += size) out.push(list.slice(at, at + size));
  return out;
}
