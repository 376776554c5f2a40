/** Writing the activity log's rows: the only code that inserts them (reads: modules/activity). */
import type { Insertable, Kysely } from 'kysely';
import type { ActivityEventsTable, Database } from '../../db/schema';

export async function insertEvent(db: Kysely<Database>, row: Insertable<ActivityEventsTable>): Promise<void> {
  await db.insertInto('activity_events').values(row).execute();
}
