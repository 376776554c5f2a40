/**
 * Sign-in and account calls (SPEC §7): POST /auth, /register, /forgot-password, and what SPEC
 * implies: /verify-email and /reset-password (tokens from mailed links), /logout.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUTH_PATHS,
  ForgotPasswordRequest,
  LoginRequest,
  MESSAGES,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from '../../../../src/contract';
import { success } from '../../lib/answers';
import { HOUR, isoIn } from '../../lib/clock';
import { HttpError, invalid } from '../../lib/http-error';
import { burnVerifyTime, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { randomId, sha256 } from '../../lib/tokens';
import { parse } from '../../lib/validate';
import { createCompanyWithDefaults } from '../companies/repository';
import { resetMail, verificationMail } from '../mail/templates';
import { permissionsOfUser, roleName } from '../roles/repository';
import { createSession, pruneSessions, revokeSession, revokeSessions } from '../sessions/repository';
import { toSessionUser, withoutSecret } from '../users/mapper';
import {
  emailTaken,
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  markEmailVerified,
  setPasswordHash,
  updateUser,
} from '../users/repository';
import { consumeInvitation } from '../invitations/repository';
import { consumeUserToken, createUserToken, expireUserTokens, RESET_TTL_MS, VERIFY_TTL_MS } from './repository';
import { FORGOT_PASSWORD_FLOOR_MS, notBefore, REGISTER_FLOOR_MS } from './timing';

const A = MESSAGES.auth;

const PUBLIC = { access: { kind: 'public' } } as const;
const field = (name: string) => (request: FastifyRequest) => (request.body as Record<string, unknown> | undefined)?.[name];
/** The account a token belongs to is unknown before lookup; its hash keys the per-account limit. */
const tokenKey = (request: FastifyRequest) => {
  const token = field('token')(request);
  return typeof token === 'string' && token ? sha256(token) : undefined;
};

