/**
 * What the activity log says of a person (docs/activity.md): the record it names, who acts when
 * nobody is signed in (the person following a mailed link is the actor), and the profile fields
 * compared before → after. Never a password hash, token or secret: a password change is said as
 * `{ password: 'changed' }` and nothing more.
 */
import type { Kysely } from 'kysely';
import { joinName } from '@contract';
import type { Database, UserRow } from '../../db/schema';
import type { Deps } from '../../types';
import { type Actor, eventWriter, type RecordRef } from '../events/record';

type Person = Pick<UserRow, 'id' | 'first_name' | 'last_name'>;

/** A person as the log names them: by their name now. */
export const userRecord = (user: Person): RecordRef => ({ type: 'user', id: user.id, label: joinName(user.first_name, user.last_name) });

/** The person themselves as the actor (an accepted invitation, an undone e-mail change). */
export const selfActor = (user: Person & Pick<UserRow, 'company_id'>, requestId: string | null): Actor => ({
  companyId: user.company_id,
  userId: user.id,
  name: joinName(user.first_name, user.last_name),
  requestId,
});

/** The profile fields one's own profile form changes, compared before → after. */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'address', 'city', 'state', 'postal_code', 'country'] as const;

/** What a password change says in the log: that it changed, nothing of it. */
export const PASSWORD_CHANGED = { password: 'changed' } as const;

/**
 * Logs an accepted invitation in the acceptance's transaction: `user.accepted`, the person
 * themselves the actor (nobody else is signed in); `user` as read before the acceptance.
 */
export function logAccepted(deps: Pick<Deps, 'clock'>, trx: Kysely<Database>, user: UserRow, requestId: string | null): Promise<void> {
  return eventWriter(deps, trx, selfActor(user, requestId))({
    action: 'user.accepted',
    record: userRecord(user),
    changes: { status: [user.status, 'active'] },
    data: { email: user.email },
  });
}
