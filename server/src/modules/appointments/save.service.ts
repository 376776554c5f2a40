/**
 * Saving appointments: the checks that need the database (the company's lead, properties and
 * active people; a time too far ahead), the defaults (agent, end, place, status), the lost-update
 * guard (`version`, as for leads), the links and the activity event (events.ts) written in the
 * change's transaction, and the mails after it (notify.service.ts). Another company's appointment, or one an agent does not see, is
 * 404 and stays unchanged.
 */
import {
  APPOINTMENT_LIMITS,
  type AppointmentKind,
  type AppointmentRequest,
  type AppointmentUpdateRequest,
  appointmentProblems,
  defaultEnd,
  format,
  MESSAGES,
} from '@contract';
import { invalid, notFound } from '../../lib/http-error';
import { isRowId } from '../../lib/ids';
import type { Deps } from '../../types';
import { withEvents } from '../events/record';
import { actorOfCaller, deletedEvent, editedEvent, scheduledEvent } from './events';
import { type AppointmentAnswerBody, addressOf } from './mapper';
import { notifyChange } from './notify.service';
import { companyLeads, companyPeople, companyProperties, companyTimeZone } from './references.repository';
import { type AppointmentChanges, deleteAppointment, insertAppointment, replaceLinks, updateAppointment } from './repository';
import { type Caller, companyAppointment, getAppointment } from './service';

const M = MESSAGES.appointments;

/** The fields of an appointment once defaults and the stored values are applied. */
interface Resolved {
  kind: AppointmentKind;
  title: string | null;
  lead_id: number | null;
  property_ids: number[];
  agent_id: number;
  invitee_ids: number[];
  starts_at: string;
  ends_at: string;
  place: string | null;
  note: string | null;
  status: AppointmentAnswerBody['status'];
  outcome: string | null;
  feedback: Map<number, string | null>;
  reminder_minutes: number | null;
}

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

/**
 * The database's checks, every one at once (422 naming each field): the company's lead, its
 * properties and active people, and times within `yearsAhead`. Fills a site visit's place.
 */
async function checkReferences(deps: Pick<Deps, 'db' | 'clock'>, companyId: number, v: Resolved): Promise<void> {
  const errors: Record<string, string[]> = {};
  const problems = appointmentProblems({ ...v, feedback: [...v.feedback.keys()].map((property_id) => ({ property_id })) });
  for (const [field, message] of Object.entries(problems)) errors[field] = [message];
  const limit = new Date(deps.clock().getTime());
  limit.setUTCFullYear(limit.getUTCFullYear() + APPOINTMENT_LIMITS.yearsAhead);
  const tooFar = format(M.tooFarAhead, { years: APPOINTMENT_LIMITS.yearsAhead });
  if (Date.parse(v.starts_at) > limit.getTime()) errors.starts_at = [tooFar];
  if (Date.parse(v.ends_at) > limit.getTime() && !errors.ends_at) errors.ends_at = [tooFar];

  const validIds = (ids: readonly number[]) => ids.filter(isRowId);
  const [leads, properties, people] = await Promise.all([
    v.lead_id == null ? [] : companyLeads(deps.db, companyId, validIds([v.lead_id])),
    companyProperties(deps.db, companyId, validIds(v.property_ids)),
    companyPeople(deps.db, companyId, validIds([v.agent_id, ...v.invitee_ids])),
  ]);
  if (v.lead_id != null && !leads.length) errors.lead_id = [M.leadUnknown];
  const knownProperties = new Map(properties.map((p) => [p.id, p]));
  const strangerProperty = v.property_ids.find((id) => !knownProperties.has(id));
  if (strangerProperty !== undefined && !errors.property_ids) errors.property_ids = [format(M.propertyUnknown, { id: strangerProperty })];
  const active = new Set(people.filter((p) => p.status !== 'disabled').map((p) => p.id));
  if (!active.has(v.agent_id)) errors.agent_id = [format(M.userUnknown, { id: v.agent_id })];
  const strangerPerson = v.invitee_ids.find((id) => !active.has(id));
  if (strangerPerson !== undefined) errors.invitee_ids = [format(M.userUnknown, { id: strangerPerson })];
  if (Object.keys(errors).length) throw invalid(errors);

  if (v.kind === 'site_visit' && v.place == null) {
    const first = knownProperties.get(v.property_ids[0]!);
    v.place = first ? addressOf(first) : null;
  }
}

