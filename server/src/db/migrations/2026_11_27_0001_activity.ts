/**
 * The activity log (docs/activity.md): `activity_events`, one row per change made through the API
 * and per sign-in, written in the change's own transaction; `lead_notes`, the notes, calls and
 * messages staff add to a lead (their adding, editing and deleting are events too); and a lead's
 * next follow-up, kept on the lead so the board shows it without a second query.
 *
 * Events keep the actor's and the record's names as they were, and no foreign keys to users or
 * records: the log outlives what it tells of. FROZEN once shipped; it imports nothing from the app.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const time = pg ? 'timestamptz' : 'text';
  const events = db.schema.createTable('activity_events');
  await (pg
    ? events.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : events.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('company_id', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('record_label', 'text')
    .addColumn('changes', 'text')
    .addColumn('data', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  // The audit log pages a company's events newest first, by record and by person; the live
  // streams and the retention sweep read by id and by time.
  await db.schema.createIndex('activity_events_company').on('activity_events').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('activity_events_record').on('activity_events').columns(['company_id', 'record_type', 'record_id', 'id']).execute();
  await db.schema.createIndex('activity_events_actor').on('activity_events').columns(['company_id', 'actor_id', 'id']).execute();
  await db.schema.createIndex('activity_events_time').on('activity_events').columns(['created_at']).execute();

  const notes = db.schema.createTable('lead_notes');
  await (pg
    ? notes.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : notes.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('author_id', 'integer')
    .addColumn('author_name', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('follow_up_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_notes_lead').on('lead_notes').columns(['lead_id', 'id']).execute();

  await db.schema.alterTable('leads').addColumn('follow_up_at', time).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('follow_up_at').execute();
  await db.schema.dropTable('lead_notes').execute();
  await db.schema.dropTable('activity_events').execute();
}
