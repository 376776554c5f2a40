/**
 * Appointments (the calendar): site visits, follow-ups and meetings, their calls, fields and the
 * checks a form can make alone (docs/server-resources.md, "Calendar"). What needs the database (a lead,
 * property or person of the caller's company; a time too far ahead by the server's clock) the
 * server checks after these, with the messages of `MESSAGES.appointments`.
 */
import * as z from 'zod/mini';
import { Id, IntLike, OptText, optionalText } from './common';
import { TEXT_MAX } from './constants';
import { format, MESSAGES } from './messages';

const M = MESSAGES.appointments;

export const APPOINTMENT_PATHS = {
  /** GET `AppointmentListQuery` (a range of at most `APPOINTMENT_LIMITS.rangeDays`), POST `AppointmentRequest`. */
  list: '/appointments',
  /** GET, PUT `AppointmentRequest` (what the GET answered is accepted), DELETE. */
  one: (id: Id) => `/appointments/${id}`,
  /** GET: the appointment as one iCalendar event (text/calendar). */
  ics: (id: Id) => `/appointments/${id}/ics`,
  /** GET `ClashQuery`: the appointments a planned one would overlap (saving with a clash is allowed). */
  clashes: '/appointments/clashes',
  /** GET: the caller's own open appointments of today and the overdue ones (the top bar's bell). */
  due: '/appointments/due',
  /** GET `?upcoming=1`: a lead's appointments (upcoming ones first to last). */
  ofLead: (id: Id) => `/leads/${id}/appointments`,
  /** GET `?upcoming=1`: a property's visits. */
  ofProperty: (id: Id) => `/properties/${id}/appointments`,
  /** POST: a new private feed link (the old one stops working); DELETE: no link any more. */
  feed: '/calendar-feed',
  /** GET without a session: the person's appointments as an iCalendar feed. */
  feedFile: (token: string) => `/calendar-feed/${token}.ics`,
  /** GET `NextAppointmentsQuery`: each named lead's next appointment, for a page of leads in one call. */
  next: '/appointments/next',
} as const;

