/**
 * Who may call what: every registered route × the seven personas → the expected HTTP status.
 * authorization.test.ts runs each row and fails when a registered route has no row here, so each
 * new route must join this table (docs/architecture.md: the server enforces permissions on every
 * route), beside its rule in src/route-access.ts. The personas: the five demo ones (the demo agent
 * holds Sales Agent: lead-create, lead-read, lead-edit, property-read, event-create, event-read,
 * event-edit), a Skyline agent whose role holds only property-* (`propertyAgent`) and one holding
 * only lead-read (`leadReader`).
 *
 * Requests are built per persona and must leave the demo accounts usable (no deleting them, no
 * changing their passwords); fixtures create throwaway targets.
 */
import type { InjectOptions } from 'fastify';
import { ACCOUNT_AUTHORIZATION_ROWS } from './account.authorization';
import { APPOINTMENT_AUTHORIZATION_ROWS } from './appointments.authorization';
import { ACTIVITY_AUTHORIZATION_ROWS } from './activity.authorization';
import { COMPANY_AUTHORIZATION_ROWS } from './companies.authorization';
import { multipartBody, PNG_BYTES } from './helpers/multipart';
import { everyone, signedIn, type TablePersona } from './helpers/tablePersonas';
import type { TestContext } from './helpers/testApp';
import { LEAD_AUTHORIZATION_ROWS } from './leads.authorization';
import { PROPERTY_AUTHORIZATION_ROWS } from './properties.authorization';
import { ROLE_AUTHORIZATION_ROWS } from './roles.authorization';
import { TWO_FACTOR_AUTHORIZATION_ROWS } from './two-factor.authorization';
import { USER_AUTHORIZATION_ROWS } from './users.authorization';
import { WEBHOOK_AUTHORIZATION_ROWS } from './webhooks.authorization';

export type { TablePersona };

export interface TableFixtures {
  ctx: TestContext;
  /** Each persona's token (none for anonymous). */
  tokens: Record<TablePersona, string | null>;
  /** A new session of a signed-in persona (for rows that end one). */
  freshToken(persona: Exclude<TablePersona, 'anonymous'>): Promise<string>;
  /** The persona's company id (null: anonymous, the super admin). */
  companyOf(persona: TablePersona): Promise<number | null>;
  /** A Skyline agent without a password (Priya Nair). */
  skylineColleagueId: number;
  /** A Skyline user still invited (Sneha Reddy). */
  skylineInvitedId: number;
  /** Creates a throwaway Skyline agent and returns its id. */
  newSkylineAgent(): Promise<number>;
  /** A unique e-mail address. */
  uniqueEmail(prefix: string): string;
}

export type TableRequest = InjectOptions & { url: string; /** Use this token instead of the persona's. */ token?: string };

export interface AuthorizationCase {
  /** `METHOD /url` exactly as registered (Fastify's route url). */
  route: string;
  title: string;
  request(fixtures: TableFixtures, persona: TablePersona): TableRequest | Promise<TableRequest>;
  expect: Record<TablePersona, number>;
}