const reminderAt = (startsAt: string, minutes: number | null): string | null =>
  minutes == null ? null : new Date(Date.parse(startsAt) - minutes * 60_000).toISOString();

/** The row's columns an add and an edit both write from the resolved fields. */
const columnsOf = (v: Resolved) => ({
  kind: v.kind,
  title: v.title,
  lead_id: v.lead_id,
  agent_id: v.agent_id,
  starts_at: v.starts_at,
  ends_at: v.ends_at,
  place: v.place,
  note: v.note,
  status: v.status,
  outcome: v.outcome,
  reminder_minutes: v.reminder_minutes,
  reminder_at: reminderAt(v.starts_at, v.reminder_minutes),
});

const linksOfResolved = (v: Resolved) => ({
  properties: v.property_ids.map((property_id) => ({ property_id, feedback: v.feedback.get(property_id) ?? null })),
  inviteeIds: v.invitee_ids,
});

/** Add an appointment: checked, defaulted, written with its links, mailed to whoever it concerns. */
export async function createAppointment(deps: Deps, caller: Caller, input: AppointmentRequest): Promise<AppointmentAnswerBody> {
  const agentId = input.agent_id ?? caller.user.id;
  const v: Resolved = {
    kind: input.kind,
    title: input.title ?? null,
    lead_id: input.lead_id ?? null,
    property_ids: unique(input.property_ids ?? []),
    agent_id: agentId,
    invitee_ids: unique(input.invitee_ids ?? []).filter((id) => id !== agentId),
    starts_at: input.starts_at,
    ends_at: input.ends_at ?? defaultEnd(input.kind, input.starts_at),
    place: input.place ?? null,
    note: input.note ?? null,
    status: input.status ?? 'proposed',
    outcome: input.outcome ?? null,
    feedback: new Map((input.feedback ?? []).map((f) => [f.property_id, f.feedback])),
    reminder_minutes: input.reminder_minutes ?? null,
  };
  await checkReferences(deps, caller.companyId, v);
  const nowIso = deps.clock().toISOString();
  const id = await withEvents(deps, actorOfCaller(caller), async (tx, log) => {
    const newId = await insertAppointment(tx.db, {
      row: {
        company_id: caller.companyId,
        ...columnsOf(v),
        reminder_sent_at: null,
        created_by: caller.user.id,
        created_at: nowIso,
        updated_at: nowIso,
      },
      ...linksOfResolved(v),
    });
    await log(scheduledEvent(await companyAppointment(tx, caller.companyId, newId), await companyTimeZone(tx.db, caller.companyId)));
    return newId;
  });
  // Answered even when the caller made it for a colleague without inviting themselves.
  const saved = await companyAppointment(deps, caller.companyId, id);
  await notifyChange(deps, caller, null, saved);
  return saved;
}

/**
 * Edit an appointment: the fields sent (a left-out one stays; a new start without an end keeps
 * the length) merged with the stored ones, checked as a whole. With `input.version` a save over
 * someone else's newer change is refused: `saved` is false and `appointment` the newer one (409).
 */
