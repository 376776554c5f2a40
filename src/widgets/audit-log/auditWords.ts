/**
 * The audit log's events in words, without React: what was done ("changed the status of"), by
 * whom, to which record, when, and every changed field's before → after ("Status: Open → Lost").
 */
import { ACTIVITIES, activityFieldLabel, activityVerbName, LEAD_PROPERTY_TYPES, NOTE_KIND_LABELS, type ActivityEvent, type NoteKind } from '../../contract';
import { formatDateAs } from '../../core/preferences';

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A record type in a sentence: "lead", "property". */
const RECORD_NOUNS: Readonly<Record<string, string>> = {
  lead: 'lead',
  property: 'property',
  user: 'person',
  role: 'role',
  company: 'company',
  import: 'import',
  session: 'sign-in',
  appointment: 'appointment',
};

/** "lead", "person"; an unknown type as it is. */
export const recordNoun = (type: string): string => RECORD_NOUNS[type] ?? type.replace(/_/g, ' ');

/**
 * An action as the filter names it: "Lead: status changed"; a prefix: "Any lead action".
 * @example actionName('lead.status_changed') // 'Lead: status changed'
 */
export function actionName(action: string): string {
  const [type = '', verb = ''] = action.split('.');
  if (!verb) return `Any ${recordNoun(type)} action`;
  return `${capital(recordNoun(type))}: ${activityVerbName(verb)}`;
}

/** What an event did, before the record's name: "changed the status of", "added a note to". */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  created: 'added',
  updated: 'edited',
  status_changed: 'changed the status of',
  deleted: 'deleted',
  note_added: 'added a note to',
  note_edited: 'edited a note on',
  note_deleted: 'deleted a note on',
  photos_changed: 'changed the photos of',
  invited: 'invited',
  accepted: 'accepted the invitation of',
  disabled: 'disabled',
  signed_in: 'signed in as',
  sign_in_failed: 'failed to sign in as',
  scheduled: 'scheduled',
  moved: 'moved',
};

/** A note's kind in a sentence ("logged a call on"); others from their label. */
const NOTE_KIND_WORDS: Partial<Record<NoteKind, string>> = { email: 'an e-mail', whatsapp: 'a WhatsApp message' };

/**
 * An event's action in words, after the person's name.
 * @example actionWords({ action: 'lead.status_changed', data: null, changes: null }) // 'changed the status of'
 * @example actionWords({ action: 'lead.note_added', data: { kind: 'call' }, changes: null }) // 'logged a call on'
 */
export function actionWords(event: Pick<ActivityEvent, 'action' | 'data' | 'changes'>): string {
  const [type = '', verb = ''] = event.action.split('.');
  if (event.action === 'import.completed') return 'imported leads from';
  if (event.action === 'lead.note_added') {
    const kind = event.data?.kind as NoteKind | undefined;
    if (kind && kind !== 'note' && NOTE_KIND_LABELS[kind]) return `logged ${NOTE_KIND_WORDS[kind] ?? `a ${NOTE_KIND_LABELS[kind].toLowerCase()}`} on`;
  }
  if (event.action === 'user.invited' && event.data?.resent) return 'sent a new invitation to';
  if (event.action === 'user.accepted') return 'accepted the invitation';
  if (type === 'user' && verb === 'updated') {
    const status = event.changes?.status;
    if (status && Object.keys(event.changes!).length === 1 && status[0] === 'disabled') return 'enabled';
  }
  return ACTION_WORDS[verb] ?? verb.replace(/_/g, ' ');
}

/** Longer texts are cut: the log says what changed, the record says the rest. */
const TEXT_MAX = 80;
const cut = (text: string, max = TEXT_MAX): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** An option list's name for a 1-based index. */
const optionName = (options: readonly string[], value: unknown): unknown => (typeof value === 'number' ? (options[value - 1] ?? value) : value);

/**
 * A stored value as a person reads it: "—" for none, a lead's option indexes by name, lists joined.
 * @example changeValue('city', null) // '—'
 * @example changeValue('property_type', 2, 'lead') // the second of the leads' property types
 */
export function changeValue(field: string, value: unknown, recordType = 'lead'): string {
  let named = value;
  if (recordType === 'lead' && field === 'property_type') named = optionName(LEAD_PROPERTY_TYPES, value);
  if (recordType === 'lead' && field === 'activities') named = optionName(ACTIVITIES, value);
  if (named === null || named === undefined || named === '') return '—';
  if (typeof named === 'boolean') return named ? 'Yes' : 'No';
  if (Array.isArray(named)) return named.length ? cut(named.map((item) => changeValue(field, item, recordType)).join(', ')) : '—';
  if (typeof named === 'object') return cut(JSON.stringify(named));
  return cut(String(named).replace(/\s+/g, ' ').trim() || '—');
}

