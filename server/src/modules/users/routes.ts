/**
 * The signed-in user's own account (SPEC §7): GET /users/profile, PUT /users/{id} (profile; a body
 * with `role` is a managed-user update, see managed.routes.ts), PUT /users/{id}/update-password.
 * Only one's own profile and password: any other id answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES, PasswordChangeRequest, ProfileUpdateRequest, USER_PATHS } from '../../../../src/contract';
import { success } from '../../lib/answers';
import { HOUR, isoIn } from '../../lib/clock';
import { invalid, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { parse, SERVER_OWNED_FIELDS } from '../../lib/validate';
import { caller } from '../../plugins/auth';
import { createUserToken, VERIFY_TTL_MS } from '../auth/repository';
import { verificationMail } from '../mail/templates';
import { roleName } from '../roles/repository';
import { revokeSessions } from '../sessions/repository';
import { toProfile, withoutSecret } from './mapper';
import { updateManagedUser } from './managed.routes';
import { emailTaken, findUserById, isUniqueViolation, setPasswordHash, updateUser } from './repository';

const SIGNED_IN = { access: { kind: 'signedIn' } } as const;

/** What GET /users/profile answers beside the update's fields: taken and ignored on PUT. */
const PROFILE_SERVER_OWNED = [...SERVER_OWNED_FIELDS, 'name', 'avatar', 'role', 'status', 'address', 'postal_code'];
/** Fields only a profile carries (the payload's and the profile answer's), never User Management's. */
const PROFILE_ONLY = ['last_name', 'phone', 'street', 'address', 'city', 'state', 'zip_code', 'postal_code', 'country', 'avatar', 'company_id'];

function isManagedUserUpdate(body: unknown, ownAccount: boolean): body is Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('role' in body)) return false;
  return !ownAccount || !PROFILE_ONLY.some((key) => key in body);
}

/**
 * The profile answer names the address `address` and `postal_code` where SPEC's update payload
 * says `street` and `zip_code`: either naming is taken, the payload's winning when both are sent.
 */
function profileFields(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields = { ...(body as Record<string, unknown>) };
  if (fields.street === undefined && fields.address !== undefined) fields.street = fields.address;
  if (fields.zip_code === undefined && fields.postal_code !== undefined) fields.zip_code = fields.postal_code;
  return fields;
}

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.clock().toISOString();

  app.get(USER_PATHS.profile, { config: SIGNED_IN }, async (request) => {
    const { user } = caller(request);
    return success({ data: toProfile(user, user.role_name, app.config.imagePrefix) });
  });

  // One route, two payloads (contract/users.ts): the managed-user update of User Management, or
  // the profile (which the profile's own GET also carries `role` in).
  app.put(USER_PATHS.one(':id'), { config: SIGNED_IN }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const body = request.body;
    const me = caller(request).user;
    if (isManagedUserUpdate(body, id === me.id)) return updateManagedUser(app, request, id, body);
    if (id !== me.id) throw notFound();
    const input = parse(ProfileUpdateRequest, profileFields(body), { allowExtra: PROFILE_SERVER_OWNED });
    // user_type is sent by the form but never changes here: types change through user admin.
    const emailChanged = input.email !== me.email.toLowerCase();
    if (emailChanged && (await emailTaken(app.db, input.email, me.id))) {
      throw invalid({ email: [MESSAGES.auth.emailTakenServer] }, MESSAGES.auth.emailTakenServer);
    }
    const stamp = now();
    let token: string | null = null;
    try {
      // Mail is queued after the transaction: on SQLite a query outside it would wait for it.
      token = await app.db.transaction().execute(async (trx) => {
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
          // A new address must be confirmed before the next sign-in.
          ...(emailChanged ? { email_verified_at: null } : {}),
          updated_at: stamp,
        });
        return emailChanged
          ? createUserToken(trx, 'email_verification_tokens', me.id, stamp, isoIn(app.clock, VERIFY_TTL_MS))
          : null;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid({ email: [MESSAGES.auth.emailTakenServer] }, MESSAGES.auth.emailTakenServer);
      throw error;
    }
    if (token) {
      await app.mailer.send(verificationMail(app.config.publicUrl, input.email, input.first_name, token, VERIFY_TTL_MS / HOUR));
    }
    const updated = await findUserById(app.db, me.id);
    if (!updated) throw notFound();
    return success({
      message: MESSAGES.profile.updated,
      data: toProfile(withoutSecret(updated), await roleName(app.db, updated.company_id, updated.role_id), app.config.imagePrefix),
    });
  });

  app.put(
    USER_PATHS.password(':id'),
    { config: SIGNED_IN, preHandler: app.limiter.guard('passwordChange', (request) => String(request.auth?.user.id ?? '')) },
    async (request) => {
      const id = parseId((request.params as { id: string }).id);
      const auth = caller(request);
      if (id !== auth.user.id) throw notFound();
      const input = parse(PasswordChangeRequest, request.body);
      const user = await findUserById(app.db, id);
      if (!user?.password_hash || !(await verifyPassword(user.password_hash, input.current_password))) {
        throw invalid({ current_password: [MESSAGES.profile.currentPasswordWrong] }, MESSAGES.profile.currentPasswordWrong);
      }
      const passwordHash = await hashPassword(input.new_password);
      await app.db.transaction().execute(async (trx) => {
        const stamp = now();
        await setPasswordHash(trx, id, passwordHash, stamp);
        // Every other session ends; this one stays signed in.
        await revokeSessions(trx, id, auth.sessionId, stamp);
      });
      return success({ message: MESSAGES.profile.passwordUpdated });
    },
  );
}
