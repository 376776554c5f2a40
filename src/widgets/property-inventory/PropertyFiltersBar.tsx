/**
 * The grid's search box and filters (type, status, price range, bedrooms), sent to the server as
 * query params. Typing is handed over after a pause, so each keystroke is not a request.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { PROPERTY_STATUSES, PROPERTY_TYPES } from '../../contract';
import { NumberField, SelectField, TextField } from '../../ui';
import type { PropertyFilters } from './propertiesModel';
import { propertyStyles } from './propertyStyles';

const PAUSE_MS = 400;

export interface PropertyFiltersBarProps {
  onChange(filters: PropertyFilters): void;
  initial: PropertyFilters;
}

export function PropertyFiltersBar({ onChange, initial }: PropertyFiltersBarProps): ReactElement {
  const [filters, setFilters] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => onChange(filters), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [filters, onChange]);
  const set = (key: keyof PropertyFilters) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: event.target.value }));
  const s = propertyStyles();
  return (
    <div className={s.filters} role="search">
      <TextField label="Search properties" hideLabel type="search" placeholder="Search properties" autoComplete="off" value={filters.search} onChange={set('search')} />
      <SelectField label="Type" hideLabel placeholder="All types" options={PROPERTY_TYPES} value={filters.type} onChange={set('type')} />
      <SelectField
        label="Status"
        hideLabel
        placeholder="Any status"
        options={PROPERTY_STATUSES.map((value) => ({ value, label: value === 'available' ? 'Available' : 'Unavailable' }))}
        value={filters.status}
        onChange={set('status')}
      />
      <NumberField label="Min price" hideLabel placeholder="Min price" min={0} value={filters.min_price} onChange={set('min_price')} />
      <NumberField label="Max price" hideLabel placeholder="Max price" min={0} value={filters.max_price} onChange={set('max_price')} />
      <NumberField label="Bedrooms" hideLabel placeholder="Bedrooms" min={0} maxDigits={2} value={filters.bedrooms} onChange={set('bedrooms')} />
    </div>
  );
}
