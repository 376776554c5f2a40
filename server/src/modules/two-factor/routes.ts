/**
 * Two-factor sign-in (beyond the original description; contract ACCOUNT_PATHS and AUTH_PATHS):
 * - public: POST /auth/two-factor (the code step after POST /auth's challenge) and
 *   POST /auth/two-factor/enrol (the set-up of a person the company requires it of);
 * - the signed-in person's own: GET /users/two-factor, POST /users/two-factor/setup|enable|disable,
 *   POST /users/two-factor/recovery-codes;
 * - a company admin's: PUT /company/two-factor-policy; a manager's reset: DELETE /users/{id}/two-factor.
 * Codes are limited by `twoFactor` (plugins/rate-limit.ts), keyed by the person.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCOUNT_PATHS,
  AUTH_PATHS,
  joinName,
  MESSAGES,
  PERMISSIONS,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorEnrolRequest,
  TwoFactorPolicyRequest,
  TwoFactorVerifyRequest,
  USER_PATHS,
} from '@contract';
import { success } from '../../lib/answers';
import { companyIdOf } from '../../lib/company';
import { HttpError } from '../../lib/http-error';
import { parseId } from '../../lib/ids';
import { route } from '../../lib/route';
import { actorOf } from '../events/record';
import { manageable } from '../users/managed.service';
import { challengeUserId, enrolWithChallenge, verifyWithChallenge } from './sign-in';
import { disableTwoFactor, enableTwoFactor, renewRecoveryCodes, resetTwoFactorOf, setCompanyPolicy, setupTwoFactor, twoFactorStatus } from './service';

const TF = MESSAGES.twoFactor;
const SIGNED_IN = { kind: 'signedIn' } as const;

/** The person a request's codes count against: the challenge's, or the signed-in caller. */
const limitKeys = new WeakMap<FastifyRequest, string>();

export default async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const guard = app.limiter.guard('twoFactor', (request) => limitKeys.get(request));
  /** Looks the challenge's person up first, so every new challenge of theirs shares one limit. */
  const challengeGuard = async (request: FastifyRequest, reply: Parameters<typeof guard>[1]) => {
    const userId = await challengeUserId(app, (request.body as Record<string, unknown> | undefined)?.challenge_token);
    if (userId != null) limitKeys.set(request, `user:${userId}`);
    await guard.call(app, request, reply);
  };
  const callerGuard = async (request: FastifyRequest, reply: Parameters<typeof guard>[1]) => {
    if (request.auth) limitKeys.set(request, `user:${request.auth.user.id}`);
    await guard.call(app, request, reply);
  };

  route(app, {
    method: 'POST',
    url: AUTH_PATHS.twoFactor,
    access: { kind: 'public' },
    preHandler: challengeGuard,
    body: TwoFactorVerifyRequest,
    handler: async ({ body, request }) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null, requestId: request.id };
      return success({ data: await verifyWithChallenge(app, body, client) });
    },
  });

  route(app, {
    method: 'POST',
    url: AUTH_PATHS.twoFactorEnrol,
    access: { kind: 'public' },
    preHandler: challengeGuard,
    body: TwoFactorEnrolRequest,
    handler: async ({ body }) => success({ data: await enrolWithChallenge(app, body.challenge_token) }),
  });

  route(app, {
    method: 'GET',
    url: ACCOUNT_PATHS.twoFactor,
    access: SIGNED_IN,
    handler: async ({ user }) => success({ data: await twoFactorStatus(app, user) }),
  });

  route(app, {
    method: 'POST',
    url: ACCOUNT_PATHS.twoFactorSetup,
    access: SIGNED_IN,
    handler: async ({ user }) => success({ data: await setupTwoFactor(app, user) }),
  });

  route(app, {
    method: 'POST',
    url: ACCOUNT_PATHS.twoFactorEnable,
    access: SIGNED_IN,
    preHandler: callerGuard,
    body: TwoFactorEnableRequest,
    handler: async ({ user, body }) => success({ message: TF.enabled, data: { recovery_codes: await enableTwoFactor(app, user, body) } }),
  });

  route(app, {
    method: 'POST',
    url: ACCOUNT_PATHS.twoFactorDisable,
    access: SIGNED_IN,
    preHandler: callerGuard,
    body: TwoFactorDisableRequest,
    handler: async ({ user, body }) => {
      await disableTwoFactor(app, user, body);
      return success({ message: TF.disabled });
    },
  });

  route(app, {
    method: 'POST',
    url: ACCOUNT_PATHS.twoFactorRecoveryCodes,
    access: SIGNED_IN,
    preHandler: callerGuard,
    body: TwoFactorDisableRequest,
    handler: async ({ user, body }) => success({ message: TF.recoveryCodesRenewed, data: { recovery_codes: await renewRecoveryCodes(app, user, body) } }),
  });

  route(app, {
    method: 'PUT',
    url: ACCOUNT_PATHS.twoFactorPolicy,
    access: { kind: 'signedIn', company: true },
    body: TwoFactorPolicyRequest,
    handler: async ({ user, body, request }) =>
      success({ message: TF.policySaved, data: { two_factor_required: await setCompanyPolicy(app, actorOf({ user, request }), user, body.two_factor_required) } }),
  });

  // Beyond the original description: a manager gets back in a person who lost their phone and their
  // recovery codes (DELETE /users/{id}/two-factor: agent-edit, whom User Management may manage).
  route(app, {
    method: 'DELETE',
    url: USER_PATHS.twoFactor(':id'),
    params: { id: parseId },
    handler: async ({ params, auth, request }) => {
      const manager = { auth, companyId: companyIdOf(auth.user) };
      const target = await manageable(app, manager, params.id, PERMISSIONS.agentEdit);
      // One's own goes through Account Settings, with a code.
      if (target.id === auth.user.id) throw new HttpError(422, MESSAGES.users.cannotEditSelf);
      await resetTwoFactorOf(app, actorOf({ user: auth.user, request }), target, joinName(auth.user.first_name, auth.user.last_name));
      return success({ message: MESSAGES.twoFactor.resetByManager });
    },
  });
}
