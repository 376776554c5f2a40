/**
 * What the activity log says of a company (docs/activity.md): the record it names and its profile
 * fields before → after. Every company event carries the company's own id, so a change the super
 * admin (who has no company) makes shows in that company's log too.
 */
import { type FieldChange, parseList } from '@contract';
import type { CompanyRow } from '../../db/schema';
import { changesBetween, type RecordRef } from '../events/record';

/** A company as the log names it: by its display name now. */
export const companyRecord = (company: Pick<CompanyRow, 'id' | 'display_name'>): RecordRef => ({
  type: 'company',
  id: company.id,
  label: company.display_name,
});

/** Columns holding a list as JSON text: the log shows the lists. */
const LIST_COLUMNS: ReadonlySet<string> = new Set(['operating_states', 'operating_cities', 'inventory_categories', 'lead_communication']);
/** Columns an edit touches that are no profile field of their own. */
const NOT_LOGGED: ReadonlySet<string> = new Set(['id', 'created_at', 'updated_at']);

/** The profile fields among `columns` that differ between the two rows, as field → [before, after]. */
export function companyChanges(before: CompanyRow, after: CompanyRow, columns: readonly string[]): Record<string, FieldChange> {
  const fields = columns.filter((column) => !NOT_LOGGED.has(column));
  const view = (row: CompanyRow): Record<string, unknown> =>
    Object.fromEntries(fields.map((field) => {
      const value = (row as unknown as Record<string, unknown>)[field];
      // An empty text and no text read the same on the profile: only a real change is logged.
      return [field, LIST_COLUMNS.has(field) ? parseList(value) : value === '' ? null : value];
    }));
  return changesBetween(view(before), view(after), fields);
}
