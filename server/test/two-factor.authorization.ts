/**
 * Rows of authorization.table.ts for the two-factor calls: the sign-in step and the enrolment
 * carry their credential (the first step's challenge) in the body, so everyone gets the same
 * answer to an unknown one; one's own set-up is any signed-in person's; the company's policy is
 * its admin's (agents and the super admin, who has no company, 403). No row turns two-factor on
 * for a demo account: later rows sign them in again.
 */
import type { AuthorizationCase } from './authorization.table';
import { everyone, signedIn } from './helpers/tablePersonas';

const CHALLENGE = 'z'.repeat(43);

export const TWO_FACTOR_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  {
    route: 'POST /api/v1/auth/two-factor',
    title: 'second sign-in step with an unknown challenge',
    request: () => ({ method: 'POST', url: '/api/v1/auth/two-factor', payload: { challenge_token: CHALLENGE, code: '123456' } }),
    expect: everyone(401),
  },
  {
    route: 'POST /api/v1/auth/two-factor/enrol',
    title: 'enrolment during sign-in with an unknown challenge',
    request: () => ({ method: 'POST', url: '/api/v1/auth/two-factor/enrol', payload: { challenge_token: CHALLENGE } }),
    expect: everyone(401),
  },
  {
    route: 'GET /api/v1/users/two-factor',
    title: "the caller's two-factor state",
    request: () => ({ method: 'GET', url: '/api/v1/users/two-factor' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/v1/users/two-factor/setup',
    title: 'start setting up an authenticator (nothing is on until enabled)',
    request: () => ({ method: 'POST', url: '/api/v1/users/two-factor/setup' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/v1/users/two-factor/enable',
    title: 'enable with a wrong password',
    request: () => ({ method: 'POST', url: '/api/v1/users/two-factor/enable', payload: { code: '123456', password: 'Wrong@123' } }),
    expect: signedIn(422),
  },
  {
    route: 'POST /api/v1/users/two-factor/disable',
    title: 'disable while it is off',
    request: () => ({ method: 'POST', url: '/api/v1/users/two-factor/disable', payload: { code: '123456', password: 'Wrong@123' } }),
    expect: signedIn(422),
  },
  {
    route: 'POST /api/v1/users/two-factor/recovery-codes',
    title: 'new recovery codes while it is off',
    request: () => ({ method: 'POST', url: '/api/v1/users/two-factor/recovery-codes', payload: { code: '123456', password: 'Wrong@123' } }),
    expect: signedIn(422),
  },
  {
    route: 'DELETE /api/v1/users/:id/two-factor',
    title: "reset a Skyline agent's two-factor (a manager's)",
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/users/${await f.newSkylineAgent()}/two-factor` }),
    expect: { anonymous: 401, superAdmin: 403, skylineAdmin: 200, skylineAgent: 403, harborAdmin: 404, propertyAgent: 403, leadReader: 403 },
  },
  {
    route: 'PUT /api/v1/company/two-factor-policy',
    title: "the company's policy, left off",
    request: () => ({ method: 'PUT', url: '/api/v1/company/two-factor-policy', payload: { two_factor_required: 'off' } }),
    expect: { anonymous: 401, superAdmin: 403, skylineAdmin: 200, skylineAgent: 403, harborAdmin: 200, propertyAgent: 403, leadReader: 403 },
  },
];
