/**
 * The bell of the top bar (docs/product/screens.md, "Sidebar and top bar"): its static list of
 * five items, word for word, and — for those who may read the calendar — their own appointments
 * due today and the overdue ones above them (GET /appointments/due), in words. Pure: no React.
 */
import { APPOINTMENT_KIND_LABELS, DEFAULT_TIME_ZONE, type Appointment, type DueAppointments } from '../contract';

/** The bell's static list of five items (docs/product/screens.md, "Sidebar and top bar"). */
export const NOTIFICATIONS = [
  { id: 'n1', title: 'New lead assigned: Priya Sharma', time: '2 min ago' },
  { id: 'n2', title: 'Site visit booked for Skyline Heights, Pune', time: '1 hour ago' },
  { id: 'n3', title: 'Rahul Verma moved to Won', time: '3 hours ago' },
  { id: 'n4', title: '12 leads imported from the weekend expo', time: 'Yesterday' },
  { id: 'n5', title: 'Price updated: 3 BHK, Bandra West', time: '2 days ago' },
] as const;

export const BELL_TEXT = {
  name: 'Notifications',
  today: 'Today',
  overdue: 'Overdue',
  updates: 'Updates',
  loading: 'Loading appointments…',
  failed: 'Your appointments could not be loaded.',
  retry: 'Try again',
  nothingDue: 'Nothing due today',
  /** "…and 3 more in the calendar" under a group cut at its limit. */
  more: (n: number) => `and ${n} more in the calendar`,
} as const;

/**
 * The bell's accessible name: with the count the badge shows, in words.
 * @example bellLabel(3) // 'Notifications, 3 appointments due'
 * @example bellLabel(0) // 'Notifications, nothing due'
 */
export function bellLabel(due: number): string {
  if (due <= 0) return `${BELL_TEXT.name}, nothing due`;
  return `${BELL_TEXT.name}, ${due} ${due === 1 ? 'appointment' : 'appointments'} due`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * An appointment's start on the company's wall clock: "11:00" for today's, "28 Nov, 11:00" for an
 * overdue one. English month names written out, so every browser says the same.
 * @example startText('2026-11-28T05:30:00Z', 'Asia/Kolkata', true) // '11:00'
 */
export function startText(iso: string, zone: string, timeOnly: boolean): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  let parts: Record<string, string>;
  try {
    parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' })
        .formatToParts(new Date(ms))
        .map((p) => [p.type, p.value]),
    );
  } catch {
    return zone === DEFAULT_TIME_ZONE ? iso : startText(iso, DEFAULT_TIME_ZONE, timeOnly);
  }
  const time = `${parts.hour!.padStart(2, '0')}:${parts.minute}`;
  return timeOnly ? time : `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1] ?? parts.month}, ${time}`;
}

/** One due appointment in the bell: kind, time, and the lead (or the title, or the first property). */
export interface DueItem {
  id: string;
  group: 'today' | 'overdue';
  /** "Site visit · 11:00". */
  label: string;
  /** "Asha Rao", "Weekly review". */
  description: string;
}

const whoOrWhat = (a: Appointment): string => a.lead?.name?.trim() || a.title?.trim() || a.properties[0]?.title?.trim() || APPOINTMENT_KIND_LABELS[a.kind];

/**
 * The due appointments as the bell lists them, today's first.
 * @example dueItems(answer)[0] // { id: 'due-31', group: 'today', label: 'Site visit · 11:00', description: 'Asha Rao' }
 */
export function dueItems(answer: DueAppointments): DueItem[] {
  const zone = answer.time_zone || DEFAULT_TIME_ZONE;
  const item = (group: DueItem['group']) => (a: Appointment): DueItem => ({
    id: `due-${a.id}`,
    group,
    label: `${APPOINTMENT_KIND_LABELS[a.kind]} · ${startText(a.starts_at, zone, group === 'today')}`,
    description: whoOrWhat(a),
  });
  return [...answer.data.today.map(item('today')), ...answer.data.overdue.map(item('overdue'))];
}

/** How many are due in all (the badge): the whole counts, not only those listed. */
export const dueCount = (answer: DueAppointments): number => answer.data.today_total + answer.data.overdue_total;

/** How many of a group the list leaves out (it shows at most the contract's DUE_LIMIT). */
export const notListed = (answer: DueAppointments, group: DueItem['group']): number =>
  group === 'today' ? answer.data.today_total - answer.data.today.length : answer.data.overdue_total - answer.data.overdue.length;
