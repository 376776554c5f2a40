/**
 * Times on a zone's wall clock in the person's date format: an appointment shown outside the
 * calendar (a lead's row, a property's visits) reads as the calendar shows it — the company's time
 * zone, whatever the visitor's machine says, and the 24-hour clock — with the date written as the
 * person chose (preferences). Kept apart from `preferences.ts` so a screen that never shows such a
 * time does not download it.
 */
import type { DateFormat } from '../contract/account';
import { writeDate } from './preferences';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl's parts of an instant in `zone`, or null for a zone the browser does not know. */
function partsIn(date: Date, zone: string): Record<string, number> | null {
  let formatter = formatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    } catch {
      return null;
    }
    formatters.set(zone, formatter);
  }
  const out: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/**
 * "05/12/2026, 10:30": an instant's date (in `format`) and time on `zone`'s wall clock; `fallback`
 * when it is no date. A zone the browser does not know is read as UTC, and says so.
 *
 * @example formatDateTimeIn('2026-12-05T05:00:00Z', 'dd/mm/yyyy', 'Asia/Kolkata') // '05/12/2026, 10:30'
 * @example formatDateTimeIn('2026-12-05T05:00:00Z', 'd mmm yyyy', 'Europe/London') // '5 Dec 2026, 05:00'
 */
export function formatDateTimeIn(value: unknown, format: DateFormat, zone: string, fallback = 'Date not available'): string {
  if (typeof value !== 'string' && typeof value !== 'number') return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  const known = partsIn(date, zone);
  const p = known ?? partsIn(date, 'UTC')!;
  const two = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  // Some engines write midnight as 24 even on the 23-hour cycle.
  const time = `${two((p.hour ?? 0) % 24)}:${two(p.minute)}`;
  return `${writeDate(p.day!, p.month!, p.year!, format)}, ${time}${known ? '' : ' UTC'}`;
}
