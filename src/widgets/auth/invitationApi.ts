/**
 * The invitation call of the set-password screen (the only file of that screen calling the API,
 * docs/architecture.md, house rule 3): POST /auth/accept-invitation with the mailed token and the
 * chosen password. Public, like the reset: no token of a session is sent, and a 401 means nothing
 * here.
 */
import { useMemo } from 'react';
import { AUTH_PATHS, SuccessAnswer, type AcceptInvitationRequest } from '../../contract';
import type { ApiClient } from '../../core';
import { useApi } from '../../runtime';

export interface InvitationApi {
  /** POST /auth/accept-invitation → `{ message }`; the person is active from then on. */
  accept(body: AcceptInvitationRequest): Promise<SuccessAnswer>;
}

/**
 * @example
 * await createInvitationApi(runtime.api).accept({ token, password: 'Secret1!', password_confirmation: 'Secret1!' });
 */
export function createInvitationApi(api: ApiClient): InvitationApi {
  return {
    accept: (body) => api.post(AUTH_PATHS.acceptInvitation, { body, schema: SuccessAnswer, auth: false }),
  };
}

/** The invitation call of the runtime in context. */
export function useInvitationApi(): InvitationApi {
  const api = useApi();
  return useMemo(() => createInvitationApi(api), [api]);
}
