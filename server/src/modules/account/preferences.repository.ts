/** A person's stored preferences: one row per person who saved any (user_preferences). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserPreferencesRow } from './tables';

export async function findPreferences(db: Kysely<Database>, userId: number): Promise<UserPreferencesRow | undefined> {
  return db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Inserts or replaces the person's row (both engines know ON CONFLICT). */
export async function savePreferences(db: Kysely<Database>, row: UserPreferencesRow): Promise<void> {
  const { user_id: _key, ...fields } = row;
  await db
    .insertInto('user_preferences')
    .values(row)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(fields))
    .execute();
}

/** Whether workflow status `id` is one of the company's. */
export async function companyHasWorkflow(db: Kysely<Database>, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('workflow_statuses')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
