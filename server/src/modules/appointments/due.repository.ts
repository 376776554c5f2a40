/**
 * The bell's appointments (GET /appointments/due): one person's open ones — those they run or were
 * invited to, proposed or confirmed — starting in a range, through (company_id, starts_at).
 */
import type { Kysely } from 'kysely';
import { OPEN_APPOINTMENT_STATUSES } from '@contract';
import type { Database } from '../../db/schema';
import type { AppointmentRow } from './repository';

export interface DueRange {
  companyId: number;
  personId: number;
  /** ISO instants: from inclusive, to exclusive. */
  from: string;
  to: string;
}

function dueQuery(db: Kysely<Database>, range: DueRange) {
  return db
    .selectFrom('appointments')
    .where('appointments.company_id', '=', range.companyId)
    .where('appointments.starts_at', '>=', range.from)
    .where('appointments.starts_at', '<', range.to)
    .where('appointments.status', 'in', [...OPEN_APPOINTMENT_STATUSES])
    .where((eb) =>
      eb.or([
        eb('appointments.agent_id', '=', range.personId),
        eb.exists(
          eb
            .selectFrom('appointment_invitees')
            .select('appointment_invitees.user_id')
            .whereRef('appointment_invitees.appointment_id', '=', 'appointments.id')
            .where('appointment_invitees.user_id', '=', range.personId),
        ),
      ]),
    );
}

/** The first `limit` of the range's due appointments, by start (`order`), and how many there are in all. */
export async function dueAppointments(db: Kysely<Database>, range: DueRange, order: 'asc' | 'desc', limit: number): Promise<{ rows: AppointmentRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    dueQuery(db, range).selectAll('appointments').orderBy('appointments.starts_at', order).orderBy('appointments.id', order).limit(limit).execute(),
    dueQuery(db, range).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
