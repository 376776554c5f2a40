/**
 * The lead an event concerns (docs/activity.md): a lead's own events and those of its appointments
 * (a visit scheduled, moved, done), so a lead's timeline is one indexed read whatever record the
 * event is about. The lead events written before are given theirs. FROZEN once shipped; it imports
 * nothing from the app.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activity_events').addColumn('lead_id', 'integer').execute();
  await sql`UPDATE activity_events SET lead_id = record_id WHERE record_type = 'lead'`.execute(db);
  await db.schema.createIndex('activity_events_lead').on('activity_events').columns(['company_id', 'lead_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_events_lead').execute();
  await db.schema.alterTable('activity_events').dropColumn('lead_id').execute();
}
