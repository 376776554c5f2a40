/**
 * Who may call each API route: the one table. Every `/api` route takes its rule from its row here
 * (the auth plugin sets it when the route registers); a route without a row stops the app from
 * starting, and a row naming no route fails test/authorization.test.ts.
 *
 * The rule (docs/product/roles.md; docs/architecture.md, "Session, permissions, tenancy"): agents
 * are limited to their role's permissions, every other user type holds all of them. A screen's
 * reads need the resource's -read permission (the role editor ticks it with any other permission of
 * the resource), so an agent whose role lacks lead-read reads no lead by any call.
 *
 * Adding a route: one row, keyed `METHOD /url` exactly as Fastify registers it (the `/api/v1`
 * prefix and `:param` names included), then its rows in test/authorization.table.ts.
 */
import { PERMISSIONS as P, type Permission } from '@contract';
import type { Access } from './types';

export type RouteAccessTable = Readonly<Record<string, Access>>;

const anyone: Access = { kind: 'public' };
const signedIn: Access = { kind: 'signedIn' };
const inCompany: Access = { kind: 'signedIn', company: true };
const superAdmin: Access = { kind: 'superAdmin' };
/** Every listed permission, in the caller's company; a refusal names the first one missing. */
const needs = (permission: Permission, ...also: Permission[]): Access =>
  also.length ? { kind: 'permission', permission, also } : { kind: 'permission', permission };