export async function editAppointment(
  deps: Deps,
  caller: Caller,
  id: number,
  input: AppointmentUpdateRequest,
  sent: ReadonlySet<string>,
): Promise<{ saved: boolean; appointment: AppointmentAnswerBody }> {
  const before = await getAppointment(deps, caller, id);
  const has = (field: keyof AppointmentUpdateRequest) => sent.has(field);
  const kind = has('kind') && input.kind ? input.kind : before.kind;
  const startsAt = has('starts_at') && input.starts_at ? input.starts_at : before.starts_at;
  const length = Date.parse(before.ends_at) - Date.parse(before.starts_at);
  const endsAt = has('ends_at') && input.ends_at ? input.ends_at : has('starts_at') ? new Date(Date.parse(startsAt) + length).toISOString() : before.ends_at;
  const agentId = has('agent_id') && input.agent_id != null ? input.agent_id : (before.agent_id == null ? caller.user.id : Number(before.agent_id));
  const propertyIds = has('property_ids') ? unique(input.property_ids ?? []) : before.property_ids.map(Number);
  const feedback = has('feedback')
    ? new Map((input.feedback ?? []).map((f) => [f.property_id, f.feedback]))
    : new Map(before.feedback.map((f) => [Number(f.property_id), f.feedback ?? null]));
  const v: Resolved = {
    kind,
    title: has('title') ? (input.title ?? null) : (before.title ?? null),
    lead_id: has('lead_id') ? (input.lead_id ?? null) : before.lead_id == null ? null : Number(before.lead_id),
    property_ids: propertyIds,
    agent_id: agentId,
    invitee_ids: (has('invitee_ids') ? unique(input.invitee_ids ?? []) : before.invitee_ids.map(Number)).filter((p) => p !== agentId),
    starts_at: startsAt,
    ends_at: endsAt,
    place: has('place') ? (input.place ?? null) : (before.place ?? null),
    note: has('note') ? (input.note ?? null) : (before.note ?? null),
    status: has('status') && input.status ? input.status : before.status,
    outcome: has('outcome') ? (input.outcome ?? null) : (before.outcome ?? null),
    // Feedback of a property no longer visited goes with it.
    feedback: new Map([...feedback].filter(([propertyId]) => propertyIds.includes(propertyId) || !has('property_ids'))),
    reminder_minutes: has('reminder_minutes') ? (input.reminder_minutes ?? null) : (before.reminder_minutes ?? null),
  };
  await checkReferences(deps, caller.companyId, v);
  const moved = v.starts_at !== before.starts_at || v.ends_at !== before.ends_at;
  const changes: AppointmentChanges = {
    ...columnsOf(v),
    updated_at: deps.clock().toISOString(),
  };
  // A new time or reminder is a new reminder to send.
  if (moved || v.reminder_minutes !== before.reminder_minutes) changes.reminder_sent_at = null;
  const saved = await withEvents(deps, actorOfCaller(caller), async (tx, log) => {
    if (!(await updateAppointment(tx.db, caller.companyId, before.id, changes, input.version))) return false;
    const links = linksOfResolved(v);
    await replaceLinks(tx.db, before.id, links.properties, links.inviteeIds);
    const event = editedEvent(before, await companyAppointment(tx, caller.companyId, before.id), await companyTimeZone(tx.db, caller.companyId));
    if (event) await log(event);
    return true;
  });
  // An agent who handed the appointment to someone else still gets this one answer.
  const after = await companyAppointment(deps, caller.companyId, before.id);
  if (saved) await notifyChange(deps, caller, before, after);
  return { saved, appointment: after };
}

/** Deletes an appointment the caller sees; those it concerned are told it is cancelled. */
export async function removeAppointment(deps: Deps, caller: Caller, id: number): Promise<void> {
  const before = await getAppointment(deps, caller, id);
  await withEvents(deps, actorOfCaller(caller), async (tx, log) => {
    if (!(await deleteAppointment(tx.db, caller.companyId, before.id))) throw notFound();
    await log(deletedEvent(before, await companyTimeZone(tx.db, caller.companyId)));
  });
  if (before.status !== 'cancelled') {
    await notifyChange(deps, caller, before, { ...before, status: 'cancelled', version: before.version + 1, updated_at: deps.clock().toISOString() });
  }
}
