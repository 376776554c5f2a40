/** Writing the activity log's rows: the only code that inserts them (reads: modules/activity). */
import type { Insertable, Kysely } from 'kysely';
import { prepared } from '../../db/prepared';
import type { ActivityEventsTable, Database } from '../../db/schema';

type EventRow = Required<Omit<Insertable<ActivityEventsTable>, 'id'>>;

// Every change writes one, inside its own transaction: built and compiled once, and on PostgreSQL
// a named statement parsed and planned once per connection (db/prepared.ts), which is most of what
// an event costs a mutation beyond the row itself (docs/performance.md, the event write's row).
const insertRow = prepared<EventRow, never>((db, p) =>
  db.insertInto('activity_events').values({
    company_id: p.company_id,
    actor_id: p.actor_id,
    actor_name: p.actor_name,
    action: p.action,
    record_type: p.record_type,
    record_id: p.record_id,
    record_label: p.record_label,
    changes: p.changes,
    data: p.data,
    request_id: p.request_id,
    created_at: p.created_at,
    lead_id: p.lead_id,
  }),
);

export async function insertEvent(db: Kysely<Database>, row: Insertable<ActivityEventsTable>): Promise<void> {
  await insertRow.all(db, {
    company_id: row.company_id ?? null,
    actor_id: row.actor_id ?? null,
    actor_name: row.actor_name ?? null,
    action: row.action,
    record_type: row.record_type,
    record_id: row.record_id ?? null,
    record_label: row.record_label ?? null,
    changes: row.changes ?? null,
    data: row.data ?? null,
    request_id: row.request_id ?? null,
    created_at: row.created_at,
    lead_id: row.lead_id ?? null,
  });
}
