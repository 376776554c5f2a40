/**
 * Each lead's next appointment, for a page of leads in one query: the leads board shows it on every
 * row, and a call per row would cost ten round trips a page. Ranked by a window function (SQLite
 * and PostgreSQL both have `row_number() over`), found through (lead_id, starts_at).
 */
import { type Kysely, sql } from 'kysely';
import { OPEN_APPOINTMENT_STATUSES } from '@contract';
import type { Database } from '../../db/schema';
import { type AppointmentRow, base, type Viewer } from './repository';

/**
 * For each of `leadIds`, the appointment the viewer sees that is not over at `now` and still open
 * (proposed or confirmed) with the earliest start (then the lowest id); soonest first.
 */
export async function nextOfLeads(db: Kysely<Database>, viewer: Viewer, leadIds: readonly number[], now: string): Promise<AppointmentRow[]> {
  if (!leadIds.length) return [];
  const ranked = base(db, viewer)
    .select(
      sql<number>`row_number() over (partition by ${sql.ref('appointments.lead_id')} order by ${sql.ref('appointments.starts_at')}, ${sql.ref('appointments.id')})`.as(
        'lead_rank',
      ),
    )
    .where('appointments.lead_id', 'in', [...leadIds])
    .where('appointments.ends_at', '>', now)
    .where('appointments.status', 'in', [...OPEN_APPOINTMENT_STATUSES]);
  const rows = await db.selectFrom(ranked.as('ranked')).selectAll().where('ranked.lead_rank', '=', 1).orderBy('ranked.starts_at').orderBy('ranked.id').execute();
  return rows.map(({ lead_rank: _rank, ...row }) => row);
}
