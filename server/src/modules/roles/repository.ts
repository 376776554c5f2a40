/**
 * Roles and permissions in the database. The permission list is the contract's ALL_PERMISSIONS,
 * synced at start so a permission added to the contract exists without a migration.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { ALL_PERMISSIONS, PERMISSIONS, type Permission, SALES_AGENT_PERMISSIONS, slugify } from '@contract';
import { isPostgres } from '../../db/dialect';
import { namedStatement, prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';

/** Roles every new company starts with. "Sales Agent" holds exactly the demo set (contract SALES_AGENT_PERMISSIONS). */
export const DEFAULT_ROLES: ReadonlyArray<{ name: string; permissions: readonly Permission[] }> = [
  { name: 'Sales Agent', permissions: SALES_AGENT_PERMISSIONS },
  {
    name: 'Team Lead',
    permissions: [
      PERMISSIONS.leadCreate,
      PERMISSIONS.leadRead,
      PERMISSIONS.leadEdit,
      PERMISSIONS.leadDelete,
      PERMISSIONS.propertyRead,
      PERMISSIONS.agentRead,
    ],
  },
  {
    name: 'Property Manager',
    permissions: [PERMISSIONS.propertyCreate, PERMISSIONS.propertyRead, PERMISSIONS.propertyEdit, PERMISSIONS.propertyDelete],
  },
];

