/**
 * The undo links of e-mail changes. FROZEN once shipped; it imports nothing from the app on purpose.
 *
 * When an account's e-mail address changes, the old address is told and gets a link that puts it
 * back for 7 days: one row per change, holding the address to restore and the one it replaced, the
 * SHA-256 of the mailed token, and when it was used.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? 'timestamptz' : 'text';
  const table = db.schema.createTable('email_change_undo_tokens');
  await (pg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('old_email', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_change_undo_tokens_user').on('email_change_undo_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_change_undo_tokens').execute();
}
