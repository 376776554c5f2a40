/**
 * The Property fields of docs/product/data.md shared by Add and Edit: nothing required, numbers
 * never below 0, year built 1900..this year with at most 4 digits (docs/product/rules.md; the
 * contract's `PropertyFields` checks the same on submit), the add-property types
 * (`PROPERTY_TYPES`).
 */
import type { ReactElement } from 'react';
import { PROPERTY_STATUSES, PROPERTY_TYPES, YEAR_BUILT_MIN } from '../../contract';
import { FormGrid, NumberField, SelectField, TextArea, TextField, type FormApi } from '../../ui';
import type { PropertyFormValues } from './propertiesModel';

export function PropertyFormFields({ form, disabled }: { form: FormApi<PropertyFormValues>; disabled?: boolean }): ReactElement {
  const thisYear = new Date().getFullYear();
  const number = (name: keyof PropertyFormValues & string, label: string) => (
    <NumberField label={label} min={0} disabled={disabled} {...form.field(name)} />
  );
  return (
    <FormGrid>
      <TextField label="Title" disabled={disabled} {...form.field('title')} />
      <SelectField label="Property type" placeholder="Select type" options={PROPERTY_TYPES} disabled={disabled} {...form.field('property_type')} />
      <SelectField
        label="Status"
        placeholder="Select status"
        options={PROPERTY_STATUSES.map((value) => ({ value, label: value === 'available' ? 'Available' : 'Unavailable' }))}
        disabled={disabled}
        {...form.field('status')}
      />
      {number('price', 'Price (₹)')}
      <TextField label="Location" disabled={disabled} {...form.field('location')} />
      <TextField label="Address" disabled={disabled} {...form.field('address')} />
      {number('bedrooms', 'Bedrooms')}
      {number('bathrooms', 'Bathrooms')}
      {number('square_footage', 'Square footage')}
      {number('lot_size', 'Lot size')}
      <TextField label="Area units" disabled={disabled} {...form.field('area_units')} />
      {number('square_yards', 'Square yards')}
      <NumberField label="Year built" min={YEAR_BUILT_MIN} max={thisYear} maxDigits={4} disabled={disabled} {...form.field('year_built')} />
      <TextField label="Registration number" disabled={disabled} {...form.field('registration_number')} />
      <TextField label="Certificates" disabled={disabled} {...form.field('certificates')} />
      <TextField label="Features" hint="Separate features with commas" disabled={disabled} {...form.field('features')} />
      <TextArea label="Description" rows={4} disabled={disabled} {...form.field('description')} />
    </FormGrid>
  );
}
