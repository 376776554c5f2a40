/**
 * One row per invitation mail (a new invitation or a resend), for the per-company hourly cap
 * (modules/invitations/repository.ts `claimInvitationSend`). Kept apart from `invitations`, whose
 * rows go with their user: deleting and re-inviting someone must still count. Rows older than the
 * window are removed as the company sends more. FROZEN once shipped; it imports nothing from the
 * app on purpose.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? 'timestamptz' : 'text';
  const table = db.schema.createTable('invitation_sends');
  await (pg
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitation_sends_company').on('invitation_sends').columns(['company_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitation_sends').execute();
}
