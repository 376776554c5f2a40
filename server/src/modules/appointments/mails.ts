/**
 * The mails of appointments: to the invitees (and the agent, when someone else made the change)
 * when one is created, moved or cancelled, each with the appointment's .ics attached; and the
 * reminder to the agent. Times are written in the company's time zone.
 */
import { escapeHtml } from '../mail/templates';
import type { MailAttachment, OutgoingMail } from '../mail/repository';
import { calendarText, summaryOf } from './ics';
import type { AppointmentAnswerBody } from './mapper';

export type AppointmentNews = 'created' | 'moved' | 'cancelled' | 'reminder';

const SUBJECT: Record<AppointmentNews, string> = {
  created: 'New appointment',
  moved: 'Appointment moved',
  cancelled: 'Appointment cancelled',
  reminder: 'Reminder',
};

/** `Tue, 1 Dec 2026, 4:00 pm` in `timeZone`. */
export function whenText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** The .ics of an appointment as a mail attachment. */
export const icsAttachment = (appointment: AppointmentAnswerBody, domain: string): MailAttachment => ({
  filename: `appointment-${appointment.id}.ics`,
  content_type: 'text/calendar; charset=utf-8; method=PUBLISH',
  content: calendarText([appointment], domain),
});

export interface MailContext {
  publicUrl: string;
  domain: string;
  timeZone: string;
  /** Who made the change (null: the reminder sweep). */
  by: string | null;
}

/** One mail about `appointment` to one person. */
export function appointmentMail(news: AppointmentNews, appointment: AppointmentAnswerBody, to: { email: string; first_name: string | null }, context: MailContext): OutgoingMail {
  const summary = summaryOf(appointment);
  const when = `${whenText(appointment.starts_at, context.timeZone)} – ${whenText(appointment.ends_at, context.timeZone)} (${context.timeZone})`;
  const opening: Record<AppointmentNews, string> = {
    created: `${context.by ?? 'A colleague'} added you to an appointment.`,
    moved: `${context.by ?? 'A colleague'} moved an appointment of yours.`,
    cancelled: `${context.by ?? 'A colleague'} cancelled an appointment of yours.`,
    reminder: 'An appointment of yours starts soon.',
  };
  const lines = [
    `Hello ${to.first_name ?? ''},`.replace(' ,', ','),
    opening[news],
    '',
    summary,
    `When: ${when}`,
    ...(appointment.place ? [`Where: ${appointment.place}`] : []),
    ...(appointment.lead?.name ? [`Lead: ${appointment.lead.name}`] : []),
    ...appointment.properties.map((p) => `Property: ${[p.title, p.address].filter(Boolean).join(', ')}`),
    ...(appointment.note ? ['', appointment.note] : []),
    '',
    news === 'cancelled' ? 'The attached calendar file takes it off your calendar.' : 'The attached calendar file adds it to your calendar.',
    `Calendar: ${context.publicUrl}/#/calendar`,
  ];
  const text = `${lines.join('\n')}\n`;
  const html = lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).filter(Boolean).join('\n');
  return {
    kind: `appointment-${news}`,
    to: to.email,
    subject: `${SUBJECT[news]}: ${summary}, ${whenText(appointment.starts_at, context.timeZone)}`,
    text,
    html,
    attachments: [icsAttachment(appointment, context.domain)],
  };
}
