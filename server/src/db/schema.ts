/**
 * Table types for Kysely. Timestamps are ISO 8601 text in both databases' answers (PostgreSQL
 * stores timestamptz; the pg type parser turns it back into ISO text). List fields of companies
 * are JSON text. Booleans are avoided: states are texts or nullable timestamps.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type UserType = 'super_admin' | 'admin' | 'agent';
export type UserStatus = 'invited' | 'active' | 'disabled';

export interface CompaniesTable {
  id: Generated<number>;
  display_name: string;
  icon: string | null;
  logo: string | null;
  cover_photo: string | null;
  primary_color_code: string | null;
  secondary_color_code: string | null;
  tagline: string | null;
  short_description: string | null;
  long_description: string | null;
  founding_year: number | null;
  office_address: string | null;
  city: string | null;
  postal_code: string | null;
  state: string | null;
  country: string | null;
  hours_of_operation: string | null;
  firm_type: string | null;
  /** JSON text lists. */
  operating_states: string | null;
  operating_cities: string | null;
  inventory_type: string | null;
  inventory_categories: string | null;
  lead_communication: string | null;
  instagram: string | null;
  facebook: string | null;
  linkedin: string | null;
  website: string | null;
  /** IANA zone the company's people work in (the calendar's days); 'Asia/Kolkata' unless set. */
  time_zone: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number | null;
  role_id: number | null;
  user_type: UserType;
  first_name: string;
  last_name: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  avatar: string | null;
  status: UserStatus;
  email_verified_at: string | null;
  /** argon2id PHC string; null for users who cannot sign in (yet). */
  password_hash: string | null;
  password_changed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  slug: string;
  created_at: string;
  updated_at: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface WorkflowStatusesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  default_style: string | null;
  active_style: string | null;
  position: number;
  created_at: string;
}

export interface LeadsTable {
  id: Generated<number>;
  company_id: number;
  workflow_id: number | null;
  first_name: string;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  lead_source: string | null;
  /** 1-based index into LEAD_PROPERTY_TYPES. */
  property_type: number | null;
  /** 1-based index into ACTIVITIES. */
  activities: number | null;
  /** Raised on every change; a save carrying an older version is refused. */
  version: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** The follow-up of the lead's newest note that has one (activity module). */
  follow_up_at?: string | null;
}

export interface PropertiesTable {
  id: Generated<number>;
  company_id: number;
  title: string | null;
  description: string | null;
  property_type: string | null;
  location: string | null;
  address: string | null;
  price: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  square_footage: number | null;
  lot_size: number | null;
  year_built: number | null;
  property_cover_image: string | null;
  features: string | null;
  status: string;
  area_units: string | null;
  square_yards: number | null;
  registration_number: string | null;
  certificates: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface PropertyImagesTable {
  id: Generated<number>;
  property_id: number;
  company_id: number;
  /** Path under the image prefix. */
  path: string;
  position: number;
  created_at: string;
  /** 1 for the property's cover (the property_cover_image of docs/product/data.md), else 0. */
  is_cover: Generated<number>;
  /** WebP renditions about 320 and 960 px wide (paths under the image prefix). */
  small_path: string | null;
  medium_path: string | null;
}

export interface InvitationsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  email: string;
  role_id: number | null;
  token_hash: string;
  invited_by: number | null;
  expires_at: string;
  accepted_at: string | null;
  created_at: string;
}

/** E-mail verification and password-reset tokens share this shape; only hashes are stored. */
/** The undo link of an e-mail change, mailed to the old address. */
export interface EmailChangeUndoTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  old_email: string;
  new_email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** While set and in the future, one process is delivering the mail (plugins/mail.ts). */
  claimed_until: string | null;
  /** JSON text: [{ filename, content_type, content }] (an appointment's .ics), or null. */
  attachments: Generated<string | null>;
}