export const ROUTE_ACCESS: RouteAccessTable = {
  'GET /api/v1/health': anyone,
  // The API description (modules/reference): public, like the page /api/docs that shows it.
  'GET /api/v1/openapi.json': anyone,

  // Sign-in and account recovery: the credential is in the body (password, mailed token).
  'POST /api/v1/auth': anyone,
  'POST /api/v1/register': anyone,
  'POST /api/v1/forgot-password': anyone,
  'POST /api/v1/reset-password': anyone,
  'POST /api/v1/verify-email': anyone,
  'POST /api/v1/auth/accept-invitation': anyone,
  'POST /api/v1/email-change/undo': anyone,
  // The second sign-in step: the challenge token from POST /auth is the credential.
  'POST /api/v1/auth/two-factor': anyone,
  'POST /api/v1/auth/two-factor/enrol': anyone,
  'POST /api/v1/logout': signedIn,

  // One's own account: the handlers answer 404 for anyone else's id.
  'GET /api/v1/users/profile': signedIn,
  'PUT /api/v1/users/:id/update-password': signedIn,
  'POST /api/v1/users/:id/avatar': signedIn,
  'PUT /api/v1/users/:id/avatar': signedIn,
  'GET /api/v1/users/sessions': signedIn,
  'DELETE /api/v1/users/sessions/others': signedIn,
  'GET /api/v1/users/preferences': signedIn,
  'PUT /api/v1/users/preferences': signedIn,
  // Two-factor: one's own set-up; the company's requirement is a company admin's (two-factor/service.ts).
  'GET /api/v1/users/two-factor': signedIn,
  'POST /api/v1/users/two-factor/setup': signedIn,
  'POST /api/v1/users/two-factor/enable': signedIn,
  'POST /api/v1/users/two-factor/disable': signedIn,
  'POST /api/v1/users/two-factor/recovery-codes': signedIn,
  'PUT /api/v1/company/two-factor-policy': inCompany,
  // The profile (own id) or, with `role` in the body, User Management's edit (users/routes.ts).
  'PUT /api/v1/users/:id': { kind: 'payload', permissions: [P.agentEdit], rule: 'own profile, or agent-edit for a body with role' },

  // User Management.
  'GET /api/v1/users': needs(P.agentRead),
  'POST /api/v1/users': needs(P.agentCreate),
  'PUT /api/v1/users/:id/status': needs(P.agentEdit),
  'DELETE /api/v1/users/:id/two-factor': needs(P.agentEdit),
  'DELETE /api/v1/users/:id': needs(P.agentDelete),
  'POST /api/v1/users/resend-invite/:id': needs(P.agentCreate),

  // Roles. The list also feeds the user form's role dropdown, so whoever manages people reads it.
  'GET /api/v1/acl/role': { kind: 'anyPermission', permissions: [P.roleRead, P.agentRead, P.agentCreate, P.agentEdit] },
  'GET /api/v1/acl/role/all/permissions': needs(P.roleRead),
  'POST /api/v1/acl/role': { kind: 'payload', permissions: [P.roleCreate, P.roleEdit], company: true, rule: 'role-create, or role-edit with an id' },
  'DELETE /api/v1/acl/role/:id': needs(P.roleDelete),

  // Leads and their statuses (the leads board's tabs).
  'GET /api/v1/workflow/list': needs(P.leadRead),
  'GET /api/v1/leads/list/workflow/:id': needs(P.leadRead),
  'GET /api/v1/leads/export/workflow/:id': needs(P.leadRead),
  'GET /api/v1/leads/:id': needs(P.leadRead),
  'POST /api/v1/leads/store': needs(P.leadCreate),
  'PUT /api/v1/leads/:id': needs(P.leadEdit),
  'DELETE /api/v1/leads/:id': needs(P.leadDelete),
  'PUT /api/v1/leads/source/:id': needs(P.leadEdit),
  'PUT /api/v1/leads/activity/:id': needs(P.leadEdit),
  'PUT /api/v1/leads/property/:id': needs(P.leadEdit),
  'POST /api/v1/leads/workflow/:id': needs(P.leadEdit),
  'POST /api/v1/leads/bulk/delete': needs(P.leadDelete),
  'POST /api/v1/leads/bulk/workflow': needs(P.leadEdit),
  'POST /api/v1/leads/import': needs(P.leadCreate),
  'GET /api/v1/leads/import/sample': needs(P.leadCreate),
  // Checked in the handler by the token's signature alone (on SQLite a session read would wait
  // for the import's transaction); only the session that started the import (lead-create) finds it.
  'GET /api/v1/leads/import/progress/:id': anyone,
  // A lead's timeline and notes; a note's own changes only by its author (activity/service.ts).
  'GET /api/v1/leads/:id/timeline': needs(P.leadRead),
  'POST /api/v1/leads/:id/notes': needs(P.leadEdit),
  'PUT /api/v1/leads/:id/notes/:noteId': needs(P.leadEdit),
  'DELETE /api/v1/leads/:id/notes/:noteId': needs(P.leadEdit),
  // The audit log: company admins their company's, the super admin any (activity/routes.ts), agents none.
  'GET /api/v1/activity': signedIn,
  'GET /api/v1/activity/export': signedIn,
  // Live updates: each person receives what their permissions let them read (activity/stream.ts).
  'GET /api/v1/activity/stream': signedIn,

  // Properties and their photos.
  'GET /api/v1/properties': needs(P.propertyRead),
  'GET /api/v1/properties/:id': needs(P.propertyRead),
  'GET /api/v1/properties/:id/leads': needs(P.leadRead, P.propertyRead),
  'POST /api/v1/properties': needs(P.propertyCreate),
  'PUT /api/v1/properties/:id': needs(P.propertyEdit),
  'DELETE /api/v1/properties/:id': needs(P.propertyDelete),
  'POST /api/v1/properties/:id/images': needs(P.propertyEdit),
  'PUT /api/v1/properties/:id/images': needs(P.propertyEdit),
  'DELETE /api/v1/properties/:id/images/:imageId': needs(P.propertyEdit),

  // Companies: the super admin's, except one's own company (companies/service.ts decides per id).
  'GET /api/v1/company': superAdmin,
  'POST /api/v1/company': superAdmin,
  'DELETE /api/v1/company/:id': superAdmin,
  'GET /api/v1/company/:id': signedIn,
  'PUT /api/v1/company/:id': signedIn,
  'POST /api/v1/company/:id/media': signedIn,

  // Each figure needs its resource's permission; the rest comes back null (dashboard/service.ts).
  'GET /api/v1/dashboard/summary': inCompany,

  // Appointments (the calendar): an agent sees only the ones they run, were invited to or made
  // (appointments/service.ts); a lead's or a property's list needs that resource's read too.
  'GET /api/v1/appointments': needs(P.eventRead),
  'GET /api/v1/appointments/clashes': needs(P.eventRead),
  'GET /api/v1/appointments/due': needs(P.eventRead),
  'GET /api/v1/appointments/next': needs(P.eventRead, P.leadRead),
  'GET /api/v1/appointments/:id': needs(P.eventRead),
  'GET /api/v1/appointments/:id/ics': needs(P.eventRead),
  'POST /api/v1/appointments': needs(P.eventCreate),
  'PUT /api/v1/appointments/:id': needs(P.eventEdit),
  'DELETE /api/v1/appointments/:id': needs(P.eventDelete),
  'GET /api/v1/leads/:id/appointments': needs(P.eventRead, P.leadRead),
  'GET /api/v1/properties/:id/appointments': needs(P.eventRead, P.propertyRead),
  // One's own feed link: making one needs event-read; revoking it anyone in a company may.
  'POST /api/v1/calendar-feed': needs(P.eventRead),
  'DELETE /api/v1/calendar-feed': inCompany,
  // Calendar apps send no session: the token in the link is the credential (appointments/feed.service.ts).
  'GET /api/v1/calendar-feed/:token.ics': anyone,

  // Webhooks: a company admin's alone, like the audit log (webhooks/routes.ts refuses everyone else).
  'GET /api/v1/webhooks': inCompany,
  'POST /api/v1/webhooks': inCompany,
  'PUT /api/v1/webhooks/:id': inCompany,
  'DELETE /api/v1/webhooks/:id': inCompany,
  'POST /api/v1/webhooks/:id/secret': inCompany,
  'GET /api/v1/webhooks/:id/deliveries': inCompany,
  'POST /api/v1/webhooks/deliveries/:id/resend': inCompany,
};
