/**
 * Activity: one event log per company (docs/activity.md). Every change made through the API is
 * written as an event in the same transaction as the change — who, when, which record, what
 * changed (each field's before and after) and the request id — and three things read it: a lead's
 * timeline (with the notes, calls and messages staff add), the audit log, and the live updates an
 * open widget receives.
 */
import * as z from 'zod/mini';
import { Id, IntLike, requiredText } from './common';
import { TEXT_MAX } from './constants';
import { MESSAGES } from './messages';

export const ACTIVITY_PATHS = {
  /** The audit log: the company's events, filtered and paged (the super admin: any company's). */
  list: '/activity',
  export: '/activity/export',
  /** Live updates: Server-Sent Events of the caller's company, as their permissions allow. */
  stream: '/activity/stream',
  timeline: (leadId: Id) => `/leads/${leadId}/timeline`,
  notes: (leadId: Id) => `/leads/${leadId}/notes`,
  note: (leadId: Id, noteId: Id) => `/leads/${leadId}/notes/${noteId}`,
} as const;

/** What an event is about. */
export const RECORD_TYPES = ['lead', 'property', 'user', 'role', 'company', 'import', 'session', 'webhook', 'appointment'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/**
 * Every action the log holds, `record.verb`. Sign-ins and webhook changes are written for the
 * audit only: never sent as live updates or to webhooks.
 */
export const ACTIVITY_ACTIONS = [
  'lead.created',
  'lead.updated',
  'lead.status_changed',
  'lead.deleted',
  'lead.note_added',
  'lead.note_edited',
  'lead.note_deleted',
  'import.completed',
  'property.created',
  'property.updated',
  'property.status_changed',
  'property.photos_changed',
  'property.deleted',
  'user.invited',
  'user.accepted',
  'user.updated',
  'user.disabled',
  'user.deleted',
  'role.created',
  'role.updated',
  'role.deleted',
  'company.created',
  'company.updated',
  'company.deleted',
  'appointment.scheduled',
  'appointment.moved',
  'appointment.updated',
  'appointment.status_changed',
  'appointment.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'session.signed_in',
  'session.sign_in_failed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * An action's verb (its second half) in words, as the Audit Log's filter and the webhooks form
 * name it after the record: "Lead: status changed", "Leads: added". A verb not listed reads as
 * itself with spaces.
 */
export const ACTIVITY_VERB_NAMES: Readonly<Record<string, string>> = {
  created: 'added',
  updated: 'edited',
  status_changed: 'status changed',
  deleted: 'deleted',
  note_added: 'note added',
  note_edited: 'note edited',
  note_deleted: 'note deleted',
  completed: 'completed',
  photos_changed: 'photos changed',
  invited: 'invited',
  accepted: 'invitation accepted',
  disabled: 'disabled',
  signed_in: 'signed in',
  sign_in_failed: 'sign-in failed',
  scheduled: 'scheduled',
  moved: 'moved',
  secret_rotated: 'new secret',
};

/** @example activityVerbName('status_changed') // 'status changed' */
export const activityVerbName = (verb: string): string => ACTIVITY_VERB_NAMES[verb] ?? verb.replace(/_/g, ' ');

/** A field's value before and after a change; null where it had none. */
export const FieldChange = z.tuple([z.unknown(), z.unknown()]);
export type FieldChange = z.infer<typeof FieldChange>;

export const ActivityEvent = z.looseObject({
  id: z.number(),
  company_id: z.nullable(z.number()),
  action: z.string(),
  record_type: z.string(),
  record_id: z.nullable(z.number()),
  /** The record's name when the event was written (a lead's name, a property's title), so a deleted record still reads. */
  record_label: z.nullable(z.string()),
  actor_id: z.nullable(z.number()),
  actor_name: z.nullable(z.string()),
  /** Field → [before, after]. */
  changes: z.nullable(z.record(z.string(), FieldChange)),
  /** What else the action carries: a note's kind and text, an import's counts. */
  data: z.nullable(z.record(z.string(), z.unknown())),
  request_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type ActivityEvent = z.infer<typeof ActivityEvent>;

/** Audit log filters; every one optional. `before` pages back from an event id (newest first). */
export const ActivityQuery = z.object({
  actor_id: z.optional(IntLike),
  record_type: z.optional(z.enum(RECORD_TYPES)),
  record_id: z.optional(IntLike),
  action: z.optional(z.string().check(z.maxLength(60))),
  from: z.optional(z.iso.date()),
  to: z.optional(z.iso.date()),
  /** The super admin only: another company's log. */
  company_id: z.optional(IntLike),
  before: z.optional(IntLike),
  pageSize: z.optional(IntLike),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

/** A page of events, newest first; `next` is the `before` of the following page, null on the last. */
export const ActivityPage = z.looseObject({
  data: z.array(ActivityEvent),
  next: z.nullable(z.number()),
});
export type ActivityPage = z.infer<typeof ActivityPage>;
export const ActivityAnswer = z.looseObject({ data: ActivityPage });

export const NOTE_KINDS = ['note', 'call', 'whatsapp', 'email', 'meeting'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
export const NOTE_KIND_LABELS: Record<NoteKind, string> = {
  note: 'Note',
  call: 'Call',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  meeting: 'Meeting',
};
/** How long a note's author may still edit or delete it. */
export const NOTE_EDIT_WINDOW_MS = 15 * 60 * 1000;

const NOTE_MESSAGES = MESSAGES.activity;

export const NoteRequest = z.object({
  kind: z.enum(NOTE_KINDS, { error: NOTE_MESSAGES.kindInvalid }),
  body: requiredText(NOTE_MESSAGES.bodyRequired, 'Note', TEXT_MAX.text, 'multi'),
  /** A day (yyyy-mm-dd) or an instant; shown on the board until it passes. */
  follow_up_at: z.optional(z.nullable(z.union([z.iso.date(), z.iso.datetime({ offset: true })]))),
});
export type NoteRequest = z.infer<typeof NoteRequest>;

export const LeadNote = z.looseObject({
  id: z.number(),
  lead_id: z.number(),
  kind: z.enum(NOTE_KINDS),
  body: z.string(),
  follow_up_at: z.nullable(z.string()),
  author_id: z.nullable(z.number()),
  author_name: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadNote = z.infer<typeof LeadNote>;
export const NoteAnswer = z.looseObject({ message: z.optional(z.string()), data: LeadNote });

/** One entry of a lead's timeline: an event, with its note as it is now when the event added one. */
export const TimelineEntry = z.looseObject({
  ...ActivityEvent.shape,
  note: z.optional(z.nullable(LeadNote)),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;
export const TimelineQuery = z.object({ before: z.optional(IntLike), pageSize: z.optional(IntLike) });
export const TimelineAnswer = z.looseObject({
  data: z.looseObject({ data: z.array(TimelineEntry), next: z.nullable(z.number()) }),
});

/**
 * The stream's query: `lifetime`, seconds the stream stays open (default and most STREAM_LIFETIME_MAX_S;
 * the client reconnects with Last-Event-ID, which also spreads streams over the processes again).
 * 0 answers what was missed since Last-Event-ID and ends: polling, for a client that cannot hold a stream.
 */
export const STREAM_LIFETIME_MAX_S = 300;
export const StreamQuery = z.object({
  lifetime: z.optional(IntLike.check(z.minimum(0), z.maximum(STREAM_LIFETIME_MAX_S))),
});

/** What a live-update stream sends for one event: enough to know what to reload, and who did it. */
export const LiveEvent = z.looseObject({
  id: z.number(),
  action: z.string(),
  record_type: z.string(),
  record_id: z.nullable(z.number()),
  actor_id: z.nullable(z.number()),
  actor_name: z.nullable(z.string()),
  changes: z.optional(z.nullable(z.record(z.string(), FieldChange))),
  created_at: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;

/** The fields' names as the forms show them, for the before → after of an event (a lead's history, the audit log). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  postal_code: 'Postal code',
  country: 'Country',
  lead_source: 'Source',
  property_type: 'Property type',
  activities: 'Activity',
  workflow: 'Status',
  status: 'Status',
  kind: 'Kind',
  body: 'Text',
  follow_up_at: 'Follow-up',
  display_name: 'Name',
  square_footage: 'Square footage',
  year_built: 'Year built',
  order: 'Photo order',
  cover: 'Cover photo',
  role: 'Role',
  starts_at: 'Start',
  ends_at: 'End',
  agent_id: 'Agent',
  lead_id: 'Lead',
  property_ids: 'Properties',
  invitee_ids: 'Invitees',
  outcome: 'Outcome',
  feedback: 'Feedback',
  reminder_minutes: 'Reminder (minutes before)',
};

/**
 * A changed field's name as people read it; an unknown column said from its name.
 * @example activityFieldLabel('city') // 'City'; activityFieldLabel('registration_number') // 'Registration number'
 */
export const activityFieldLabel = (field: string): string => {
  const label = FIELD_LABELS[field];
  if (label) return label;
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
