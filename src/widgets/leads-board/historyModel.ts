/**
 * A lead's history in words (docs/activity.md): what each timeline entry says, a change's
 * before → after, and whether a note may still be changed by the person looking at it.
 */
import { ACTIVITIES, activityFieldLabel, LEAD_PROPERTY_TYPES, NOTE_EDIT_WINDOW_MS, NOTE_KIND_LABELS, type LeadNote, type TimelineEntry } from '../../contract';

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

/** What happened, after the person's name: "changed the status", "added a call". */
export function entryTitle(entry: Pick<TimelineEntry, 'action' | 'note' | 'data'>): string {
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