const emailTakenError = () => invalid({ email: [A.emailTakenServer] }, { email: [A.emailTakenServer] });

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.clock().toISOString();

  app.post(
    AUTH_PATHS.login,
    { config: PUBLIC, preHandler: app.limiter.guard('signIn', field('username')) },
    async (request) => {
      const body = parse(LoginRequest, request.body);
      const user = await findUserByEmail(app.db, body.username);
      if (!user?.password_hash) {
        await burnVerifyTime(body.password);
        throw new HttpError(401, A.invalidCredentials);
      }
      if (!(await verifyPassword(user.password_hash, body.password))) throw new HttpError(401, A.invalidCredentials);
      // Told only to someone who knows the password, so these do not reveal accounts.
      if (user.status === 'disabled') throw new HttpError(403, A.accountDisabled);
      if (!user.email_verified_at || user.status !== 'active') throw new HttpError(403, A.emailNotVerified);
      if (needsRehash(user.password_hash)) await setPasswordHash(app.db, user.id, await hashPassword(body.password), now());

      const sessionId = randomId();
      await pruneSessions(app.db, user.id, now());
      await createSession(app.db, {
        id: sessionId,
        userId: user.id,
        createdAt: now(),
        expiresAt: isoIn(app.clock, app.tokens.ttlMs),
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      });
      const token = await app.tokens.sign({ userId: user.id, sessionId });
      const publicUser = withoutSecret(user);
      const [permissions, role] = await Promise.all([
        permissionsOfUser(app.db, publicUser),
        roleName(app.db, user.company_id, user.role_id),
      ]);
      return success({
        data: { token, company_id: user.company_id, user: toSessionUser(publicUser, permissions, role) },
      });
    },
  );

  app.post(
    AUTH_PATHS.register,
    { config: PUBLIC, preHandler: app.limiter.guard('register', field('email')) },
    async (request, reply) => {
      const started = performance.now();
      const body = parse(RegisterRequest, request.body);
      // SPEC's "already taken" answer stays, but not its timing: that answer came in 3 ms and a new
      // account's in 25 ms. Both paths hash, and both answer after the same floor.
      const taken = async () => {
        await notBefore(started, REGISTER_FLOOR_MS);
        return emailTakenError();
      };
      const passwordHash = await hashPassword(body.password);
      if (await emailTaken(app.db, body.email)) throw await taken();
      let token: string;
      let userId: number;
      try {
        ({ token, userId } = await app.db.transaction().execute(async (trx) => {
          const stamp = now();
          const { companyId } = await createCompanyWithDefaults(trx, { display_name: body.display_name }, stamp);
          const id = await insertUser(trx, {
            company_id: companyId,
            role_id: null,
            user_type: 'admin',
            first_name: body.first_name,
            last_name: body.last_name,
            email: body.email,
            status: 'active',
            email_verified_at: null,
            password_hash: passwordHash,
            password_changed_at: stamp,
            created_at: stamp,
            updated_at: stamp,
          });
          const t = await createUserToken(trx, 'email_verification_tokens', id, stamp, isoIn(app.clock, VERIFY_TTL_MS));
          return { token: t, userId: id };
        }));
      } catch (error) {
        if (isUniqueViolation(error)) throw await taken();
        throw error;
      }
      await app.mailer.send(verificationMail(app.config.publicUrl, body.email, body.first_name, token, VERIFY_TTL_MS / HOUR));
      await notBefore(started, REGISTER_FLOOR_MS);
      reply.code(201);
      return success({ message: A.registrationSuccess, data: { id: userId, email: body.email } });
    },
  );

  app.post(
    AUTH_PATHS.forgotPassword,
    { config: PUBLIC, preHandler: app.limiter.guard('forgotPassword', field('email')) },
    async (request) => {
      const started = performance.now();
      const body = parse(ForgotPasswordRequest, request.body);
      const user = await findUserByEmail(app.db, body.email);
      // Same answer, after the same time, whether or not the address exists (no account enumeration).
      if (user && user.status !== 'disabled') {
        const token = await createUserToken(app.db, 'password_reset_tokens', user.id, now(), isoIn(app.clock, RESET_TTL_MS));
        await app.mailer.send(resetMail(app.config.publicUrl, user.email, user.first_name, token, RESET_TTL_MS / 60_000));
      }
      await notBefore(started, FORGOT_PASSWORD_FLOOR_MS);
      return success({ message: A.resetLinkSent });
    },
  );

  app.post(
    AUTH_PATHS.resetPassword,
    { config: PUBLIC, preHandler: app.limiter.guard('resetPassword', tokenKey) },
    async (request) => {
      const body = parse(ResetPasswordRequest, request.body);
      const passwordHash = await hashPassword(body.password);
      const userId = await app.db.transaction().execute(async (trx) => {
        const stamp = now();
        const id = await consumeUserToken(trx, 'password_reset_tokens', body.token, stamp);
        if (id == null) return null;
        await setPasswordHash(trx, id, passwordHash, stamp);
        await expireUserTokens(trx, 'password_reset_tokens', id, stamp);
        // Following a mailed link proves the address, so it also verifies it.
        await markEmailVerified(trx, id, stamp);
        await revokeSessions(trx, id, null, stamp);
        return id;
      });
      if (userId == null) throw new HttpError(400, A.resetTokenInvalid);
      // The owner proved who they are: their address need not wait out the wrong guesses made there.
      const user = await findUserById(app.db, userId);
      if (user) app.limiter.forgive('signIn', request.ip, user.email);
      return success({ message: A.passwordReset });
    },
  );

  app.post(
    AUTH_PATHS.verifyEmail,
    { config: PUBLIC, preHandler: app.limiter.guard('verifyEmail', tokenKey) },
    async (request) => {
      const body = parse(VerifyEmailRequest, request.body);
      const done = await app.db.transaction().execute(async (trx) => {
        const stamp = now();
        const userId =
          (await consumeUserToken(trx, 'email_verification_tokens', body.token, stamp)) ??
          (await consumeInvitation(trx, body.token, stamp));
        if (userId == null) return false;
        await markEmailVerified(trx, userId, stamp);
        const user = await findUserById(trx, userId);
        // An invited user who follows the invitation link becomes active.
        if (user?.status === 'invited') await updateUser(trx, userId, { status: 'active', updated_at: stamp });
        return true;
      });
      if (!done) throw new HttpError(400, A.verifyFailed);
      return success({ message: A.verified });
    },
  );

  /** Not in SPEC's table: ends this session on the server, not only in the browser. */
  app.post('/logout', { config: { access: { kind: 'signedIn' } } }, async (request) => {
    if (request.auth) await revokeSession(app.db, request.auth.sessionId, now());
    return success();
  });
}
