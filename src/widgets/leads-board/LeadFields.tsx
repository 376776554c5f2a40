/**
 * The lead form's fields in the three sections of docs/product/screens.md — Personal Information,
 * Address Information, Lead Information (the workflow labelled Status) — shared by Add New Lead and
 * Edit Lead.
 */
import type { ReactElement } from 'react';
import { ACTIVITIES, LEAD_PROPERTY_TYPES, LEAD_SOURCES, type Workflow } from '../../contract';
import { FormGrid, FormSection, SelectField, TextField, type FormApi } from '../../ui';
import type { LeadField, LeadFormValues } from './leadForms';
import { leadsStyles } from './leadsStyles';
import { idKey, statusOptions } from './leadsModel';

export interface LeadFieldsProps {
  form: FormApi<LeadFormValues>;
  workflows: readonly Workflow[];
  /** Fields marked required (the add form's; the edit form has none, docs/product/rules.md). */
  required?: readonly LeadField[];
  disabled?: boolean;
}

const LABELS: Record<LeadField, string> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  postal_code: 'Postal Code',
  country: 'Country',
  lead_source: 'Lead Source',
  property_type: 'Property Type',
  workflow_id: 'Status',
  activities: 'Activities',
};

const AUTOCOMPLETE: Partial<Record<LeadField, string>> = {
  first_name: 'off',
  last_name: 'off',
  email: 'off',
  phone: 'off',
};

const TEXT_TYPES: Partial<Record<LeadField, string>> = { email: 'email', phone: 'tel' };

const indexOptions = (labels: readonly string[]) => labels.map((label, i) => ({ value: String(i + 1), label }));

/**
 * The lead fields, bound to a `useForm` form.
 *
 * @example
 * <LeadFields form={form} workflows={workflows} required={ADD_LEAD_REQUIRED} disabled={form.busy} />
 */
export function LeadFields({ form, workflows, required = [], disabled }: LeadFieldsProps): ReactElement {
  const s = leadsStyles();
  const text = (field: LeadField) => (
    <TextField
      key={field}
      label={LABELS[field]}
      type={TEXT_TYPES[field] ?? 'text'}
      autoComplete={AUTOCOMPLETE[field]}
      required={required.includes(field)}
      disabled={disabled}
      {...form.field(field)}
    />
  );
  const select = (field: LeadField, options: ReadonlyArray<string | { value: string; label: string }>, placeholder: string) => (
    <SelectField
      key={field}
      label={LABELS[field]}
      required={required.includes(field)}
      placeholder={placeholder}
      options={options}
      disabled={disabled}
      {...form.field(field)}
    />
  );
  return (
    <div className={s.sections}>
      <FormSection title="Personal Information">
        <FormGrid>{(['first_name', 'last_name', 'email', 'phone'] as const).map(text)}</FormGrid>
      </FormSection>
      <FormSection title="Address Information">
        <FormGrid>{(['address', 'city', 'state', 'postal_code', 'country'] as const).map(text)}</FormGrid>
      </FormSection>
      <FormSection title="Lead Information">
        <FormGrid>
          {select('lead_source', LEAD_SOURCES, 'Select lead source')}
          {select('workflow_id', statusOptions(workflows).map((w) => ({ value: idKey(w.id), label: w.name })), 'Select status')}
          {select('property_type', indexOptions(LEAD_PROPERTY_TYPES), 'Select property type')}
          {select('activities', indexOptions(ACTIVITIES), 'Select activity')}
        </FormGrid>
      </FormSection>
    </div>
  );
}
