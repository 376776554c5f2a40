/**
 * Webhooks (docs/webhooks.md): `webhooks`, a company's addresses with the kinds of event each
 * wants and its signing secret (sealed, lib/secret-box.ts, as the two-factor keys are), and
 * `webhook_deliveries`, one row per (webhook, event) with its attempts' outcome. The unique pair
 * lets every process insert deliveries as it follows the log without sending one twice; the due
 * index finds what to send (finished deliveries have no next attempt).
 *
 * `start_event_id`: the newest event when the webhook was made (or last asked for other kinds),
 * so it is sent only what happens after. FROZEN once shipped; it imports nothing from the app.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? 'timestamptz' : 'text';
  const webhooks = db.schema.createTable('webhooks');
  await (pg
    ? webhooks.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : webhooks.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('start_event_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_company').on('webhooks').columns(['company_id', 'id']).execute();

  const deliveries = db.schema.createTable('webhook_deliveries');
  await (pg
    ? deliveries.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : deliveries.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('next_attempt_at', time)
    .addColumn('first_attempt_at', time)
    .addColumn('delivered_at', time)
    .addColumn('error', 'text')
    .addColumn('claimed_until', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_once').on('webhook_deliveries').columns(['webhook_id', 'event_id']).unique().execute();
  await db.schema.createIndex('webhook_deliveries_log').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_time').on('webhook_deliveries').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
