/**
 * The audit log's filters: (the super admin) the company, the person, the record type, the action
 * and the days from and to. Each change goes into the screen's address at once, so the filtered
 * log is a link to share; "Clear filters" goes back to everything.
 */
import type { ReactElement } from 'react';
import { RECORD_TYPES } from '../../contract';
import { Button, SelectField, TextField } from '../../ui';
import { actionOptions, anyFilter, RECORD_TYPE_LABELS, type AuditFilters as Filters, type FilterKey, type PersonOption } from './auditModel';
import { auditStyles } from './auditStyles';

export interface AuditFiltersProps {
  filters: Filters;
  onChange(key: FilterKey, value: string): void;
  onClear(): void;
  people: readonly PersonOption[];
  /** The companies to choose from: the super admin's filter; none for a company admin. */
  companies?: readonly PersonOption[] | null;
}

const RECORD_OPTIONS = RECORD_TYPES.map((type) => ({ value: type, label: RECORD_TYPE_LABELS[type] }));

/**
 * @example
 * <AuditFilters filters={filters} onChange={(key, value) => setFilters(withFilter(filters, key, value))} onClear={clear} people={people} />
 */
export function AuditFilters({ filters, onChange, onClear, people, companies }: AuditFiltersProps): ReactElement {
  const s = auditStyles();
  const bind = (key: FilterKey) => ({ name: key, value: filters[key] ?? '', onChange: (event: { target: { value: string } }) => onChange(key, event.target.value) });
  return (
    <div className={s.filters} role="group" aria-label="Filters">
      {companies && <SelectField label="Company" placeholder="All companies" options={companies} fieldClassName={s.wide} {...bind('company_id')} />}
      <SelectField label="Person" placeholder="Everyone" options={people} fieldClassName={s.wide} {...bind('actor_id')} />
      <SelectField label="Record type" placeholder="All records" options={RECORD_OPTIONS} fieldClassName={s.half} {...bind('record_type')} />
      <SelectField label="Action" placeholder="All actions" options={actionOptions(filters.record_type, filters.action)} fieldClassName={s.half} {...bind('action')} />
      <TextField label="From" type="date" max={filters.to} fieldClassName={s.half} {...bind('from')} />
      <TextField label="To" type="date" min={filters.from} fieldClassName={s.half} {...bind('to')} />
      {anyFilter(filters) && (
        <Button variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
