/**
 * Private calendar feeds: one per person, kept as the SHA-256 of its token (the token itself is
 * shown once), and the appointments a feed lists.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppointmentRow } from './repository';

/** Sets the person's feed token (a new one replaces the old: the old link stops working). */
export async function saveFeedToken(db: Kysely<Database>, userId: number, tokenHash: string, nowIso: string): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash, created_at: nowIso })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: nowIso }))
    .execute();
}

/** Removes the person's feed; false when there was none. */
export async function deleteFeedToken(db: Kysely<Database>, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The person a feed token hash belongs to, with what decides whether the feed still answers. */
export function feedOwner(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .select(['users.id', 'users.company_id', 'users.user_type', 'users.role_id', 'users.status', 'users.first_name', 'users.last_name'])
    .where('calendar_feeds.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A person's appointments (run or invited to) not over before `sinceIso`, cancelled ones too. */
export function feedAppointments(db: Kysely<Database>, companyId: number, userId: number, sinceIso: string, limit = 2000): Promise<AppointmentRow[]> {
  return db
    .selectFrom('appointments')
    .selectAll('appointments')
    .where('appointments.company_id', '=', companyId)
    .where('appointments.ends_at', '>=', sinceIso)
    .where((eb) =>
      eb.or([
        eb('appointments.agent_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('appointment_invitees')
            .select('appointment_invitees.user_id')
            .whereRef('appointment_invitees.appointment_id', '=', 'appointments.id')
            .where('appointment_invitees.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('appointments.starts_at')
    .limit(limit)
    .execute();
}