export const AUTHORIZATION_TABLE: AuthorizationCase[] = [
  // Operations and pages.
  { route: 'GET /api/v1/health', title: 'health', request: () => ({ method: 'GET', url: '/api/v1/health' }), expect: everyone(200) },
  { route: 'GET /api/v1/openapi.json', title: 'API description', request: () => ({ method: 'GET', url: '/api/v1/openapi.json' }), expect: everyone(200) },
  { route: 'GET /api/docs', title: 'API reference page', request: () => ({ method: 'GET', url: '/api/docs' }), expect: everyone(200) },
  { route: 'GET /api/docs/:file', title: 'API reference page files', request: () => ({ method: 'GET', url: '/api/docs/init.js' }), expect: everyone(200) },
  {
    route: 'OPTIONS *',
    title: 'CORS preflight from the public origin',
    request: () => ({
      method: 'OPTIONS',
      url: '/api/v1/users/profile',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET' },
    }),
    expect: everyone(204),
  },
  { route: 'GET /mailbox', title: 'demo mailbox', request: () => ({ method: 'GET', url: '/mailbox' }), expect: everyone(200) },
  {
    route: 'GET /embed/access',
    title: 'embedding origin check',
    request: () => ({ method: 'GET', url: '/embed/access', headers: { origin: 'https://not-yet-allowed.example' } }),
    expect: everyone(200),
  },
  { route: 'GET /', title: 'admin app page', request: () => ({ method: 'GET', url: '/' }), expect: everyone(200) },
  { route: 'GET /*', title: 'admin app assets', request: () => ({ method: 'GET', url: '/assets/app.js' }), expect: everyone(200) },
  { route: 'GET /examples/*', title: 'examples', request: () => ({ method: 'GET', url: '/examples/host.html' }), expect: everyone(200) },
  { route: 'GET /embed/*', title: 'script-tag loader', request: () => ({ method: 'GET', url: '/embed/estatedesk.js' }), expect: everyone(200) },
  { route: 'GET /uploads/*', title: 'uploaded images', request: () => ({ method: 'GET', url: '/uploads/demo/cover.png' }), expect: everyone(200) },

  // Sign-in and account calls: public, answers independent of any token.
  {
    route: 'POST /api/v1/auth',
    title: 'sign-in with a wrong password',
    request: () => ({ method: 'POST', url: '/api/v1/auth', payload: { username: 'admin@skyline.test', password: 'Nope@123' } }),
    expect: everyone(401),
  },
  { route: 'POST /api/v1/register', title: 'register (invalid)', request: () => ({ method: 'POST', url: '/api/v1/register', payload: {} }), expect: everyone(422) },
  {
    route: 'POST /api/v1/forgot-password',
    title: 'forgot password',
    request: () => ({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'nobody@nowhere.test' } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/v1/reset-password',
    title: 'reset password with an unknown token',
    request: () => ({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { token: 'z'.repeat(43), password: 'Reset@123', password_confirmation: 'Reset@123' },
    }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/v1/verify-email',
    title: 'verify e-mail with an unknown token',
    request: () => ({ method: 'POST', url: '/api/v1/verify-email', payload: { token: 'z'.repeat(43) } }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/v1/email-change/undo',
    title: 'undo an e-mail change with an unknown token',
    request: () => ({ method: 'POST', url: '/api/v1/email-change/undo', payload: { token: 'z'.repeat(43) } }),
    expect: everyone(400),
  },
  {
    route: 'POST /api/v1/logout',
    title: 'sign out (a throwaway session)',
    request: async (f, persona) => ({
      method: 'POST',
      url: '/api/v1/logout',
      ...(persona === 'anonymous' ? {} : { token: await f.freshToken(persona) }),
    }),
    expect: signedIn(200),
  },

  // The signed-in user's own account.
  { route: 'GET /api/v1/users/profile', title: 'own profile', request: () => ({ method: 'GET', url: '/api/v1/users/profile' }), expect: signedIn(200) },
  {
    route: 'PUT /api/v1/users/:id',
    title: "profile update of the Skyline admin's own profile",
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/users/${f.ctx.ids.skylineAdmin}`,
      payload: { first_name: 'Ananya', last_name: 'Rao', email: 'admin@skyline.test', city: 'Bengaluru', user_type: 'admin' },
    }),
    expect: { anonymous: 401, superAdmin: 404, skylineAdmin: 200, skylineAgent: 404, harborAdmin: 404, propertyAgent: 404, leadReader: 404 },
  },
  {
    route: 'PUT /api/v1/users/:id/update-password',
    title: "password change of the Skyline agent (wrong current password)",
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/users/${f.ctx.ids.skylineAgent}/update-password`,
      payload: { current_password: 'Wrong@123', new_password: 'Agent@999', new_password_confirmation: 'Agent@999' },
    }),
    expect: { anonymous: 401, superAdmin: 404, skylineAdmin: 404, skylineAgent: 422, harborAdmin: 404, propertyAgent: 404, leadReader: 404 },
  },

  ...(['POST', 'PUT'] as const).map(
    (method): AuthorizationCase => ({
      route: `${method} /api/v1/users/:id/avatar`,
      title: "avatar upload to the Skyline agent's account",
      request: (f) => {
        const body = multipartBody([{ name: 'avatar', filename: 'a.png', type: 'image/png', data: PNG_BYTES }]);
        return { method, url: `/api/v1/users/${f.ctx.ids.skylineAgent}/avatar`, payload: body.payload, headers: body.headers };
      },
      expect: { anonymous: 401, superAdmin: 404, skylineAdmin: 404, skylineAgent: 200, harborAdmin: 404, propertyAgent: 404, leadReader: 404 },
    }),
  ),

  // User admin: permission agent-* and the caller's company only. The super admin has no company.
  {
    route: 'GET /api/v1/users',
    title: 'list users',
    request: () => ({ method: 'GET', url: '/api/v1/users' }),
    expect: { anonymous: 401, superAdmin: 403, skylineAdmin: 200, skylineAgent: 403, harborAdmin: 200, propertyAgent: 403, leadReader: 403 },
  },
  {
    route: 'POST /api/v1/users',
    title: 'invite a user',
    request: (f, persona) => ({
      method: 'POST',
      url: '/api/v1/users',
      payload: { first_name: 'Invitee', email: f.uniqueEmail(persona), password: 'Invite@123', role: 'Sales Agent' },
    }),
    expect: { anonymous: 401, superAdmin: 403, skylineAdmin: 201, skylineAgent: 403, harborAdmin: 201, propertyAgent: 403, leadReader: 403 },
  },
  {
    route: 'PUT /api/v1/users/:id',
    title: 'managed update of a Skyline agent (body with role)',
    request: (f) => ({
      method: 'PUT',
      url: `/api/v1/users/${f.skylineColleagueId}`,
      payload: { first_name: 'Priya', email: 'priya.nair@skyline.test', role: 'Sales Agent' },
    }),
    expect: { anonymous: 401, superAdmin: 403, skylineAdmin: 200, skylineAgent: 403, harborAdmin: 404, propertyAgent: 403, leadReader: 403 },
  },
  {
    route: 'DELETE /api/v1/users/:id',
    title: 'delete a Skyline agent',
    request: async (f) => ({ method: 'DELETE', url: `/api/v1/users/${await f.newSkylineAgent()}` }),
    expect: { anonymous: 401, superAdmin: 403, skylineAdmin: 200, skylineAgent: 403, harborAdmin: 404, propertyAgent: 403, leadReader: 403 },
  },
  {
    route: 'POST /api/v1/users/resend-invite/:id',
    title: 'resend the invitation of an invited Skyline user',
    request: (f) => ({ method: 'POST', url: `/api/v1/users/resend-invite/${f.skylineInvitedId}` }),
    expect: { anonymous: 401, superAdmin: 403, skylineAdmin: 200, skylineAgent: 403, harborAdmin: 404, propertyAgent: 403, leadReader: 403 },
  },

  // Leads and workflow statuses.
  ...LEAD_AUTHORIZATION_ROWS,
  ...ACTIVITY_AUTHORIZATION_ROWS,

  // Properties and their photos.
  ...PROPERTY_AUTHORIZATION_ROWS,

  // Roles and permissions, and accepting an invitation.
  ...ROLE_AUTHORIZATION_ROWS,
  ...USER_AUTHORIZATION_ROWS,

  // Companies (tenants) and their images.
  ...COMPANY_AUTHORIZATION_ROWS,

  // Account sessions and preferences, and the dashboard summary.
  ...ACCOUNT_AUTHORIZATION_ROWS,

  // Two-factor sign-in, set-up and the company's policy.
  ...TWO_FACTOR_AUTHORIZATION_ROWS,

  // The calendar: appointments, their calendar files and the private feed.
  ...APPOINTMENT_AUTHORIZATION_ROWS,

  // Webhooks: company admins only.
  ...WEBHOOK_AUTHORIZATION_ROWS,
];
