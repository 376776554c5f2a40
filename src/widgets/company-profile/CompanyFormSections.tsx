/**
 * The company form's sections (Add Company in docs/product/screens.md: Basic Information, Company
 * Media, Brand Colors, Description, Location & Hours, Business Details, Social Media), shared by
 * Add Company, the list's edit modal and My Company Profile. Which fields are marked required
 * follows the form's rules (docs/product/rules.md): all of Add Company's, or the edit modal's
 * eight.
 */
import type { ReactElement, ReactNode } from 'react';
import { FIRM_TYPES, INVENTORY_TYPES } from '../../contract';
import { adjustment, DARK_SURFACE, LIGHT_SURFACE, shadesOn } from '../../core/brand';
import { FormGrid, FormSection, SelectField, TextArea, TextField, type FormApi } from '../../ui';
import { companyStyles } from './companyStyles';
import type { CompanyFormValues } from './companyModel';

/** The fields the edit modal requires (docs/product/rules.md); Add Company requires these and more. */
const EDIT_REQUIRED: ReadonlySet<keyof CompanyFormValues> = new Set([
  'display_name', 'founding_year', 'firm_type', 'office_address', 'city', 'state', 'country', 'postal_code',
]);
const OPTIONAL_ON_CREATE: ReadonlySet<keyof CompanyFormValues> = new Set(['instagram', 'facebook', 'linkedin']);

export interface CompanyFormSectionsProps {
  form: FormApi<CompanyFormValues>;
  /** `create`: the Add Company rules of docs/product/rules.md; `update`: the edit modal's. */
  mode: 'create' | 'update';
  disabled?: boolean;
  /** The Company Media section's content (file pickers), shown second; omitted when absent. */
  media?: ReactNode;
}

const LIST_HINT = 'Separate entries with commas';

/** A colour code with a colour picker beside it, both editing the same value. */
function ColourField({ form, name, label, required, disabled }: { form: FormApi<CompanyFormValues>; name: 'primary_color_code' | 'secondary_color_code'; label: string; required: boolean; disabled?: boolean }): ReactElement {
  const s = companyStyles();
  const binding = form.field(name);
  const value = /^#[0-9a-f]{6}$/i.test(binding.value.trim()) ? binding.value.trim() : /^#[0-9a-f]{3}$/i.test(binding.value.trim()) ? binding.value.trim().replace(/[0-9a-f]/gi, '$&$&') : '#000000';
  return (
    <div className={s.colourRow}>
      <TextField label={label} required={required} placeholder="#f97316" disabled={disabled} {...binding} />
      <input
        type="color"
        className={s.swatch}
        aria-label={`${label} picker`}
        value={value.toLowerCase()}
        disabled={disabled}
        onChange={(event) => form.setValue(name, event.target.value)}
      />
    </div>
  );
}

/** The plain sentence saying why a scheme shows another shade than the one chosen. */
function adjustmentNote(colour: string, scheme: 'light' | 'dark'): string | null {
  const a = adjustment(colour, scheme);
  if (!a) return null;
  return scheme === 'light'
    ? `Shown darker for readable text on the light theme: the chosen colour has ${a.ratio.toFixed(1)}:1 contrast on its background, ${a.needed}:1 is needed.`
    : `Shown lighter for readable text on the dark theme: the chosen colour has ${a.ratio.toFixed(1)}:1 contrast on its dark cards, ${a.needed}:1 is needed.`;
}

/**
 * The primary colour as the suite will use it (buttons and links, light and dark theme), with a
 * sentence for each theme where it had to be changed to stay readable (`core/brand.ts`).
 */
