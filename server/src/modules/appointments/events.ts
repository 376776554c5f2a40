/**
 * What the activity log says of an appointment (docs/activity.md): the record it names ("Site
 * visit with Asha Rao"), the lead whose timeline shows it, the fields compared before → after,
 * and a snapshot in `data` — kind, times, place, the properties with their feedback, the outcome
 * and the company's time zone then — so a lead's history reads "Site visit scheduled for 28 Nov,
 * 11:00 at Skyline Heights" even after the appointment, a property or the zone changed or went.
 */
import { type ActivityAction, APPOINTMENT_KIND_LABELS, type FieldChange, joinName } from '@contract';
import { type Actor, changesBetween, type EventInput } from '../events/record';
import type { AppointmentAnswerBody } from './mapper';
import type { Caller } from './service';

/** The signed-in caller as the log's actor. */
export const actorOfCaller = (caller: Caller): Actor => ({
  companyId: caller.companyId,
  userId: caller.user.id,
  name: joinName(caller.user.first_name, caller.user.last_name),
  requestId: caller.requestId ?? null,
});

/** The fields compared before → after; the stamps and the version are the row's, not a change. */
const COMPARED = ['kind', 'title', 'lead_id', 'agent_id', 'starts_at', 'ends_at', 'place', 'note', 'status', 'outcome', 'reminder_minutes', 'property_ids', 'invitee_ids', 'feedback'] as const;

type Compared = Record<(typeof COMPARED)[number], unknown>;

/** Ids as numbers and lists in a stable order, so the same appointment compares equal however it was read. */
function comparable(a: AppointmentAnswerBody): Compared {
  const id = (value: unknown) => (value == null ? null : Number(value));
  return {
    kind: a.kind,
    title: a.title ?? null,
    lead_id: id(a.lead_id),
    agent_id: id(a.agent_id),
    starts_at: a.starts_at,
    ends_at: a.ends_at,
    place: a.place ?? null,
    note: a.note ?? null,
    status: a.status,
    outcome: a.outcome ?? null,
    reminder_minutes: a.reminder_minutes ?? null,
    property_ids: a.property_ids.map(Number).sort((x, y) => x - y),
    invitee_ids: a.invitee_ids.map(Number).sort((x, y) => x - y),
    feedback: a.feedback
      .map((f) => ({ property_id: Number(f.property_id), feedback: f.feedback ?? null }))
      .sort((x, y) => x.property_id - y.property_id),
  };
}

/** "Site visit with Asha Rao", "Meeting: Weekly review", "Follow-up". */
export function appointmentLabel(a: Pick<AppointmentAnswerBody, 'kind' | 'title' | 'lead'>): string {
  const kind = APPOINTMENT_KIND_LABELS[a.kind];
  if (a.lead?.name) return `${kind} with ${a.lead.name}`;
  return a.title ? `${kind}: ${a.title}` : kind;
}

/** What the event keeps of the appointment as it is now (or was, when deleted). */
export function appointmentSnapshot(a: AppointmentAnswerBody, timeZone: string): Record<string, unknown> {
  const feedback = new Map(a.feedback.map((f) => [String(f.property_id), f.feedback ?? null]));
  return {
    appointment_id: Number(a.id),
    kind: a.kind,
    title: a.title ?? null,
    lead_id: a.lead_id == null ? null : Number(a.lead_id),
    lead_name: a.lead?.name ?? null,
    agent_name: a.agent?.name ?? null,
    starts_at: a.starts_at,
    ends_at: a.ends_at,
    place: a.place ?? null,
    status: a.status,
    outcome: a.outcome ?? null,
    properties: a.properties.map((p) => ({ id: Number(p.id), title: p.title ?? null, feedback: feedback.get(String(p.id)) ?? null })),
    time_zone: timeZone,
  };
}

const eventOf = (action: ActivityAction, a: AppointmentAnswerBody, timeZone: string, changes: Record<string, FieldChange> | null): EventInput => ({
  action,
  record: { type: 'appointment', id: Number(a.id), label: appointmentLabel(a) },
  leadId: a.lead_id == null ? null : Number(a.lead_id),
  changes,
  data: appointmentSnapshot(a, timeZone),
});

export const scheduledEvent = (a: AppointmentAnswerBody, timeZone: string): EventInput => eventOf('appointment.scheduled', a, timeZone, null);

export const deletedEvent = (a: AppointmentAnswerBody, timeZone: string): EventInput => eventOf('appointment.deleted', a, timeZone, null);

/**
 * The event of an edit, or null when nothing changed: a new status is `status_changed` (whatever
 * else changed with it: marking done often moves the end too), a new time `moved`, anything else
 * `updated`. The lead is the one after the edit.
 */
export function editedEvent(before: AppointmentAnswerBody, after: AppointmentAnswerBody, timeZone: string): EventInput | null {
  const changes = changesBetween(comparable(before), comparable(after), COMPARED);
  if (Object.keys(changes).length === 0) return null;
  const action: ActivityAction = changes.status ? 'appointment.status_changed' : changes.starts_at || changes.ends_at ? 'appointment.moved' : 'appointment.updated';
  return eventOf(action, after, timeZone, changes);
}
