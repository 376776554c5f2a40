/**
 * The operation catalogue: every call of the API in one list, with the contract schemas of its
 * query, body and answer. The OpenAPI document (openapi.ts) is built from it, the server's tests
 * check every 2xx JSON answer against its `answer` (server/test/helpers/contractCheck.ts) and a
 * test holds it and the registered routes to the same set of calls. Who may call is the server's
 * table (server/src/route-access.ts), not repeated here.
 *
 * Not exported from index.ts: widgets never need it, so it stays out of their bundles.
 */
import * as z from 'zod/mini';
import { ActivityAnswer, ActivityQuery, NoteAnswer, NoteRequest, StreamQuery, TimelineAnswer, TimelineQuery } from './activity';
import { AppointmentAnswer, AppointmentListAnswer, AppointmentListQuery, AppointmentRequest, AppointmentsAnswer, AppointmentUpdateRequest, CalendarFeedAnswer, ClashesAnswer, ClashQuery, DueAppointmentsAnswer, NextAppointmentsAnswer, NextAppointmentsQuery, UpcomingQuery } from './appointments';
import { PreferencesAnswer, PreferencesUpdateRequest, SessionsAnswer, SignOutOthersAnswer, TwoFactorDisableRequest, TwoFactorEnableAnswer, TwoFactorEnableRequest, TwoFactorPolicyAnswer, TwoFactorPolicyRequest, TwoFactorStatusAnswer } from './account';
import { AcceptInvitationRequest, ForgotPasswordRequest, LoginAnswer, LoginRequest, RegisterRequest, ResetPasswordRequest, SignInAnswer, TwoFactorEnrolRequest, TwoFactorSetupAnswer, TwoFactorVerifyRequest, UndoEmailChangeAnswer, UndoEmailChangeRequest, VerifyEmailRequest } from './auth';
import { PageQuery, SuccessAnswer } from './common';
import { CompaniesAnswer, CompanyAnswer, CompanyCreateFields, CompanyUpdateRequest } from './companies';
import { API_PREFIX } from './constants';
import { DashboardSummaryAnswer } from './dashboard';
import { HealthAnswer } from './health';
import { BulkDeleteAnswer, BulkDeleteRequest, BulkWorkflowAnswer, BulkWorkflowRequest, ImportAnswer, LeadActivityRequest, LeadAnswer, LeadCreateRequest, LeadExportQuery, LeadPropertyTypeRequest, LeadSourceRequest, LeadsListAnswer, LeadUpdateAnswer, LeadUpdateRequest, LeadWorkflowRequest, Lead, WorkflowsAnswer } from './leads';
import { MatchingLeadsAnswer, PropertiesListAnswer, PropertyAnswer, PropertyCreateAnswer, PropertyFields, PropertyImagesOrderRequest, PropertyListQuery, PropertyUpdateRequest } from './properties';
import { PermissionsAnswer, Role, RolesAnswer, RoleSaveRequest } from './roles';
import { ManagedUser, PasswordChangeRequest, Profile, ProfileAnswer, ProfileUpdateRequest, UserCreateRequest, UsersListAnswer, UserStatusRequest, UserUpdateRequest } from './users';
import { DeliveriesAnswer, DeliveryAnswer, DeliveryQuery, WebhookAnswer, WebhookRequest, WebhooksAnswer, WebhookSecretAnswer, WebhookUpdateRequest } from './webhooks';

type Schema = z.core.$ZodType;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The resources, one tag each in the document (and one group on /api/docs). */
export const OPERATION_TAGS = {
  Health: 'Liveness and database reachability.',
  'Sign-in': 'Signing in and out, registration, password reset, e-mail verification, invitations, the two-factor step.',
  Account: "One's own profile, password, avatar, sessions, preferences and two-factor set-up.",
  Users: 'User Management: the company\u2019s people, invitations, disabling.',
  Roles: 'Roles and their permissions.',
  Leads: 'Leads, their workflow statuses, import and export.',
  Properties: 'Property inventory and photos.',
  Companies: 'Companies (the super admin) and one\u2019s own company profile.',
  Dashboard: 'The dashboard figures.',
  Calendar: 'Appointments (site visits, follow-ups, meetings), their calendar files and each person\u2019s private calendar feed.',
  Activity: 'The activity log: a lead\u2019s timeline and notes, the audit log, live updates.',
  Webhooks: 'Signed deliveries of the activity log\u2019s events to a company\u2019s own https addresses (company admins).',
  Reference: 'This description of the API.',
} as const;
export type OperationTag = keyof typeof OPERATION_TAGS;