function ColourUse({ colour }: { colour: string }): ReactElement | null {
  const s = companyStyles();
  const lightShade = shadesOn(colour, LIGHT_SURFACE);
  const dark = shadesOn(colour, DARK_SURFACE);
  if (!lightShade || !dark) return null;
  const notes = [adjustmentNote(colour, 'light'), adjustmentNote(colour, 'dark')].filter((n): n is string => n !== null);
  return (
    <div className={s.colourUse}>
      <span className={s.colourUseLabel}>As used</span>
      <span className={s.colourSample} style={{ background: LIGHT_SURFACE, color: '#374151' }}>
        Light theme
        <span className={s.colourButton} style={{ background: lightShade.colour, color: lightShade.onColour }}>Button</span>
        <span style={{ color: lightShade.colour, textDecoration: 'underline' }}>Link</span>
      </span>
      <span className={s.colourSample} style={{ background: DARK_SURFACE, color: '#e2e8f0' }}>
        Dark theme
        <span className={s.colourButton} style={{ background: dark.colour, color: dark.onColour }}>Button</span>
        <span style={{ color: dark.colour, textDecoration: 'underline' }}>Link</span>
      </span>
      <p className={s.colourNote} aria-live="polite">
        {notes.length ? notes.join(' ') : 'Used as chosen: it reads at 4.5:1 or more in both themes.'}
      </p>
    </div>
  );
}

export function CompanyFormSections({ form, mode, disabled, media }: CompanyFormSectionsProps): ReactElement {
  const required = (name: keyof CompanyFormValues) => (mode === 'create' ? !OPTIONAL_ON_CREATE.has(name) : EDIT_REQUIRED.has(name));
  const text = (name: keyof CompanyFormValues, label: string, extra: { hint?: string; type?: string; placeholder?: string; inputMode?: 'numeric' } = {}) => (
    <TextField label={label} required={required(name)} disabled={disabled} {...extra} {...form.field(name)} />
  );
  return (
    <>
      <FormSection title="Basic Information">
        <FormGrid>
          {text('display_name', 'Display name')}
          {text('tagline', 'Tagline')}
          {text('founding_year', 'Founding year', { inputMode: 'numeric', placeholder: 'e.g. 2012' })}
        </FormGrid>
      </FormSection>
      {media && <FormSection title="Company Media">{media}</FormSection>}
      <FormSection title="Brand Colors">
        <FormGrid>
          <ColourField form={form} name="primary_color_code" label="Primary colour" required={required('primary_color_code')} disabled={disabled} />
          <ColourField form={form} name="secondary_color_code" label="Secondary colour" required={required('secondary_color_code')} disabled={disabled} />
        </FormGrid>
        <ColourUse colour={form.values.primary_color_code.trim()} />
      </FormSection>
      <FormSection title="Description">
        <FormGrid columns={1}>
          {text('short_description', 'Short description')}
          <TextArea label="Description" rows={4} required={required('long_description')} disabled={disabled} {...form.field('long_description')} />
        </FormGrid>
      </FormSection>
      <FormSection title="Location & Hours">
        <FormGrid>
          {text('office_address', 'Office address')}
          {text('city', 'City')}
          {text('state', 'State')}
          {text('postal_code', 'Postal code')}
          {text('country', 'Country')}
          {text('hours_of_operation', 'Hours of operation', { placeholder: 'Mon-Fri: 9AM-5PM' })}
          {text('operating_states', 'Operating states', { hint: LIST_HINT })}
          {text('operating_cities', 'Operating cities', { hint: LIST_HINT })}
        </FormGrid>
      </FormSection>
      <FormSection title="Business Details">
        <FormGrid>
          <SelectField label="Firm type" placeholder="Select firm type" options={FIRM_TYPES} required={required('firm_type')} disabled={disabled} {...form.field('firm_type')} />
          <SelectField label="Inventory type" placeholder="Select inventory type" options={INVENTORY_TYPES} required={required('inventory_type')} disabled={disabled} {...form.field('inventory_type')} />
          {text('inventory_categories', 'Inventory categories', { hint: LIST_HINT })}
          {text('lead_communication', 'Lead communication', { hint: `${LIST_HINT}, e.g. Email, Phone, WhatsApp` })}
        </FormGrid>
      </FormSection>
      <FormSection title="Social Media">
        <FormGrid>
          {text('website', 'Website', { type: 'url', placeholder: 'https://' })}
          {text('instagram', 'Instagram', { type: 'url', placeholder: 'https://' })}
          {text('facebook', 'Facebook', { type: 'url', placeholder: 'https://' })}
          {text('linkedin', 'LinkedIn', { type: 'url', placeholder: 'https://' })}
        </FormGrid>
      </FormSection>
    </>
  );
}