/** One changed field: before → after, or for a list what came and went. */
export type ChangeLine =
  | { kind: 'value'; field: string; label: string; before: string; after: string }
  | { kind: 'list'; field: string; label: string; added: string[]; removed: string[] };

/**
 * The changed fields of an event, in the order the server wrote them. A list on both sides (a
 * role's permissions) says what was added and removed; the same items in another order, "reordered".
 * @example changeLines({ record_type: 'lead', changes: { city: [null, 'Pune'] } }) // [{ kind: 'value', label: 'City', before: '—', after: 'Pune', … }]
 */
export function changeLines(event: Pick<ActivityEvent, 'changes' | 'record_type'>): ChangeLine[] {
  return Object.entries(event.changes ?? {}).map(([field, pair]): ChangeLine => {
    const [before, after] = Array.isArray(pair) ? pair : [null, pair];
    const label = activityFieldLabel(field);
    if (Array.isArray(before) && Array.isArray(after)) {
      const text = (item: unknown) => changeValue(field, item, event.record_type);
      const had = new Set(before.map(text));
      const has = new Set(after.map(text));
      return { kind: 'list', field, label, added: [...has].filter((item) => !had.has(item)), removed: [...had].filter((item) => !has.has(item)) };
    }
    return { kind: 'value', field, label, before: changeValue(field, before, event.record_type), after: changeValue(field, after, event.record_type) };
  });
}

/**
 * A change line as text: "Status: Open → Lost", "Permissions: added lead-edit; removed lead-delete".
 * @example changeText({ kind: 'value', field: 'city', label: 'City', before: '—', after: 'Pune' }) // 'City: — → Pune'
 */
export function changeText(line: ChangeLine): string {
  if (line.kind === 'value') return `${line.label}: ${line.before} → ${line.after}`;
  const parts = [line.added.length ? `added ${line.added.join(', ')}` : '', line.removed.length ? `removed ${line.removed.join(', ')}` : ''].filter(Boolean);
  return `${line.label}: ${parts.length ? parts.join('; ') : 'reordered'}`;
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * What else an event carries, in words: a note's text, an import's counts, a password changed.
 * @example detailLines({ action: 'import.completed', data: { imported: 12, duplicates: 2, rejected: 0 } }) // ['12 leads imported, 2 duplicates, 0 rejected']
 */
export function detailLines(event: Pick<ActivityEvent, 'action' | 'data'>): string[] {
  const data = event.data ?? {};
  const lines: string[] = [];
  if (event.action === 'lead.note_added' && typeof data.body === 'string' && data.body.trim()) lines.push(`“${cut(data.body.replace(/\s+/g, ' ').trim(), 120)}”`);
  if (event.action === 'import.completed') {
    const [imported, duplicates, rejected] = [count(data.imported), count(data.duplicates), count(data.rejected)];
    const parts = [imported === null ? '' : plural(imported, 'lead') + ' imported', duplicates === null ? '' : plural(duplicates, 'duplicate'), rejected === null ? '' : `${rejected} rejected`];
    if (parts.some(Boolean)) lines.push(parts.filter(Boolean).join(', '));
  }
  if (event.action === 'property.photos_changed') {
    const added = Array.isArray(data.added) ? data.added.length : 0;
    const removed = Array.isArray(data.removed) ? data.removed.length : 0;
    const parts = [added ? `${plural(added, 'photo')} added` : '', removed ? `${plural(removed, 'photo')} removed` : ''].filter(Boolean);
    if (parts.length) lines.push(parts.join(', '));
  }
  if (event.action === 'user.invited' && typeof data.role === 'string') lines.push(`Role: ${data.role}`);
  if (data.password === 'changed') lines.push('Password changed');
  if (event.action === 'role.created' && Array.isArray(data.permissions)) lines.push(plural(data.permissions.length, 'permission'));
  return lines;
}

/** Who did it: their name when the event was written; a failed sign-in has nobody. */
export function actorText(event: Pick<ActivityEvent, 'actor_name' | 'actor_id'>): string {
  if (event.actor_name?.trim()) return event.actor_name.trim();
  return event.actor_id == null ? 'Someone' : `Person #${event.actor_id}`;
}

/** The record as the log named it when the event was written: "Asha Rao", else "lead #42". */
export function recordText(event: Pick<ActivityEvent, 'record_label' | 'record_type' | 'record_id'>): string {
  if (event.record_label?.trim()) return event.record_label.trim();
  return event.record_id == null ? capital(recordNoun(event.record_type)) : `${recordNoun(event.record_type)} #${event.record_id}`;
}

/**
 * When, in the person's date format and 24-hour time of this browser: "05/11/2026, 14:05".
 * @example whenText('2026-11-05T14:05:00', 'd mmm yyyy') // '5 Nov 2026, 14:05'
 */
export function whenText(createdAt: string, dateFormat: Parameters<typeof formatDateAs>[1]): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDateAs(date, dateFormat)}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}
