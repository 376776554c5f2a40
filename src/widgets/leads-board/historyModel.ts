/**
 * A lead's history in words (docs/activity.md): what each timeline entry says, a change's
 * before → after, its appointments' visits in sentences, and whether a note may still be changed
 * by the person looking at it.
 */
import {
  ACTIVITIES,
  activityFieldLabel,
  APPOINTMENT_KIND_LABELS,
  DEFAULT_TIME_ZONE,
  LEAD_PROPERTY_TYPES,
  NOTE_EDIT_WINDOW_MS,
  NOTE_KIND_LABELS,
  type AppointmentKind,
  type LeadNote,
  type TimelineEntry,
} from '../../contract';

export const historyKeys = {
  all: ['leads', 'history'] as const,
  timeline: (leadId: string | number) => ['leads', 'history', String(leadId)] as const,
};


/** An option list's name for a 1-based index. */
const optionName = (options: readonly string[], value: unknown) => (typeof value === 'number' ? (options[value - 1] ?? String(value)) : value);

/**
 * A stored value as a person reads it: "—" for none, option names for indexes.
 * @example changeValue('property_type', 2) // 'Apartment' (the second property type)
 */
export function changeValue(field: string, value: unknown): string {
  const named = field === 'property_type' ? optionName(LEAD_PROPERTY_TYPES, value) : field === 'activities' ? optionName(ACTIVITIES, value) : value;
  if (named === null || named === undefined || named === '') return '—';
  return String(named);
}

/**
 * The change lines of an entry, "Status: Open → Lost".
 * @example changeLines({ changes: { city: [null, 'Pune'] } }) // ['City: — → Pune']
 */
export function changeLines(entry: Pick<TimelineEntry, 'changes'>): string[] {
  return Object.entries(entry.changes ?? {}).map(([field, [before, after]]) => `${activityFieldLabel(field)}: ${changeValue(field, before)} → ${changeValue(field, after)}`);
}

/** What happened, after the person's name: "changed the status", "added a call", "scheduled a site visit". */
export function entryTitle(entry: Pick<TimelineEntry, 'action' | 'note' | 'data'>): string {
  if (entry.action.startsWith('appointment.')) return appointmentTitle(entry);
  switch (entry.action) {
    case 'lead.created':
      return 'added the lead';
    case 'lead.updated':
      return 'edited the lead';
    case 'lead.status_changed':
      return 'changed the status';
    case 'lead.note_added': {
      const kind = entry.note?.kind ?? (entry.data?.kind as LeadNote['kind'] | undefined);
      return kind && kind !== 'note' ? `logged ${kind === 'email' ? 'an' : 'a'} ${NOTE_KIND_LABELS[kind]}` : 'added a note';
    }
    default:
      return entry.action;
  }
}

/** Whether `userId` may still edit or delete `note` at `now` (its author, within 15 minutes). */
export function noteChangeable(note: Pick<LeadNote, 'author_id' | 'created_at'>, userId: number | string | null | undefined, now: number): boolean {
  return userId != null && String(note.author_id) === String(userId) && now - Date.parse(note.created_at) <= NOTE_EDIT_WINDOW_MS;
}

/** A follow-up date (yyyy-mm-dd) from what the server answered, for the date field. */
export const followUpDay = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');

/** Whether a follow-up is today or earlier (the board shows it as due). */
export const followUpDue = (value: string | null | undefined, now: number): boolean => Boolean(value) && Date.parse(value!) <= now;

/** What an appointment event keeps of it (server: modules/appointments/events.ts). */
interface VisitSnapshot {
  kind: AppointmentKind;
  starts_at?: string;
  status?: string;
  outcome?: string | null;
  place?: string | null;
  time_zone?: string;
  properties?: Array<{ id: number; title: string | null; feedback: string | null }>;
}

const snapshotOf = (entry: Pick<TimelineEntry, 'data'>): VisitSnapshot => {
  const data = (entry.data ?? {}) as Partial<VisitSnapshot>;
  const kind = data.kind && data.kind in APPOINTMENT_KIND_LABELS ? data.kind : 'meeting';
  return { ...data, kind, properties: Array.isArray(data.properties) ? data.properties : [] };
};

/** "site visit", "follow-up", "meeting": the kind inside a sentence. */
const kindWord = (kind: AppointmentKind): string => APPOINTMENT_KIND_LABELS[kind].toLowerCase();

