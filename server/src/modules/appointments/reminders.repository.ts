/**
 * Reminders: the appointments whose reminder is due, and the claim that makes one process send
 * each reminder once (an UPDATE that only the first process finds still unsent).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppointmentRow } from './repository';

/** Appointments (proposed or confirmed, not yet over) whose reminder time has come and that no process has claimed. */
export function dueReminders(db: Kysely<Database>, nowIso: string, limit = 100): Promise<AppointmentRow[]> {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('reminder_at', '<=', nowIso)
    .where('reminder_sent_at', 'is', null)
    .where('ends_at', '>', nowIso)
    .where('status', 'in', ['proposed', 'confirmed'])
    .orderBy('reminder_at')
    .limit(limit)
    .execute();
}

/** Claims the reminder of `id` at `reminderAt` for this process; false when another got there first or it moved. */
export async function claimReminder(db: Kysely<Database>, id: number, reminderAt: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ reminder_sent_at: nowIso })
    .where('id', '=', id)
    .where('reminder_sent_at', 'is', null)
    .where('reminder_at', '=', reminderAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
