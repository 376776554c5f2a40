/**
 * The sign-in calls that know two-factor: POST /auth parsed as a session or a challenge, the code
 * step and the set-up a company can require (docs/architecture.md, house rule 3: only *Api.ts files
 * call the API).
 */
import { useMemo } from 'react';
import {
  AUTH_PATHS,
  LoginAnswer,
  SignInAnswer,
  TwoFactorSetupAnswer,
  type LoginRequest,
  type TwoFactorSetup,
  type TwoFactorVerifyRequest,
} from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';

export interface TwoFactorApi {
  /** POST /auth → a session (`data.token`, …) or a challenge (`data.two_factor_required`). */
  signIn(body: LoginRequest): Promise<SignInAnswer>;
  /** POST /auth/two-factor → the session. */
  verify(body: TwoFactorVerifyRequest): Promise<LoginAnswer>;
  /** POST /auth/two-factor/enrol → the set-up (secret, URI, QR code) of a required enrolment. */
  enrol(challengeToken: string): Promise<TwoFactorSetup>;
}

export function createTwoFactorApi(api: ApiClient): TwoFactorApi {
  return {
    signIn: (body) => api.post(AUTH_PATHS.login, { body, schema: SignInAnswer, auth: false }),
    verify: (body) => api.post(AUTH_PATHS.twoFactor, { body, schema: LoginAnswer, auth: false }),
    enrol: async (challengeToken) =>
      (await api.post(AUTH_PATHS.twoFactorEnrol, { body: { challenge_token: challengeToken }, schema: TwoFactorSetupAnswer, auth: false })).data,
  };
}

export function useTwoFactorApi(): TwoFactorApi {
  const api = useApi();
  return useMemo(() => createTwoFactorApi(api), [api]);
}