function appointmentTitle(entry: Pick<TimelineEntry, 'action' | 'data'>): string {
  const visit = snapshotOf(entry);
  const kind = kindWord(visit.kind);
  switch (entry.action) {
    case 'appointment.scheduled':
      return `scheduled a ${kind}`;
    case 'appointment.moved':
      return `moved a ${kind}`;
    case 'appointment.deleted':
      return `deleted a ${kind}`;
    case 'appointment.status_changed':
      if (visit.status === 'done') return `marked a ${kind} done`;
      if (visit.status === 'cancelled') return `cancelled a ${kind}`;
      if (visit.status === 'no_show') return `marked a ${kind} as a no-show`;
      return `changed the status of a ${kind}`;
    default:
      return `edited a ${kind}`;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the agency's wall clock shows it, "28 Nov, 11:00" (the year added when it is not
 * `thisYear`'s); English month names written out, so every browser says the same. A zone this
 * browser does not know reads as the default zone.
 * @example visitTime('2026-11-28T05:30:00Z', 'Asia/Kolkata', 2026) // '28 Nov, 11:00'
 */
export function visitTime(iso: string, zone: string, thisYear: number): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  let format = zoneFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    } catch {
      return visitTime(iso, DEFAULT_TIME_ZONE, thisYear);
    }
    zoneFormats.set(zone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(ms))) parts[part.type] = part.value;
  const year = Number(parts.year);
  const day = `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1] ?? parts.month}${year === thisYear ? '' : ` ${year}`}`;
  return `${day}, ${parts.hour!.padStart(2, '0')}:${parts.minute}`;
}

/** Where a visit goes: its properties' titles, else its place. */
const whereOf = (visit: VisitSnapshot): string => {
  const titles = (visit.properties ?? []).map((p) => p.title).filter((title): title is string => Boolean(title?.trim()));
  return titles.length ? titles.join(', ') : (visit.place ?? '');
};

/**
 * An appointment event of a lead's timeline in sentences: what became of it ("Site visit
 * scheduled for 28 Nov, 11:00 at Skyline Heights", "Visit done — feedback: Skyline Heights: loved
 * the balcony"), then the outcome. Times on the company's wall clock as the event kept it. Null
 * for any other entry.
 * @example appointmentLines({ action: 'appointment.scheduled', data: { kind: 'site_visit', starts_at: '2026-11-28T05:30:00Z', time_zone: 'Asia/Kolkata', properties: [{ id: 1, title: 'Skyline Heights', feedback: null }] }, changes: null }, 2026) // ['Site visit scheduled for 28 Nov, 11:00 at Skyline Heights']
 */
export function appointmentLines(entry: Pick<TimelineEntry, 'action' | 'data' | 'changes'>, thisYear = new Date().getFullYear()): string[] | null {
  if (!entry.action.startsWith('appointment.')) return null;
  const visit = snapshotOf(entry);
  const zone = visit.time_zone || DEFAULT_TIME_ZONE;
  const when = (iso: unknown) => (typeof iso === 'string' ? visitTime(iso, zone, thisYear) : '');
  const label = APPOINTMENT_KIND_LABELS[visit.kind];
  const where = whereOf(visit);
  const at = where ? ` at ${where}` : '';
  const start = when(visit.starts_at);
  const lines: string[] = [];
  switch (entry.action) {
    case 'appointment.scheduled':
      lines.push(`${label} scheduled for ${start}${at}`);
      break;
    case 'appointment.moved': {
      const before = entry.changes?.starts_at?.[0];
      lines.push(before && before !== visit.starts_at ? `${label} moved from ${when(before)} to ${start}${at}` : `${label} of ${start}${at}: new end time`);
      break;
    }
    case 'appointment.deleted':
      lines.push(`${label} of ${start}${at} deleted`);
      break;
    case 'appointment.status_changed': {
      const name = visit.kind === 'site_visit' ? 'Visit' : label;
      if (visit.status === 'done') {
        const feedback = (visit.properties ?? [])
          .filter((p) => p.feedback?.trim())
          .map((p) => `${p.title?.trim() || `Property #${p.id}`}: ${p.feedback!.trim()}`);
        lines.push(feedback.length ? `${name} done — feedback: ${feedback.join('; ')}` : `${name} of ${start}${at} done`);
      } else if (visit.status === 'cancelled') lines.push(`${label} of ${start}${at} cancelled`);
      else if (visit.status === 'no_show') lines.push(`${label} of ${start}${at}: the lead did not come`);
      else lines.push(`${label} ${(visit.status ?? '').replace(/_/g, ' ')} for ${start}${at}`);
      break;
    }
    default:
      lines.push(`${label} of ${start}${at} edited`);
  }
  if (visit.status === 'done' && visit.outcome?.trim() && entry.action === 'appointment.status_changed') lines.push(`Outcome: ${visit.outcome.trim()}`);
  return lines;
}
