/**
 * State that every server process must agree on, kept in the database when several processes
 * share one PostgreSQL (server/src/shared-state/): `limit_windows` counts rate and cost limits in
 * fixed windows (one upsert per hit), `shared_records` holds small JSON records with an expiry
 * (sign-in slowdowns and queues, one-at-a-time leases, import progress). `email_outbox.claimed_until`
 * lets one process at a time take a mail to deliver. Times are epoch milliseconds, so a test's
 * clock can drive them. One process on SQLite keeps this state in memory and leaves the tables
 * empty. FROZEN once shipped; it imports nothing from the app on purpose.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ms = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('limit_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('shared_records')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('limit_windows_reset_at').on('limit_windows').column('reset_at').execute();
  await db.schema.createIndex('shared_records_expires_at').on('shared_records').column('expires_at').execute();
  await db.schema.alterTable('email_outbox').addColumn('claimed_until', pg ? 'timestamptz' : 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('claimed_until').execute();
  await db.schema.dropTable('shared_records').execute();
  await db.schema.dropTable('limit_windows').execute();
}
