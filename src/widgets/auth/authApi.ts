/**
 * The only file of the sign-in widget that calls the API (docs/architecture.md, house rule 3).
 * Every answer is parsed with a contract schema, so the screens never see raw JSON. None of these
 * calls carries a token, and a 401 here means "wrong password", not "session expired".
 */
import { useMemo } from 'react';
import {
  AUTH_PATHS,
  LoginAnswer,
  SuccessAnswer,
  UndoEmailChangeAnswer,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type UndoEmailChangeRequest,
  type VerifyEmailRequest,
} from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';

/** The sign-in calls of src/contract/auth.ts, plus the reset and verification calls the mailed links imply. */
export interface AuthApi {
  /** POST /auth → `data.token`, `data.company_id`, `data.user` (with `permissions`). */
  login(body: LoginRequest): Promise<LoginAnswer>;
  /** POST /register; failures carry `errors` or `message.email` (src/contract/auth.ts). */
  register(body: RegisterRequest): Promise<SuccessAnswer>;
  /** POST /forgot-password. */
  forgotPassword(body: ForgotPasswordRequest): Promise<SuccessAnswer>;
  /** POST /reset-password with the mailed token. */
  resetPassword(body: ResetPasswordRequest): Promise<SuccessAnswer>;
  /** POST /verify-email with the mailed token. */
  verifyEmail(body: VerifyEmailRequest): Promise<SuccessAnswer>;
  /** POST /email-change/undo with the token mailed to the old address → the address and a reset token. */
  undoEmailChange(body: UndoEmailChangeRequest): Promise<UndoEmailChangeAnswer>;
}

/**
 * The sign-in calls over an API client.
 *
 * @example
 * const auth = createAuthApi(runtime.api);
 * const { data } = await auth.login({ username: 'admin@example.com', password: 'Secret1!' });
 */
export function createAuthApi(api: ApiClient): AuthApi {
  const send = (path: string, body: unknown) => api.post(path, { body, schema: SuccessAnswer, auth: false });
  return {
    login: (body) => api.post(AUTH_PATHS.login, { body, schema: LoginAnswer, auth: false }),
    register: (body) => send(AUTH_PATHS.register, body),
    forgotPassword: (body) => send(AUTH_PATHS.forgotPassword, body),
    resetPassword: (body) => send(AUTH_PATHS.resetPassword, body),
    verifyEmail: (body) => send(AUTH_PATHS.verifyEmail, body),
    undoEmailChange: (body) => api.post(AUTH_PATHS.undoEmailChange, { body, schema: UndoEmailChangeAnswer, auth: false }),
  };
}

/**
 * The sign-in calls of the runtime in context.
 *
 * @example
 * const auth = useAuthApi();
 * await auth.forgotPassword({ email });
 */
export function useAuthApi(): AuthApi {
  const api = useApi();
  return useMemo(() => createAuthApi(api), [api]);
}