export const APPOINTMENT_KINDS = ['site_visit', 'follow_up', 'meeting'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];
export const APPOINTMENT_STATUSES = ['proposed', 'confirmed', 'done', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** What the kinds and statuses are called on screen and in mails and calendar files. */
export const APPOINTMENT_KIND_LABELS: Readonly<Record<AppointmentKind, string>> = {
  site_visit: 'Site visit',
  follow_up: 'Follow-up',
  meeting: 'Meeting',
};
export const APPOINTMENT_STATUS_LABELS: Readonly<Record<AppointmentStatus, string>> = {
  proposed: 'Proposed',
  confirmed: 'Confirmed',
  done: 'Done',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** The calendar's numbers. */
export const APPOINTMENT_LIMITS = {
  /** Longest range one list call takes (a month view with its edge weeks fits easily). */
  rangeDays: 100,
  /** Furthest a start or end may lie ahead of now. */
  yearsAhead: 10,
  /** Longest an appointment may last. */
  durationDays: 14,
  /** A follow-up without an end lasts this long. */
  followUpMinutes: 30,
  /** A site visit or meeting without an end lasts this long. */
  defaultMinutes: 60,
  /** Longest a reminder may come before the start: a week. */
  reminderMinutes: 7 * 24 * 60,
  properties: 20,
  invitees: 50,
  /** The private feed starts this many days back. */
  feedPastDays: 30,
  /** Most leads one call of GET /appointments/next names (a page of the leads board shows 10). */
  nextLeads: 100,
} as const;

/** The zone a company's calendar days are in when it has set none. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** An ISO 8601 date and time with its zone (`Z` or `+05:30`); answered back in UTC (`…Z`). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A time as UTC ISO text, or null when `value` is no ISO date and time with a zone.
 * @example utcTime('2026-12-01T16:00+05:30') // '2026-12-01T10:30:00.000Z'
 */
export function utcTime(value: unknown): string | null {
  if (typeof value !== 'string' || !ISO_TIME.test(value.trim())) return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

const isoTime = (required: string) =>
  z.pipe(
    z.string({ error: required }).check(z.refine((v) => utcTime(v) !== null, { error: M.timeInvalid, abort: true })),
    z.transform((v) => utcTime(v) as string),
  );
const optionalIsoTime = z.optional(z.nullable(isoTime(M.timeInvalid)));

const idList = (max: number, tooMany: string) => z.array(IntLike).check(z.maxLength(max, tooMany));

/** One visited property's feedback, as sent and as answered. */
export const PropertyFeedback = z.object({
  property_id: IntLike,
  feedback: optionalText('Feedback', TEXT_MAX.text, 'multi'),
});

/**
 * The appointment's fields (POST /api/v1/appointments, PUT /api/v1/appointments/{id}). A PUT
 * takes the object its GET answered (the embedded `lead`, `properties`, `agent`, `invitees` and the
 * stamps are ignored) and its `version`: a stale one is refused with 409 and the fresh appointment
 * (the lost-update guard, as for leads). Left out: `agent_id` is the caller, `ends_at` the start
 * plus `followUpMinutes` (follow-up) or `defaultMinutes`, `place` the first property's address
 * (site visit), `status` proposed.
 */
export const AppointmentFields = z.object({
  kind: z.enum(APPOINTMENT_KINDS, M.kindInvalid),
  title: optionalText('Title', TEXT_MAX.line),
  lead_id: z.optional(z.nullable(IntLike)),
  property_ids: z.optional(z.nullable(idList(APPOINTMENT_LIMITS.properties, format(M.tooManyProperties, { max: APPOINTMENT_LIMITS.properties })))),
  agent_id: z.optional(z.nullable(IntLike)),
  invitee_ids: z.optional(z.nullable(idList(APPOINTMENT_LIMITS.invitees, format(M.tooManyInvitees, { max: APPOINTMENT_LIMITS.invitees })))),
  starts_at: isoTime(M.startRequired),
  ends_at: optionalIsoTime,
  place: optionalText('Place', TEXT_MAX.address),
  note: optionalText('Note', TEXT_MAX.text, 'multi'),
  status: z.optional(z.nullable(z.enum(APPOINTMENT_STATUSES, M.statusInvalid))),
  outcome: optionalText('Outcome', TEXT_MAX.text, 'multi'),
  feedback: z.optional(z.nullable(z.array(PropertyFeedback).check(z.maxLength(APPOINTMENT_LIMITS.properties, M.feedbackUnknownProperty)))),
  reminder_minutes: z.optional(
    z.nullable(IntLike.check(z.refine((n) => n >= 0 && n <= APPOINTMENT_LIMITS.reminderMinutes, format(M.reminderInvalid, { max: APPOINTMENT_LIMITS.reminderMinutes })))),
  ),
  version: z.optional(z.number()),
});

/** POST /api/v1/appointments: the fields and the checks between them (`appointmentProblems`). */
export const AppointmentRequest = AppointmentFields.check(
  z.superRefine((v, ctx) => {
    const problems = appointmentProblems(v);
    for (const [field, message] of Object.entries(problems)) ctx.issues.push({ code: 'custom', message, path: [field], input: v });
  }),
);
export type AppointmentRequest = z.infer<typeof AppointmentRequest>;

/**
 * PUT /api/v1/appointments/{id}: the same fields, each optional — a left-out one stays as stored
 * (moving only `starts_at` keeps the length) — checked between each other once merged with the
 * stored appointment.
 */
export const AppointmentUpdateRequest = z.partial(AppointmentFields);
export type AppointmentUpdateRequest = z.infer<typeof AppointmentUpdateRequest>;

/**
 * The checks between fields that need no database, by field: a lead for a site visit or
 * follow-up, one or more properties for a site visit and none otherwise, feedback only for the
 * visit's properties, an end after the start and within `durationDays`. The form runs them too.
 */
export function appointmentProblems(v: {
  kind: AppointmentKind;
  lead_id?: number | null;
  property_ids?: readonly number[] | null;
  starts_at: string;
  ends_at?: string | null;
  feedback?: ReadonlyArray<{ property_id: number }> | null;
}): Record<string, string> {
  const out: Record<string, string> = {};
  const properties = v.property_ids ?? [];
  if (v.kind !== 'meeting' && v.lead_id == null) out.lead_id = M.leadRequired;
  if (v.kind === 'site_visit' && !properties.length) out.property_ids = M.propertyRequired;
  if (v.kind !== 'site_visit' && properties.length) out.property_ids = M.propertiesOnlyForVisits;
  if ((v.feedback ?? []).some((f) => !properties.includes(f.property_id))) out.feedback = M.feedbackUnknownProperty;
  if (v.ends_at != null) {
    const length = Date.parse(v.ends_at) - Date.parse(v.starts_at);
    if (!(length > 0)) out.ends_at = M.endBeforeStart;
    else if (length > APPOINTMENT_LIMITS.durationDays * 86_400_000) out.ends_at = format(M.tooLong, { days: APPOINTMENT_LIMITS.durationDays });
  }
  return out;
}

/** The end a left-out `ends_at` gets: follow-ups 30 minutes, others an hour. */
export function defaultEnd(kind: AppointmentKind, startsAt: string): string {
  const minutes = kind === 'follow_up' ? APPOINTMENT_LIMITS.followUpMinutes : APPOINTMENT_LIMITS.defaultMinutes;
  return new Date(Date.parse(startsAt) + minutes * 60_000).toISOString();
}

const FlagLike = z.optional(z.enum(['1', '0', 'true', 'false']));

/** GET /api/v1/appointments query: the range [from, to) and optional filters; ids as text. */
export const AppointmentListQuery = z.object({
  from: isoTime(M.rangeRequired),
  to: isoTime(M.rangeRequired),
  agent_id: z.optional(IntLike),
  kind: z.optional(z.enum(APPOINTMENT_KINDS, M.kindInvalid)),
  status: z.optional(z.enum(APPOINTMENT_STATUSES, M.statusInvalid)),
  lead_id: z.optional(IntLike),
  property_id: z.optional(IntLike),
});
export type AppointmentListQuery = z.infer<typeof AppointmentListQuery>;

/** GET /api/v1/leads/{id}/appointments and /properties/{id}/appointments: `upcoming=1` keeps those not yet over and not cancelled. */
export const UpcomingQuery = z.object({ upcoming: FlagLike });

/**
 * GET /api/v1/appointments/clashes query: the planned appointment's agent, properties (comma
 * text or repeated), times, its lead (a property visited by the same lead twice is no clash) and,
 * when editing, its own id.
 */
export const ClashQuery = z.object({
  agent_id: z.optional(IntLike),
  property_ids: z.optional(z.union([z.string(), z.array(z.string())])),
  lead_id: z.optional(IntLike),
  starts_at: isoTime(M.startRequired),
  ends_at: isoTime(M.timeInvalid),
  except_id: z.optional(IntLike),
});
export type ClashQuery = z.infer<typeof ClashQuery>;

/** A small summary of a person (agent, invitee). */
export const PersonSummary = z.looseObject({ id: Id, name: OptText });
export const LeadSummary = z.looseObject({ id: Id, name: OptText });
export const PropertySummary = z.looseObject({ id: Id, title: OptText, address: OptText });

/** An appointment as answered, with what the calendar shows of its lead, properties and people. */
export const Appointment = z.looseObject({
  id: Id,
  kind: z.enum(APPOINTMENT_KINDS),
  title: OptText,
  lead_id: z.nullish(Id),
  lead: z.nullish(LeadSummary),
  property_ids: z.array(Id),
  properties: z.array(PropertySummary),
  agent_id: z.nullish(Id),
  agent: z.nullish(PersonSummary),
  invitee_ids: z.array(Id),
  invitees: z.array(PersonSummary),
  starts_at: z.string(),
  ends_at: z.string(),
  place: OptText,
  note: OptText,
  status: z.enum(APPOINTMENT_STATUSES),
  outcome: OptText,
  feedback: z.array(z.looseObject({ property_id: Id, feedback: OptText })),
  reminder_minutes: z.nullish(z.number()),
  /** Raised on every change; sent back on PUT so a stale save is refused (409). */
  version: z.number(),
  created_by: z.nullish(Id),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Appointment = z.infer<typeof Appointment>;

/** GET /api/v1/appointments answer: the range's appointments by start, and the company's time zone. */
export const AppointmentsAnswer = z.looseObject({
  data: z.array(Appointment),
  time_zone: z.string(),
});
/** GET/POST/PUT of one appointment: `data` is the appointment (a 409 answers the fresh one the same way). */
export const AppointmentAnswer = z.looseObject({ message: z.optional(z.string()), data: Appointment });
/** A lead's or a property's appointments, and the company's time zone (optional: read as `DEFAULT_TIME_ZONE` when missing). */
export const AppointmentListAnswer = z.looseObject({ data: z.array(Appointment), time_zone: z.optional(z.string()) });

/** Statuses of an appointment still to be held: not done, cancelled or a no-show. */
export const OPEN_APPOINTMENT_STATUSES = ['proposed', 'confirmed'] as const satisfies readonly AppointmentStatus[];

/** How many appointments each group of GET /appointments/due lists at most (`overdue_total` counts them all). */
export const DUE_LIMIT = 20;

/**
 * GET /api/v1/appointments/due answer: the appointments the caller runs or is invited to that are
 * still open (`OPEN_APPOINTMENT_STATUSES`) — `today` those starting from now to the end of today,
 * soonest first; `overdue` those that started before now, most recent first, within the last
 * `rangeDays` — each at most `DUE_LIMIT`, with the whole counts beside, and the company's time zone.
 */
export const DueAppointmentsAnswer = z.looseObject({
  data: z.looseObject({
    today: z.array(Appointment),
    overdue: z.array(Appointment),
    today_total: z.number(),
    overdue_total: z.number(),
  }),
  time_zone: z.string(),
});
export type DueAppointments = z.infer<typeof DueAppointmentsAnswer>;

/** One overlapping appointment: why it clashes, and only what anyone planning may see of it. */
export const Clash = z.looseObject({
  id: Id,
  kind: z.enum(APPOINTMENT_KINDS),
  status: z.enum(APPOINTMENT_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  agent: z.nullish(PersonSummary),
  /** `agent`: the same agent is busy; `property`: the property is visited by another lead then. */
  reasons: z.array(z.enum(['agent', 'property'])),
  property_ids: z.array(Id),
});
export type Clash = z.infer<typeof Clash>;
export const ClashesAnswer = z.looseObject({ data: z.array(Clash) });

/** POST /api/v1/calendar-feed answer: the feed's link, shown once (only its hash is kept). */
export const CalendarFeedAnswer = z.looseObject({ message: z.optional(z.string()), data: z.looseObject({ url: z.string(), token: z.string() }) });

/**
 * GET /api/v1/appointments/next query: the leads, as comma text (`lead_ids=1,2,3`) or repeated, at
 * most `APPOINTMENT_LIMITS.nextLeads`; a text that is no id names no lead.
 */
export const NextAppointmentsQuery = z.object({
  lead_ids: z.union([z.string(), z.array(z.string())], { error: M.leadIdsRequired }),
});
export type NextAppointmentsQuery = z.infer<typeof NextAppointmentsQuery>;

/**
 * GET /api/v1/appointments/next answer: for each named lead of the caller's company, its next
 * appointment the caller sees — not over yet, still open (`OPEN_APPOINTMENT_STATUSES`),
 * the earliest start — soonest first, one per lead. A lead without one, or of another company, is
 * simply not in `data`. `time_zone` is the company's.
 */
export const NextAppointmentsAnswer = z.looseObject({ data: z.array(Appointment), time_zone: z.string() });
export type NextAppointments = z.infer<typeof NextAppointmentsAnswer>;