/** Inserts permission names that are missing; existing ones stay. */
export async function syncPermissions(db: Kysely<Database>, names: readonly string[] = ALL_PERMISSIONS): Promise<void> {
  await db
    .insertInto('permissions')
    .values(names.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Permission names granted by a role. */
export async function permissionNamesOfRole(db: Kysely<Database>, roleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select('permissions.name')
    .where('role_permissions.role_id', '=', roleId)
    .orderBy('permissions.id')
    .execute();
  return rows.map((r) => r.name);
}

/** A user's permission names (src/core/can.ts): an agent's come from its role; every other type has all. */
export async function permissionsOfUser(db: Kysely<Database>, user: { user_type: string; role_id: number | null }): Promise<string[]> {
  if (user.user_type !== 'agent') return [...ALL_PERMISSIONS];
  return user.role_id == null ? [] : permissionNamesOfRole(db, user.role_id);
}

/** The name of a role of the given company, or null. */
export async function roleName(db: Kysely<Database>, companyId: number | null, roleId: number | null): Promise<string | null> {
  if (companyId == null || roleId == null) return null;
  const row = await db
    .selectFrom('roles')
    .select('name')
    .where('id', '=', roleId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Creates a role with its permissions; returns its id. */
export async function createRole(
  db: Kysely<Database>,
  companyId: number,
  name: string,
  permissions: readonly string[],
  nowIso: string,
  slug: string = slugify(name),
): Promise<number> {
  const { id } = await db
    .insertInto('roles')
    .values({ company_id: companyId, name, slug, created_at: nowIso, updated_at: nowIso })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (permissions.length) {
    const perms = await db.selectFrom('permissions').select('id').where('name', 'in', [...permissions]).execute();
    await db
      .insertInto('role_permissions')
      .values(perms.map((p) => ({ role_id: id, permission_id: p.id })))
      .execute();
  }
  return id;
}

/** Creates DEFAULT_ROLES for a company; returns role ids by name. */
export async function createDefaultRoles(db: Kysely<Database>, companyId: number, nowIso: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const role of DEFAULT_ROLES) ids.set(role.name, await createRole(db, companyId, role.name, role.permissions, nowIso));
  return ids;
}

/** A company's role named by id or by name (the user form may send either), or undefined. */
export async function findCompanyRole(
  db: Kysely<Database>,
  companyId: number,
  idOrName: string,
): Promise<{ id: number; name: string } | undefined> {
  let query = db.selectFrom('roles').select(['id', 'name']).where('company_id', '=', companyId);
  query = /^\d{1,9}$/.test(idOrName)
    ? query.where('id', '=', Number(idOrName))
    : query.where((eb) => eb.or([eb('name', '=', idOrName), eb('slug', '=', idOrName)]));
  return query.executeTakeFirst();
}

/** A role of a company as listed: its permission names and how many people hold it. */
export interface CompanyRole {
  id: number;
  name: string;
  slug: string;
  permissions: string[];
  users_count: number;
  updated_at: string;
}

/** Every permission, in the contract's display order (ids as stored). */
export async function listPermissions(db: Kysely<Database>): Promise<Array<{ id: number; name: string }>> {
  const rows = await db.selectFrom('permissions').select(['id', 'name']).where('name', 'in', [...ALL_PERMISSIONS]).execute();
  const order = new Map(ALL_PERMISSIONS.map((name, i) => [name, i]));
  return rows.sort((a, b) => (order.get(a.name as Permission) ?? 0) - (order.get(b.name as Permission) ?? 0));
}

// Built once (db/prepared.ts): the roles page and the user form's dropdown read these often.
const companyRoles = prepared<{ companyId: number }, { id: number; name: string; slug: string; updated_at: string }>((db, p) =>
  db.selectFrom('roles').select(['id', 'name', 'slug', 'updated_at']).where('company_id', '=', p.companyId).orderBy('id'),
);
const companyGrants = prepared<{ companyId: number }, { role_id: number; name: string }>((db, p) =>
  db
    .selectFrom('role_permissions')
    .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['role_permissions.role_id', 'permissions.name'])
    .where('roles.company_id', '=', p.companyId)
    .orderBy('permissions.id'),
);
const companyRoleHolders = prepared<{ companyId: number }, { role_id: number | null; total: number | string }>((db, p) =>
  db
    .selectFrom('users')
    .select((eb) => ['role_id', eb.fn.countAll<number>().as('total')])
    .where('company_id', '=', p.companyId)
    .where('role_id', 'is not', null)
    .groupBy('role_id'),
);

/**
 * The same on PostgreSQL as one named statement: three statements were three round trips, each
 * costing the server about as much as PostgreSQL spent answering it. Permission names in the
 * permissions' id order, as companyGrants reads them.
 */
const COMPANY_ROLES_PG = namedStatement(`SELECT r.id, r.name, r.slug, r.updated_at,
    coalesce(ARRAY(SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id ORDER BY p.id), '{}') AS permissions,
    (SELECT count(*)::int FROM users u WHERE u.company_id = r.company_id AND u.role_id = r.id) AS users_count
  FROM roles r WHERE r.company_id = $1 ORDER BY r.id`);

/** A company's roles, oldest first, with permission names and holder counts: three queries whatever the count (PostgreSQL: one). */
export async function listCompanyRoles(db: Kysely<Database>, companyId: number): Promise<CompanyRole[]> {
  if (isPostgres(db)) return (await db.executeQuery<CompanyRole>(CompiledQuery.raw(COMPANY_ROLES_PG, [companyId]))).rows;
  const [roles, grants, holders] = await Promise.all([
    companyRoles.all(db, { companyId }),
    companyGrants.all(db, { companyId }),
    companyRoleHolders.all(db, { companyId }),
  ]);
  const byRole = new Map<number, string[]>();
  for (const g of grants) {
    const list = byRole.get(g.role_id);
    if (list) list.push(g.name);
    else byRole.set(g.role_id, [g.name]);
  }
  const counts = new Map(holders.map((h) => [h.role_id, Number(h.total)]));
  return roles.map((r) => ({ ...r, permissions: byRole.get(r.id) ?? [], users_count: counts.get(r.id) ?? 0 }));
}

/** One role of a company, or undefined (another company's role is simply not found). */
export async function findRoleOfCompany(db: Kysely<Database>, companyId: number, id: number) {
  return db.selectFrom('roles').select(['id', 'name', 'slug', 'updated_at']).where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
}

/** True when another role of the company has this name (any case) or slug. */
export async function roleNameTaken(db: Kysely<Database>, companyId: number, name: string, slug: string, exceptId: number | null): Promise<boolean> {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb(eb.fn('lower', ['name']), '=', name.toLowerCase()), eb('slug', '=', slug)]));
  if (exceptId != null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Replaces a role's name, slug and permissions. `updatedAt` is what the access stamp reads. */
export async function updateRole(
  db: Kysely<Database>,
  id: number,
  changes: { name: string; slug: string; updatedAt: string },
  permissions: readonly string[],
): Promise<void> {
  await db.updateTable('roles').set({ name: changes.name, slug: changes.slug, updated_at: changes.updatedAt }).where('id', '=', id).execute();
  await db.deleteFrom('role_permissions').where('role_id', '=', id).execute();
  if (permissions.length) {
    const perms = await db.selectFrom('permissions').select('id').where('name', 'in', [...permissions]).execute();
    await db
      .insertInto('role_permissions')
      .values(perms.map((p) => ({ role_id: id, permission_id: p.id })))
      .execute();
  }
}

/** How many users hold a role. */
export async function countRoleHolders(db: Kysely<Database>, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function deleteRole(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}