/** A multipart/form-data body: text fields (validated like a JSON body) and file parts. */
export interface MultipartForm {
  fields?: Schema;
  /** Part name → what it takes. */
  files: Record<string, { description: string; many?: boolean; required?: boolean }>;
}

export interface Operation {
  method: Method;
  /** As registered, under API_PREFIX, with `:name` parameters (the key of route-access.ts without the prefix). */
  path: string;
  tag: OperationTag;
  summary: string;
  description?: string;
  query?: Schema;
  /** JSON body. */
  body?: Schema;
  /** multipart/form-data body (uploads, the lead import). */
  form?: MultipartForm;
  /** Success status (default 200). */
  status?: 200 | 201;
  /** The JSON answer's schema; absent when the answer is a file (`file`). */
  answer?: Schema;
  /** A non-JSON answer's content types (exports, the import sample, calendar files). */
  file?: readonly string[];
  /** Statuses beyond the usual ones this call may answer: 409 (conflict), 413 (upload too large), 429 (limits). */
  errors?: readonly (409 | 413 | 429)[];
  /** Request body example (taken from the demo data). */
  example?: unknown;
  /** Open to the router (route-access.ts says anyone) but the handler itself requires a Bearer token. */
  checksToken?: boolean;
}

const CSV = ['text/csv'] as const;
const ICS = ['text/calendar'] as const;
const message = z.optional(z.string());

/** Answers the contract has no named schema for: an entity in `data`, or only a message. */
const ProfileSaved = z.looseObject({ status: z.optional(z.string()), message, data: z.optional(z.nullable(Profile)) });
const UserInvited = z.looseObject({ status: z.optional(z.string()), message, data: z.looseObject({ user: ManagedUser }) });
const RoleSaved = z.looseObject({ status: z.optional(z.string()), message, data: Role });
const LeadCreated = z.looseObject({ status: z.optional(z.string()), message, data: Lead });
const ImportProgressAnswer = z.looseObject({
  status: z.optional(z.string()),
  data: z.looseObject({ phase: z.string() }),
});

const photo = (description: string, many = false, required = false) => ({ description, many, required });
const companyImages = {
  icon: photo('Icon image (JPEG/PNG, at most 10 MB).'),
  logo: photo('Logo image (JPEG/PNG, at most 10 MB).'),
  cover_photo: photo('Cover photo (JPEG/PNG, at most 10 MB).'),
};

const DEMO_LEAD = {
  first_name: 'Priya',
  last_name: 'Sharma',
  name: 'Priya Sharma',
  email: 'priya.sharma@example.com',
  phone: '+91 98765 43210',
  city: 'Mumbai',
  state: 'Maharashtra',
  country: 'India',
  lead_source: 'Website',
  property_type: 1,
  workflow_id: 1,
  activities: 1,
};

