/**
 * Account settings: when each session was last seen, and each person's preferences. FROZEN once
 * shipped; it imports nothing from the app on purpose.
 *
 * - `sessions.last_seen_at`: set at sign-in and moved forward at most once a minute while the
 *   session makes requests (modules/sessions/repository.ts), for the Security tab's session list.
 * - `user_preferences`: one row per person who saved preferences (none: the defaults apply,
 *   contract DEFAULT_PREFERENCES); the row goes with its user.
 * - `leads_company_created`: the dashboard summary counts a company's leads by creation date.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('sessions').addColumn('last_seen_at', time).execute();
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().notNull().references('users.id').onDelete('cascade'))
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('density', 'text', (c) => c.notNull())
    .addColumn('leads_default_tab', 'integer')
    .addColumn('leads_page_size', 'integer', (c) => c.notNull())
    .addColumn('date_format', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leads_company_created').on('leads').columns(['company_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS leads_company_created').execute(db);
  await db.schema.dropTable('user_preferences').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
}
