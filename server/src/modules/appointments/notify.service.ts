/**
 * Who hears of an appointment's change, after it is committed (mails go through the outbox):
 * its invitees and its agent, except whoever made the change. A new appointment is announced, a
 * new time or a cancellation is told; someone newly invited or newly made its agent gets the
 * announcement. Every mail carries the appointment's .ics.
 */
import type { Deps } from '../../types';
import { type AppointmentNews, appointmentMail, type MailContext } from './mails';
import type { AppointmentAnswerBody } from './mapper';
import { companyPeople, companyTimeZone } from './references.repository';

/** The caller as the mails name them. */
export interface Actor {
  companyId: number;
  user: { id: number; first_name: string; last_name: string | null };
}

const peopleOf = (a: Pick<AppointmentAnswerBody, 'agent_id' | 'invitee_ids'>): number[] =>
  [...(a.agent_id == null ? [] : [Number(a.agent_id)]), ...a.invitee_ids.map(Number)];

/** Which news each person gets for the change from `before` (null: created) to `after`. */
export function newsOf(before: AppointmentAnswerBody | null, after: AppointmentAnswerBody, actorId: number): Map<number, AppointmentNews> {
  const out = new Map<number, AppointmentNews>();
  const now = peopleOf(after).filter((id) => id !== actorId);
  if (!before) {
    for (const id of now) out.set(id, 'created');
    return out;
  }
  const had = new Set(peopleOf(before));
  const cancelled = after.status === 'cancelled' && before.status !== 'cancelled';
  const moved = after.starts_at !== before.starts_at || after.ends_at !== before.ends_at;
  for (const id of now) {
    if (!had.has(id)) {
      if (after.status !== 'cancelled') out.set(id, 'created');
    } else if (cancelled) out.set(id, 'cancelled');
    else if (moved && after.status !== 'cancelled') out.set(id, 'moved');
  }
  return out;
}

/** Mails the change to those it concerns; nothing when nobody is told. */
export async function notifyChange(deps: Deps, actor: Actor, before: AppointmentAnswerBody | null, after: AppointmentAnswerBody): Promise<void> {
  const news = newsOf(before, after, actor.user.id);
  if (!news.size) return;
  const [people, timeZone] = await Promise.all([companyPeople(deps.db, actor.companyId, [...news.keys()]), companyTimeZone(deps.db, actor.companyId)]);
  const context: MailContext = {
    publicUrl: deps.config.publicUrl,
    domain: domainOf(deps.config.publicUrl),
    timeZone,
    by: [actor.user.first_name, actor.user.last_name].filter(Boolean).join(' ') || null,
  };
  for (const person of people) {
    const what = news.get(person.id);
    if (what && person.status !== 'disabled') await deps.mailer.send(appointmentMail(what, after, person, context));
  }
}

/** The host of the public URL: the right-hand side of every appointment's UID. */
export function domainOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'estatedesk.local';
  } catch {
    return 'estatedesk.local';
  }
}
