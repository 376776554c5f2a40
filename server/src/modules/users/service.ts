/**
 * The signed-in user's own account, beyond one query: the profile update (a changed e-mail must be
 * confirmed again, so it is unverified and a verification mail goes out), the password change
 * (every other session ends) and the avatar (stored re-encoded, the old file removed). Each
 * writes its `user.updated` event in its own transaction (events.ts: never the password itself).
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES, type PasswordChangeRequest, type ProfileUpdateRequest } from '@contract';
import { isUniqueViolation } from '../../db/dialect';
import type { UserRow } from '../../db/schema';
import { HOUR, isoIn } from '../../lib/clock';
import { invalid, notFound } from '../../lib/http-error';
import { mediaStoreOf } from '../../lib/media-store';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { storeFile } from '../../lib/uploads';
import type { StoredImage } from '../../lib/uploads-image';
import type { AuthContext, Deps } from '../../types';
import { type Actor, changesBetween, withEvents } from '../events/record';
import { PASSWORD_CHANGED, PROFILE_FIELDS, userRecord } from './events';
import { type PendingNotice, recordEmailChange, sendEmailChangeNotice } from './email-change.service';
import { createUserToken, VERIFY_TTL_MS } from './tokens.repository';
import { verificationMail } from '../mail/templates';
import { roleName } from '../roles/repository';
import { revokeSessions } from '../sessions/repository';
import { toProfile, withoutSecret } from './mapper';
import { emailTaken, findUserById, setPasswordHash, updateUser } from './repository';

type Me = AuthContext['user'];
export type Profile = ReturnType<typeof toProfile>;

const emailTakenError = () => invalid({ email: [MESSAGES.auth.emailTakenServer] }, MESSAGES.auth.emailTakenServer);

/** The user's profile as stored now, under the role name `role` (or the stored role's). */
async function freshProfile(deps: Deps, id: number, role?: string | null): Promise<Profile> {
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound();
  const name = role === undefined ? await roleName(deps.db, user.company_id, user.role_id) : role;
  return toProfile(withoutSecret(user), name, deps.config.imagePrefix);
}

/**
 * Saves the profile form. A new e-mail address needs the current password (422 without it: a
 * session alone must not move the account) and must be taken by nobody else (422). It must be
 * confirmed before the next sign-in, so it is stored unverified and a verification mail is sent;
 * the old address is told, with a link that undoes the change (email-change.service.ts).
 * `user_type` never changes here: types change through user admin.
 */
export async function updateProfile(deps: Deps, actor: Actor, me: Me, input: ProfileUpdateRequest): Promise<Profile> {
  const emailChanged = input.email !== me.email.toLowerCase();
  if (emailChanged) await ensureCurrentPassword(deps, me.id, input.current_password, MESSAGES.profile.currentPasswordForEmail);
  if (emailChanged && (await emailTaken(deps.db, input.email, me.id))) throw emailTakenError();
  const stamp = deps.clock().toISOString();
  let sent: { token: string; notice: PendingNotice } | null;
  try {
    // Mail is queued after the transaction: on SQLite a query outside it would wait for it.
    sent = await withEvents(deps, actor, async ({ db: trx }, log) => {
      await updateUser(trx, me.id, {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        phone: input.phone,
        address: input.street,
        city: input.city,
        state: input.state,
        postal_code: input.zip_code,
        country: input.country,
        ...(emailChanged ? { email_verified_at: null } : {}),
        updated_at: stamp,
      });
      const after = (await findUserById(trx, me.id))!;
      const changes = changesBetween<Pick<UserRow, (typeof PROFILE_FIELDS)[number]>>(me, after, PROFILE_FIELDS);
      if (Object.keys(changes).length > 0) await log({ action: 'user.updated', record: userRecord(after), changes });
      if (!emailChanged) return null;
      const token = await createUserToken(trx, 'email_verification_tokens', me.id, stamp, isoIn(deps.clock, VERIFY_TTL_MS));
      const notice = await recordEmailChange(deps, trx, { userId: me.id, oldEmail: me.email, newEmail: input.email, firstName: input.first_name });
      return { token, notice };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  if (sent) {
    await deps.mailer.send(verificationMail(deps.config.publicUrl, input.email, input.first_name, sent.token, VERIFY_TTL_MS / HOUR));
    await sendEmailChangeNotice(deps, sent.notice);
  }
  return freshProfile(deps, me.id);
}

/** 422 on `current_password` unless `given` is the user's password. */
async function ensureCurrentPassword(deps: Deps, userId: number, given: string | undefined, missing: string): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!given) throw invalid({ current_password: [missing] }, missing);
  if (!user?.password_hash || !(await verifyPassword(user.password_hash, given))) {
    throw invalid({ current_password: [MESSAGES.profile.currentPasswordWrong] }, MESSAGES.profile.currentPasswordWrong);
  }
}

/**
 * Changes the password after checking the current one (422 when wrong, or when the new one is the
 * same); every other session of the user ends.
 */
export async function changePassword(deps: Deps, actor: Actor, auth: Pick<AuthContext, 'user' | 'sessionId'>, input: PasswordChangeRequest): Promise<void> {
  await ensureCurrentPassword(deps, auth.user.id, input.current_password, MESSAGES.validation.currentPasswordRequired);
  if (input.new_password === input.current_password) {
    throw invalid({ new_password: [MESSAGES.profile.samePassword] }, MESSAGES.profile.samePassword);
  }
  const user = { id: auth.user.id };
  const passwordHash = await hashPassword(input.new_password);
  await withEvents(deps, actor, async ({ db: trx }, log) => {
    const stamp = deps.clock().toISOString();
    await setPasswordHash(trx, user.id, passwordHash, stamp);
    // This session stays signed in.
    await revokeSessions(trx, user.id, auth.sessionId, stamp);
    await log({ action: 'user.updated', record: userRecord(auth.user), data: PASSWORD_CHANGED });
  });
}

/** Where avatars are stored in the media store (served under the image prefix). */
const AVATAR_DIR = 'avatars';

/**
 * Stores an avatar (already checked and re-encoded: lib/uploads-image.ts) as the user's, then
 * removes the previous file. A failed save leaves the previous avatar in place and no new file.
 */
export async function replaceAvatar(deps: Deps, actor: Actor, me: Me, image: StoredImage): Promise<Profile> {
  const store = mediaStoreOf(deps.config);
  const relative = `${AVATAR_DIR}/${me.id}-${randomBytes(8).toString('hex')}.${image.kind}`;
  await storeFile(store, relative, image.bytes);
  try {
    await withEvents(deps, actor, async ({ db }, log) => {
      await updateUser(db, me.id, { avatar: relative, updated_at: deps.clock().toISOString() });
      await log({ action: 'user.updated', record: userRecord(me), data: { avatar: me.avatar ? 'replaced' : 'added' } });
    });
  } catch (error) {
    await store.remove(relative).catch(() => undefined);
    throw error;
  }
  const previous = me.avatar;
  // Only files of our own avatar folder are ever removed.
  if (previous?.startsWith(`${AVATAR_DIR}/`) && !previous.includes('..')) {
    await store.remove(previous).catch(() => undefined);
  }
  return freshProfile(deps, me.id, me.role_name);
}
