/**
 * Rows of authorization.table.ts for the invitation calls beside user admin: accepting an
 * invitation is public (the token is the credential), and answers the same to everyone.
 */
import type { AuthorizationCase } from './authorization.table';
import type { Persona } from './helpers/testApp';

const everyone = (status: number): Record<Persona, number> => ({
  anonymous: status,
  superAdmin: status,
  skylineAdmin: status,
  skylineAgent: status,
  harborAdmin: status,
});

export const USER_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  {
    route: 'POST /api/v1/auth/accept-invitation',
    title: 'accept an invitation with an unknown token',
    request: () => ({
      method: 'POST',
      url: '/api/v1/auth/accept-invitation',
      payload: { token: 'z'.repeat(43), password: 'Chosen@123', password_confirmation: 'Chosen@123' },
    }),
    expect: everyone(400),
  },
];
