/**
 * iCalendar text (RFC 5545) for appointments, written here because it is small: TEXT values
 * escaped (backslash, semicolon, comma, line breaks), content lines folded at 75 octets without
 * splitting a UTF-8 character, CRLF line ends, times in UTC. One VEVENT per appointment: its UID
 * stays the same for the appointment's life, SEQUENCE is its version − 1 (it rises with every
 * change, so a calendar that has it replaces the old copy), a cancelled one says STATUS:CANCELLED.
 */
import { APPOINTMENT_KIND_LABELS, type AppointmentKind } from '@contract';
import type { AppointmentAnswerBody } from './mapper';

const CRLF = '\r\n';

/** A TEXT value with `\`, `;`, `,` and line breaks escaped. */
export const escapeText = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');

/** A content line folded into lines of at most 75 octets, each continuation starting with a space. */
export function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Back off to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // the leading space of a continuation line counts
  }
  return parts.join(`${CRLF} `);
}

/** `2026-12-01T10:30:00.000Z` → `20261201T103000Z`. */
export const utcStamp = (iso: string): string => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

const STATUS: Record<string, string> = {
  proposed: 'TENTATIVE',
  confirmed: 'CONFIRMED',
  done: 'CONFIRMED',
  no_show: 'CONFIRMED',
  cancelled: 'CANCELLED',
};

/** What a calendar shows as the event's title. */
export function summaryOf(a: Pick<AppointmentAnswerBody, 'title' | 'kind' | 'lead'>): string {
  if (a.title) return a.title;
  const kind = APPOINTMENT_KIND_LABELS[a.kind as AppointmentKind] ?? a.kind;
  return a.lead?.name ? `${kind}: ${a.lead.name}` : kind;
}

/** The event's description: the note, the lead, the properties, the outcome. */
function descriptionOf(a: AppointmentAnswerBody): string {
  const lines: string[] = [];
  if (a.lead?.name) lines.push(`Lead: ${a.lead.name}`);
  for (const p of a.properties) lines.push(`Property: ${[p.title, p.address].filter(Boolean).join(', ') || `#${p.id}`}`);
  if (a.agent?.name) lines.push(`Agent: ${a.agent.name}`);
  if (a.note) lines.push('', a.note);
  if (a.outcome) lines.push('', `Outcome: ${a.outcome}`);
  return lines.join('\n');
}

/** The content lines of one VEVENT. `domain` makes the UID unique beyond this server. */
export function eventLines(a: AppointmentAnswerBody, domain: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:appointment-${a.id}@${domain}`,
    `SEQUENCE:${Math.max(0, a.version - 1)}`,
    `DTSTAMP:${utcStamp(a.updated_at)}`,
    `CREATED:${utcStamp(a.created_at)}`,
    `LAST-MODIFIED:${utcStamp(a.updated_at)}`,
    `DTSTART:${utcStamp(a.starts_at)}`,
    `DTEND:${utcStamp(a.ends_at)}`,
    `SUMMARY:${escapeText(summaryOf(a))}`,
    `STATUS:${STATUS[a.status] ?? 'CONFIRMED'}`,
  ];
  if (a.place) lines.push(`LOCATION:${escapeText(a.place)}`);
  const description = descriptionOf(a);
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  lines.push('END:VEVENT');
  return lines;
}

/** A whole calendar file of `events` (METHOD:PUBLISH: a copy to keep, not a meeting request). */
export function calendarText(events: readonly AppointmentAnswerBody[], domain: string, name?: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//EstateDesk//Appointments//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (name) lines.push(`X-WR-CALNAME:${escapeText(name)}`);
  for (const event of events) lines.push(...eventLines(event, domain));
  lines.push('END:VCALENDAR');
  return lines.map(fold).join(CRLF) + CRLF;
}

export const ICS_TYPE = 'text/calendar; charset=utf-8';