export interface AppointmentsTable {
  id: Generated<number>;
  company_id: number;
  kind: string;
  title: string | null;
  lead_id: number | null;
  /** Null only after the person was deleted. */
  agent_id: number | null;
  starts_at: string;
  ends_at: string;
  place: string | null;
  note: string | null;
  status: string;
  outcome: string | null;
  reminder_minutes: number | null;
  /** starts_at minus reminder_minutes (null without a reminder); the sweep's index. */
  reminder_at: string | null;
  /** Set by the one process that sends the reminder (modules/appointments/reminders.service.ts). */
  reminder_sent_at: string | null;
  /** Raised on every change: the lost-update guard and the .ics SEQUENCE. */
  version: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AppointmentPropertiesTable {
  appointment_id: number;
  property_id: number;
  position: number;
  feedback: string | null;
}

export interface AppointmentInviteesTable {
  appointment_id: number;
  user_id: number;
}

/** A person's private calendar feed: only the SHA-256 of its token is kept. */
export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: string;
}

/** Rate and cost limits counted in fixed windows across processes (shared-state/). Epoch ms. */
export interface LimitWindowsTable {
  key: string;
  count: number;
  reset_at: number;
}

/** Small JSON records every process reads alike (shared-state/). Epoch ms. */
export interface SharedRecordsTable {
  key: string;
  value: string;
  expires_at: number;
}

export interface SessionsTable {
  /** Random id carried in the token's `sid` claim. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  workflow_statuses: WorkflowStatusesTable;
  leads: LeadsTable;
  properties: PropertiesTable;
  property_images: PropertyImagesTable;
  invitations: InvitationsTable;
  email_verification_tokens: UserTokensTable;
  password_reset_tokens: UserTokensTable;
  email_change_undo_tokens: EmailChangeUndoTokensTable;
  email_outbox: EmailOutboxTable;
  limit_windows: LimitWindowsTable;
  shared_records: SharedRecordsTable;
  sessions: SessionsTable;
  appointments: AppointmentsTable;
  appointment_properties: AppointmentPropertiesTable;
  appointment_invitees: AppointmentInviteesTable;
  calendar_feeds: CalendarFeedsTable;
  activity_events: ActivityEventsTable;
  lead_notes: LeadNotesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** One change or sign-in (migration 2026_11_27_0001). `changes` and `data` are JSON text. */
export interface ActivityEventsTable {
  id: Generated<number>;
  company_id: number | null;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  record_type: string;
  record_id: number | null;
  record_label: string | null;
  changes: string | null;
  data: string | null;
  request_id: string | null;
  created_at: string;
  /** The lead the event concerns: a lead's own events and its appointments' (migration 2026_11_28_0100). */
  lead_id: Generated<number | null>;
}

export interface LeadNotesTable {
  id: Generated<number>;
  company_id: number;
  lead_id: number;
  author_id: number | null;
  author_name: string | null;
  kind: string;
  body: string;
  follow_up_at: string | null;
  created_at: string;
  updated_at: string;
}

export type CompanyRow = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type NewLead = Insertable<LeadsTable>;
export type NewProperty = Insertable<PropertiesTable>;
export type PropertyRow = Selectable<PropertiesTable>;
export type PropertyImageRow = Selectable<PropertyImagesTable>;
export type NewPropertyImage = Insertable<PropertyImagesTable>;

/** A company's webhook (migration 2026_11_27_0200). `kinds` is JSON text; `secret` is sealed (lib/secret-box.ts). */
export interface WebhooksTable {
  id: Generated<number>;
  company_id: number;
  url: string;
  kinds: string;
  secret: string;
  /** 1 or 0. */
  active: Generated<number>;
  /** Only events after this one are sent. */
  start_event_id: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One event sent (or to be sent) to one webhook, with its last attempt's outcome. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  company_id: number;
  event_id: number;
  action: string;
  attempt: Generated<number>;
  status: string;
  response_status: number | null;
  duration_ms: number | null;
  next_attempt_at: string | null;
  first_attempt_at: string | null;
  delivered_at: string | null;
  error: string | null;
  /** A process is sending it until then (a claim that lapses when that process dies). */
  claimed_until: string | null;
  created_at: string;
}
