/** Users in the database. E-mail addresses are stored lower-cased and unique whatever their case. */
import { type Kysely, sql } from 'kysely';
import { prepared } from '../../db/prepared';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema';

const lowerEmail = sql<string>`lower(email)`;

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(lowerEmail, '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** True when another user already has this e-mail address. */
export async function emailTaken(db: Kysely<Database>, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where(lowerEmail, '=', email.trim().toLowerCase());
  if (exceptUserId != null) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(db: Kysely<Database>, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Kysely<Database>, id: number, passwordHash: string, nowIso: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}

/** Marks the address verified (the first time only). */
export async function markEmailVerified(db: Kysely<Database>, id: number, nowIso: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** A user of the given company, or undefined (another company's user is simply not found). */
export async function findCompanyUser(db: Kysely<Database>, companyId: number, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
}

/** A managed user's row as the list reads it. */
export interface ListedUserRow {
  id: number;
  first_name: string;
  last_name: string | null;
  email: string;
  user_type: string;
  status: string;
  role_id: number | null;
  role_name: string | null;
  created_at: string;
  last_invited_at: string | null;
  /** Whether an authenticator app is confirmed (SQLite answers 0/1, PostgreSQL a boolean). */
  two_factor: number | boolean;
}

/** Built once (db/prepared.ts): User Management and its role dropdown read it often. */
const companyUsers = prepared<{ companyId: number; size: number; offset: number }, ListedUserRow>((db, p) =>
  db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.user_type',
      'users.status',
      'users.role_id',
      'roles.name as role_name',
      'users.created_at',
      // When the newest invitation went out (the seed's invited people have none: created_at).
      (eb) =>
        eb
          .selectFrom('invitations')
          .select((sub) => sub.fn.max('invitations.created_at').as('latest'))
          .whereRef('invitations.user_id', '=', 'users.id')
          .as('last_invited_at'),
      (eb) =>
        eb
          .exists(eb.selectFrom('user_two_factor').select('user_two_factor.user_id').whereRef('user_two_factor.user_id', '=', 'users.id').where('user_two_factor.secret', 'is not', null))
          .as('two_factor'),
    ])
    .where('users.company_id', '=', p.companyId)
    .orderBy('users.id')
    .limit(p.size)
    .offset(p.offset),
);

const companyUserCount = prepared<{ companyId: number }, { total: number | string }>((db, p) =>
  db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('company_id', '=', p.companyId),
);

/** A company's users with their role names, oldest first. */
export async function listCompanyUsers(db: Kysely<Database>, companyId: number, page: { size: number; offset: number }): Promise<ListedUserRow[]> {
  return companyUsers.all(db, { companyId, size: page.size, offset: page.offset });
}

export async function countCompanyUsers(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await companyUserCount.first(db, { companyId });
  return Number(row?.total ?? 0);
}

export async function deleteUser(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** How many active admins the company has besides `exceptUserId`. */
export async function countOtherActiveAdmins(db: Kysely<Database>, companyId: number, exceptUserId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('company_id', '=', companyId)
    .where('user_type', '=', 'admin')
    .where('status', '=', 'active')
    .where('id', '<>', exceptUserId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
