/**
 * Rows of authorization.table.ts for the user calls beyond the original description: accepting an
 * invitation is public (the token is the credential) and answers the same to everyone; disabling or
 * enabling a person needs agent-edit (the demo agent lacks it: 403) and a company (the super admin:
 * 403), and Harbor's admin gets 404 for Skyline's people.
 */
import type { AuthorizationCase } from './authorization.table';
import { everyone } from './helpers/tablePersonas';
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
  {
    route: 'PUT /api/v1/users/:id/status',
    title: 'disable a throwaway Skyline agent',
    request: async (f) => ({ method: 'PUT', url: `/api/v1/users/${await f.newSkylineAgent()}/status`, payload: { status: 'disabled' } }),
    expect: { anonymous: 401, superAdmin: 403, skylineAdmin: 200, skylineAgent: 403, harborAdmin: 404, propertyAgent: 403, leadReader: 403 },
  },
];