export const OPERATIONS: readonly Operation[] = [
  { method: 'GET', path: '/health', tag: 'Health', summary: 'Liveness and database reachability', answer: HealthAnswer },
  { method: 'GET', path: '/openapi.json', tag: 'Reference', summary: 'This API description (OpenAPI 3.1)', answer: z.looseObject({ openapi: z.string() }) },

  { method: 'POST', path: '/auth', tag: 'Sign-in', summary: 'Sign in: a session token, or a two-factor challenge', body: LoginRequest, answer: SignInAnswer, errors: [429], example: { username: 'admin@skyline.test', password: 'Admin@123' } },
  { method: 'POST', path: '/auth/two-factor', tag: 'Sign-in', summary: 'Second sign-in step: the app or recovery code', body: TwoFactorVerifyRequest, answer: LoginAnswer, errors: [429] },
  { method: 'POST', path: '/auth/two-factor/enrol', tag: 'Sign-in', summary: 'Two-factor set-up while signing in (company requires it)', body: TwoFactorEnrolRequest, answer: TwoFactorSetupAnswer },
  { method: 'POST', path: '/register', tag: 'Sign-in', summary: 'Register an account', body: RegisterRequest, status: 201, answer: SuccessAnswer, errors: [429] },
  { method: 'POST', path: '/forgot-password', tag: 'Sign-in', summary: 'Mail a password-reset link', body: ForgotPasswordRequest, answer: SuccessAnswer, errors: [429], example: { email: 'admin@skyline.test' } },
  { method: 'POST', path: '/reset-password', tag: 'Sign-in', summary: 'Set a new password with a mailed token', body: ResetPasswordRequest, answer: SuccessAnswer, errors: [429] },
  { method: 'POST', path: '/verify-email', tag: 'Sign-in', summary: 'Verify an e-mail address with a mailed token', body: VerifyEmailRequest, answer: SuccessAnswer, errors: [429] },
  { method: 'POST', path: '/auth/accept-invitation', tag: 'Sign-in', summary: 'Accept an invitation and choose a password', body: AcceptInvitationRequest, answer: SuccessAnswer },
  { method: 'POST', path: '/email-change/undo', tag: 'Sign-in', summary: 'Undo an e-mail change with the link mailed to the old address', body: UndoEmailChangeRequest, answer: UndoEmailChangeAnswer },
  { method: 'POST', path: '/logout', tag: 'Sign-in', summary: 'Sign out (ends this session)', answer: SuccessAnswer },

  { method: 'GET', path: '/users/profile', tag: 'Account', summary: "The signed-in person's profile and permissions", answer: ProfileAnswer },
  { method: 'PUT', path: '/users/:id', tag: 'Account', summary: 'Update one\u2019s profile, or (with `role`) a managed user', description: 'With the caller\u2019s own id and no `role`: the profile (ProfileUpdateRequest). With `role`: User Management\u2019s edit (UserUpdateRequest), needs agent-edit.', body: z.union([ProfileUpdateRequest, UserUpdateRequest]), answer: ProfileSaved, errors: [429] },
  { method: 'PUT', path: '/users/:id/update-password', tag: 'Account', summary: 'Change one\u2019s password', body: PasswordChangeRequest, answer: SuccessAnswer, errors: [429] },
  { method: 'POST', path: '/users/:id/avatar', tag: 'Account', summary: 'Upload one\u2019s avatar', form: { files: { avatar: photo('JPEG or PNG, at most 5 MB.', false, true) } }, answer: ProfileSaved, errors: [413] },
  { method: 'PUT', path: '/users/:id/avatar', tag: 'Account', summary: 'Replace one\u2019s avatar', form: { files: { avatar: photo('JPEG or PNG, at most 5 MB.', false, true) } }, answer: ProfileSaved, errors: [413] },
  { method: 'GET', path: '/users/sessions', tag: 'Account', summary: 'One\u2019s signed-in sessions', answer: SessionsAnswer },
  { method: 'DELETE', path: '/users/sessions/others', tag: 'Account', summary: 'Sign out every other session', answer: SignOutOthersAnswer },
  { method: 'GET', path: '/users/preferences', tag: 'Account', summary: 'One\u2019s preferences', answer: PreferencesAnswer },
  { method: 'PUT', path: '/users/preferences', tag: 'Account', summary: 'Save one\u2019s preferences', body: PreferencesUpdateRequest, answer: PreferencesAnswer, example: { theme: 'dark' } },
  { method: 'GET', path: '/users/two-factor', tag: 'Account', summary: 'One\u2019s two-factor status', answer: TwoFactorStatusAnswer },
  { method: 'POST', path: '/users/two-factor/setup', tag: 'Account', summary: 'Start two-factor set-up (secret and QR URI)', answer: TwoFactorSetupAnswer },
  { method: 'POST', path: '/users/two-factor/enable', tag: 'Account', summary: 'Turn two-factor on with a first code', body: TwoFactorEnableRequest, answer: TwoFactorEnableAnswer },
  { method: 'POST', path: '/users/two-factor/disable', tag: 'Account', summary: 'Turn two-factor off', body: TwoFactorDisableRequest, answer: SuccessAnswer },
  { method: 'POST', path: '/users/two-factor/recovery-codes', tag: 'Account', summary: 'New recovery codes', body: TwoFactorDisableRequest, answer: TwoFactorEnableAnswer },
  { method: 'PUT', path: '/company/two-factor-policy', tag: 'Account', summary: 'Who in the company must use two-factor (company admin)', body: TwoFactorPolicyRequest, answer: TwoFactorPolicyAnswer },

  { method: 'GET', path: '/users', tag: 'Users', summary: 'The company\u2019s users', query: PageQuery, answer: UsersListAnswer },
  { method: 'POST', path: '/users', tag: 'Users', summary: 'Invite a user', body: UserCreateRequest, status: 201, answer: UserInvited, errors: [409, 429], example: { first_name: 'Neha', email: 'neha.kapoor@example.com', password: 'Welcome@2026', role: 'Sales Agent' } },
  { method: 'PUT', path: '/users/:id/status', tag: 'Users', summary: 'Disable or enable a user', body: UserStatusRequest, answer: SuccessAnswer, example: { status: 'disabled' } },
  { method: 'DELETE', path: '/users/:id', tag: 'Users', summary: 'Delete a user', answer: SuccessAnswer },
  { method: 'POST', path: '/users/resend-invite/:id', tag: 'Users', summary: 'Send an invitation again', answer: SuccessAnswer, errors: [429] },
  { method: 'DELETE', path: '/users/:id/two-factor', tag: 'Users', summary: 'Reset a user\u2019s two-factor (a manager)', answer: SuccessAnswer },

  { method: 'GET', path: '/acl/role', tag: 'Roles', summary: 'The company\u2019s roles', answer: RolesAnswer },
  { method: 'GET', path: '/acl/role/all/permissions', tag: 'Roles', summary: 'Every permission name', answer: PermissionsAnswer },
  { method: 'POST', path: '/acl/role', tag: 'Roles', summary: 'Create a role, or update one (with `id`)', description: 'Each chosen permission name is a field set to 1. Creating answers 201, updating 200.', body: RoleSaveRequest, status: 201, answer: RoleSaved, errors: [409], example: { name: 'Lettings Agent', slug: 'lettings-agent', 'lead-read': 1, 'property-read': 1 } },
  { method: 'DELETE', path: '/acl/role/:id', tag: 'Roles', summary: 'Delete a role', answer: SuccessAnswer, errors: [409] },

  { method: 'GET', path: '/workflow/list', tag: 'Leads', summary: 'The workflow statuses (the leads board\u2019s tabs)', answer: WorkflowsAnswer },
  { method: 'GET', path: '/leads/list/workflow/:id', tag: 'Leads', summary: 'A page of one status\u2019s leads, optionally searched', query: PageQuery, answer: LeadsListAnswer, errors: [429] },
  { method: 'GET', path: '/leads/export/workflow/:id', tag: 'Leads', summary: 'Export one status\u2019s leads as CSV', query: LeadExportQuery, file: CSV, errors: [429] },
  { method: 'GET', path: '/leads/:id', tag: 'Leads', summary: 'One lead', answer: LeadAnswer },
  { method: 'POST', path: '/leads/store', tag: 'Leads', summary: 'Add a lead', body: LeadCreateRequest, status: 201, answer: LeadCreated, example: DEMO_LEAD },
  { method: 'PUT', path: '/leads/:id', tag: 'Leads', summary: 'Update a lead (the full edited lead)', description: 'Send back the `version` the lead was read with: a stale one is refused with 409 and the fresh lead in `data` (the lost-update guard).', body: LeadUpdateRequest, answer: LeadUpdateAnswer, errors: [409], example: { ...DEMO_LEAD, version: 1 } },
  { method: 'DELETE', path: '/leads/:id', tag: 'Leads', summary: 'Delete a lead', answer: SuccessAnswer },
  { method: 'PUT', path: '/leads/source/:id', tag: 'Leads', summary: 'Change a lead\u2019s source', body: LeadSourceRequest, answer: SuccessAnswer, example: { lead_source: 'Referral' } },
  { method: 'PUT', path: '/leads/activity/:id', tag: 'Leads', summary: 'Change a lead\u2019s activity', body: LeadActivityRequest, answer: SuccessAnswer, example: { activities: 2 } },
  { method: 'PUT', path: '/leads/property/:id', tag: 'Leads', summary: 'Change a lead\u2019s property type', body: LeadPropertyTypeRequest, answer: SuccessAnswer, example: { property_type: 2 } },
  { method: 'POST', path: '/leads/workflow/:id', tag: 'Leads', summary: 'Move a lead to another status', body: LeadWorkflowRequest, answer: SuccessAnswer, example: { workflowId: 2 } },
  { method: 'POST', path: '/leads/bulk/delete', tag: 'Leads', summary: 'Delete many leads', body: BulkDeleteRequest, answer: BulkDeleteAnswer, example: { ids: [1, 2] } },
  { method: 'POST', path: '/leads/bulk/workflow', tag: 'Leads', summary: 'Move many leads to one status', body: BulkWorkflowRequest, answer: BulkWorkflowAnswer, example: { ids: [1, 2], workflowId: 2 } },
  { method: 'POST', path: '/leads/import', tag: 'Leads', summary: 'Import leads from a CSV or XLSX file', description: 'Optional `?importId=` lets GET /leads/import/progress/{id} follow it.', form: { files: { file: photo('The CSV, XLSX or XLS file (columns as in GET /leads/import/sample).', false, true) } }, answer: ImportAnswer, errors: [413, 429] },
  { method: 'GET', path: '/leads/import/sample', tag: 'Leads', summary: 'The CSV sample the import accepts', file: CSV },
  { method: 'GET', path: '/leads/import/progress/:id', tag: 'Leads', summary: 'Progress of one\u2019s running import', description: 'The token is checked by its signature alone, so the answer comes while the import still holds the database; only the session that started the import finds it.', answer: ImportProgressAnswer, checksToken: true },

  { method: 'GET', path: '/leads/:id/timeline', tag: 'Activity', summary: 'A lead\u2019s timeline: its changes and notes, newest first', description: 'Page back with `before`, the `next` of the page before.', query: TimelineQuery, answer: TimelineAnswer },
  { method: 'POST', path: '/leads/:id/notes', tag: 'Activity', summary: 'Add a note, call, WhatsApp message, e-mail or meeting to a lead', body: NoteRequest, status: 201, answer: NoteAnswer, example: { kind: 'call', body: 'Called, wants a 3 BHK under \u20b91 Cr, call back Friday', follow_up_at: '2026-11-27' } },
  { method: 'PUT', path: '/leads/:id/notes/:noteId', tag: 'Activity', summary: 'Change one\u2019s own note (within 15 minutes)', body: NoteRequest, answer: NoteAnswer, example: { kind: 'note', body: 'Wants a 3 BHK under \u20b91.2 Cr' } },
  { method: 'DELETE', path: '/leads/:id/notes/:noteId', tag: 'Activity', summary: 'Delete one\u2019s own note (within 15 minutes; the audit log keeps it)', answer: SuccessAnswer },
  { method: 'GET', path: '/activity', tag: 'Activity', summary: 'The audit log, filtered by person, record, action and date', description: 'Company admins read their company\u2019s; the super admin any company\u2019s (`company_id`) or all.', query: ActivityQuery, answer: ActivityAnswer },
  { method: 'GET', path: '/activity/export', tag: 'Activity', summary: 'The audit log as CSV, with the same filters', query: ActivityQuery, file: CSV },
  { method: 'GET', path: '/activity/stream', tag: 'Activity', summary: 'Live updates: Server-Sent Events of the company\u2019s changes', description: 'Each `change` event carries a LiveEvent; send `Last-Event-ID` on reconnect to receive what was missed (or a `reset` event when too much was). Only what the caller may read is sent. The stream ends after `lifetime` seconds (at most 300) and the client reconnects; `lifetime=0` answers only what was missed (polling).', query: StreamQuery, file: ['text/event-stream'] },

  { method: 'GET', path: '/properties', tag: 'Properties', summary: 'A page of the property inventory, filtered', query: PropertyListQuery, answer: PropertiesListAnswer },
  { method: 'GET', path: '/properties/:id', tag: 'Properties', summary: 'One property', answer: PropertyAnswer },
  { method: 'GET', path: '/properties/:id/leads', tag: 'Properties', summary: 'Leads matching a property', answer: MatchingLeadsAnswer },
  { method: 'POST', path: '/properties', tag: 'Properties', summary: 'Add a property with its photos', form: { fields: PropertyFields, files: { property_cover_image: photo('The cover photo (JPEG/PNG/WebP, at most 10 MB).'), property_other_images: photo('Other photos, at most 20 per call.', true) } }, status: 201, answer: PropertyCreateAnswer, errors: [413] },
  { method: 'PUT', path: '/properties/:id', tag: 'Properties', summary: 'Update a property', body: PropertyUpdateRequest, answer: PropertyAnswer, example: { price: 8500000, city: 'Pune' } },
  { method: 'DELETE', path: '/properties/:id', tag: 'Properties', summary: 'Delete a property and its photos', answer: SuccessAnswer },
  { method: 'POST', path: '/properties/:id/images', tag: 'Properties', summary: 'Add photos to a property', form: { files: { images: photo('Photos (JPEG/PNG/WebP, at most 10 MB each, 20 per call).', true, true) } }, answer: PropertyAnswer, errors: [413] },
  { method: 'PUT', path: '/properties/:id/images', tag: 'Properties', summary: 'Reorder a property\u2019s photos or choose the cover', body: PropertyImagesOrderRequest, answer: PropertyAnswer },
  { method: 'DELETE', path: '/properties/:id/images/:imageId', tag: 'Properties', summary: 'Remove one photo', answer: PropertyAnswer },

  { method: 'GET', path: '/company', tag: 'Companies', summary: 'Every company (super admin)', answer: CompaniesAnswer },
  { method: 'POST', path: '/company', tag: 'Companies', summary: 'Create a company with its images (super admin)', form: { fields: CompanyCreateFields, files: { icon: photo(companyImages.icon.description, false, true), logo: photo(companyImages.logo.description, false, true), cover_photo: photo(companyImages.cover_photo.description, false, true) } }, status: 201, answer: CompanyAnswer, errors: [409, 413] },
  { method: 'GET', path: '/company/:id', tag: 'Companies', summary: 'One company (super admin, or one\u2019s own)', answer: CompanyAnswer },
  { method: 'PUT', path: '/company/:id', tag: 'Companies', summary: 'Update a company (super admin, or one\u2019s own)', body: CompanyUpdateRequest, answer: CompanyAnswer, example: { display_name: 'Skyline Realty', founding_year: 2009, firm_type: 'Apartment', office_address: '4th Floor, Prestige Meridian, 29 MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'India', postal_code: '560001', tagline: 'Homes that rise above the rest' } },
  { method: 'POST', path: '/company/:id/media', tag: 'Companies', summary: 'Replace the icon, logo or cover photo', form: { files: companyImages }, answer: CompanyAnswer, errors: [413] },
  { method: 'DELETE', path: '/company/:id', tag: 'Companies', summary: 'Delete a company and everything in it (super admin)', answer: SuccessAnswer },

  { method: 'GET', path: '/dashboard/summary', tag: 'Dashboard', summary: 'The dashboard figures (each needs its resource\u2019s read permission)', answer: DashboardSummaryAnswer },

  { method: 'GET', path: '/appointments', tag: 'Calendar', summary: 'Appointments overlapping a range (at most 100 days), filtered', description: 'An agent sees the appointments they run, were invited to or made; other user types the company\u2019s. `time_zone` is the company\u2019s.', query: AppointmentListQuery, answer: AppointmentsAnswer },
  { method: 'GET', path: '/appointments/clashes', tag: 'Calendar', summary: 'Appointments a planned one would overlap (same agent, or a property another lead visits then)', description: 'Saving with a clash is allowed; this is for showing it first. `property_ids` as comma text.', query: ClashQuery, answer: ClashesAnswer },
  { method: 'GET', path: '/appointments/due', tag: 'Calendar', summary: 'The caller\u2019s open appointments of today and the overdue ones', description: 'Those the caller runs or is invited to, proposed or confirmed: `today` from now to the end of the company\u2019s day, soonest first; `overdue` started before now (the last 100 days), most recent first; at most 20 each, `today_total` and `overdue_total` count them all. `time_zone` is the company\u2019s.', answer: DueAppointmentsAnswer },
  { method: 'GET', path: '/appointments/next', tag: 'Calendar', summary: 'Each named lead\u2019s next appointment, in one call (a page of the leads board)', description: '`lead_ids` as comma text, at most 100. For each lead of the caller\u2019s company, the earliest appointment the caller sees that is not over and still proposed or confirmed; leads without one, or of another company, are left out. `time_zone` is the company\u2019s.', query: NextAppointmentsQuery, answer: NextAppointmentsAnswer },
  { method: 'GET', path: '/appointments/:id', tag: 'Calendar', summary: 'One appointment', answer: AppointmentAnswer },
  { method: 'GET', path: '/appointments/:id/ics', tag: 'Calendar', summary: 'One appointment as an iCalendar file', file: ICS },
  { method: 'POST', path: '/appointments', tag: 'Calendar', summary: 'Add an appointment', description: 'Invitees (and the agent, when someone else adds it) are mailed with the .ics attached.', body: AppointmentRequest, status: 201, answer: AppointmentAnswer, example: { kind: 'site_visit', lead_id: 200, property_ids: [12], starts_at: '2026-12-01T10:30:00Z', ends_at: '2026-12-01T11:30:00Z', reminder_minutes: 60 } },
  { method: 'PUT', path: '/appointments/:id', tag: 'Calendar', summary: 'Update an appointment (the object its GET answered)', description: 'A left-out field stays. Send back the `version` it was read with: a stale one is refused with 409 and the fresh appointment in `data` (the lost-update guard). A new time or a cancellation is mailed.', body: AppointmentUpdateRequest, answer: AppointmentAnswer, errors: [409], example: { starts_at: '2026-12-02T10:30:00Z', version: 1 } },
  { method: 'DELETE', path: '/appointments/:id', tag: 'Calendar', summary: 'Delete an appointment (those it concerned are told it is cancelled)', answer: SuccessAnswer },
  { method: 'GET', path: '/leads/:id/appointments', tag: 'Calendar', summary: 'A lead\u2019s appointments (`upcoming=1`: not over, not cancelled, soonest first)', description: '`time_zone` is the company\u2019s.', query: UpcomingQuery, answer: AppointmentListAnswer },
  { method: 'GET', path: '/properties/:id/appointments', tag: 'Calendar', summary: 'A property\u2019s visits (`upcoming=1`: not over, not cancelled, soonest first)', description: '`time_zone` is the company\u2019s.', query: UpcomingQuery, answer: AppointmentListAnswer },
  { method: 'POST', path: '/calendar-feed', tag: 'Calendar', summary: 'A new private calendar feed link (the old one stops working); the token is shown only here', answer: CalendarFeedAnswer },
  { method: 'DELETE', path: '/calendar-feed', tag: 'Calendar', summary: 'Revoke one\u2019s calendar feed link', answer: SuccessAnswer },
  { method: 'GET', path: '/calendar-feed/:token.ics', tag: 'Calendar', summary: 'A person\u2019s appointments from 30 days back as an iCalendar feed (the link is the credential)', file: ICS },

  { method: 'GET', path: '/webhooks', tag: 'Webhooks', summary: 'The company\u2019s webhooks, each with its newest delivery', answer: WebhooksAnswer },
  { method: 'POST', path: '/webhooks', tag: 'Webhooks', summary: 'Add a webhook; its signing secret is answered only here', description: 'The address must be https and its host resolve to public addresses only. `kinds`: actions of the activity log, or `["*"]` for all.', body: WebhookRequest, status: 201, answer: WebhookSecretAnswer, errors: [409], example: { url: 'https://crm.agency.example/estatedesk/events', kinds: ['lead.created', 'lead.status_changed'] } },
  { method: 'PUT', path: '/webhooks/:id', tag: 'Webhooks', summary: 'Change a webhook\u2019s address, kinds or whether it is active', description: 'A left-out field stays; what the list answered is accepted.', body: WebhookUpdateRequest, answer: WebhookAnswer, example: { active: false } },
  { method: 'DELETE', path: '/webhooks/:id', tag: 'Webhooks', summary: 'Delete a webhook and its delivery log', answer: SuccessAnswer },
  { method: 'POST', path: '/webhooks/:id/secret', tag: 'Webhooks', summary: 'A new signing secret, answered only here; the old one stops working at once', answer: WebhookSecretAnswer },
  { method: 'GET', path: '/webhooks/:id/deliveries', tag: 'Webhooks', summary: 'A webhook\u2019s delivery log, newest first', description: 'Page back with `before`, the `next` of the page before.', query: DeliveryQuery, answer: DeliveriesAnswer },
  { method: 'POST', path: '/webhooks/deliveries/:id/resend', tag: 'Webhooks', summary: 'Send a delivery again now (a new attempt; its outcome is answered)', answer: DeliveryAnswer, errors: [409] },
];

/** `METHOD /api/v1/path` as Fastify registers it: the key of route-access.ts. */
export const operationKey = (operation: Pick<Operation, 'method' | 'path'>): string => `${operation.method} ${API_PREFIX}${operation.path}`;

/** The operation of a registered route (`GET`, `/api/v1/leads/:id`), if the catalogue has it. */
export function findOperation(method: string, url: string): Operation | undefined {
  return OPERATIONS.find((operation) => operationKey(operation) === `${method === 'HEAD' ? 'GET' : method} ${url}`);
}
