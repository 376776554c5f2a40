/**
 * Rows of authorization.table.ts for the account calls and the dashboard summary. The account
 * calls work on the caller only, so every signed-in person may make them (the super admin too);
 * the summary is a company's, so the super admin (no company) gets 403.
 */
import type { AuthorizationCase } from './authorization.table';
import { signedIn } from './helpers/tablePersonas';
export const ACCOUNT_AUTHORIZATION_ROWS: AuthorizationCase[] = [
  {
    route: 'GET /api/v1/users/sessions',
    title: "the caller's sessions",
    request: () => ({ method: 'GET', url: '/api/v1/users/sessions' }),
    expect: signedIn(200),
  },
  {
    // Ends the persona's other sessions only: the table's own token stays signed in.
    route: 'DELETE /api/v1/users/sessions/others',
    title: 'sign out everywhere else',
    request: () => ({ method: 'DELETE', url: '/api/v1/users/sessions/others' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/v1/users/preferences',
    title: "the caller's preferences",
    request: () => ({ method: 'GET', url: '/api/v1/users/preferences' }),
    expect: signedIn(200),
  },
  {
    route: 'PUT /api/v1/users/preferences',
    title: 'save a theme',
    request: () => ({ method: 'PUT', url: '/api/v1/users/preferences', payload: { theme: 'dark' } }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/v1/dashboard/summary',
    title: "the company's dashboard figures",
    request: () => ({ method: 'GET', url: '/api/v1/dashboard/summary' }),
    expect: { ...signedIn(200), superAdmin: 403 },
  },
];
