/**
 * /preferences (its content is the product's own: docs/product/screens.md): theme, density, the
 * leads board's first tab and page size, and the date format. Stored on the server, so they follow
 * the person to every device; saved ones reach every widget of the namespace at once
 * (core/preferences.ts), under a host page's own appearance.
 */
import type { ReactElement } from 'react';
import { DATE_FORMATS, DENSITIES, LEAD_PAGE_SIZES, PERMISSIONS, PREFERENCE_MESSAGES, PreferencesUpdateRequest, THEMES, type Preferences } from '../../contract';
import { formatDateAs, rememberPreferences } from '../../core/preferences';
import { useCan, useMutation, useQuery, useRuntime, useToast } from '../../runtime';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/ErrorState';
import { Form, FormGrid, FormSubmit, schemaValidator, SelectField, useForm } from '../../ui';
import { LoadingState } from '../../ui/LoadingState';
import { accountKeys, useAccountApi } from './accountApi';
import { accountStyles } from './accountStyles';

export const PREFERENCES_TEXT = {
  title: 'Preferences',
  intro: 'How EstateDesk looks and opens for you, on every device you sign in on.',
  loading: 'Loading preferences...',
  failed: 'Your preferences could not be loaded.',
  saveFailed: 'Failed to save preferences',
  appearance: 'Appearance',
  leads: 'Leads',
  dates: 'Dates',
  theme: 'Theme',
  density: 'Density',
  defaultTab: 'First tab of the leads board',
  pageSize: 'Leads per page',
  dateFormat: 'Date format',
  allContacts: 'All Contacts',
  save: 'Save Preferences',
} as const;

export const THEME_LABELS: Record<(typeof THEMES)[number], string> = { light: 'Light', dark: 'Dark', system: 'Follow the system' };
export const DENSITY_LABELS: Record<(typeof DENSITIES)[number], string> = { comfortable: 'Comfortable', compact: 'Compact' };

// A fixed day shows what each format looks like: 5 November of this year.
const SAMPLE_DATE = new Date(new Date().getFullYear(), 10, 5);

interface PreferenceValues {
  theme: string;
  density: string;
  leads_default_tab: string;
  leads_page_size: string;
  date_format: string;
}

const toValues = (p: Preferences): PreferenceValues => ({
  theme: p.theme,
  density: p.density,
  leads_default_tab: p.leads_default_tab === null ? '' : String(p.leads_default_tab),
  leads_page_size: String(p.leads_page_size),
  date_format: p.date_format,
});

function Choices({ legend, name, value, options, onChange }: { legend: string; name: string; value: string; options: Record<string, string>; onChange(value: string): void }): ReactElement {
  const s = accountStyles();
  return (
    <fieldset className={s.choices}>
      <legend className={s.legend}>{legend}</legend>
      {Object.entries(options).map(([option, label]) => (
        <label key={option} className={s.choice}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

function PreferencesForm({ preferences }: { preferences: Preferences }): ReactElement {
  const s = accountStyles();
  const api = useAccountApi();
  const runtime = useRuntime();
  const toast = useToast();
  // The leads preferences matter only to who may read leads (and the statuses need lead-read).
  const readsLeads = useCan(PERMISSIONS.leadRead).allowed;
  const workflows = useQuery(readsLeads ? accountKeys.workflows : null, (signal) => api.workflows(signal));
  const save = useMutation({ mutate: (payload: PreferencesUpdateRequest) => api.savePreferences(payload), invalidates: [accountKeys.preferences] });
  const form = useForm<PreferenceValues, PreferencesUpdateRequest>({
    initial: () => toValues(preferences),
    validate: schemaValidator(PreferencesUpdateRequest),
    async onSubmit(payload) {
      const saved = await save.mutateAsync(payload);
      // Every widget of the namespace takes the new look and defaults now.
      rememberPreferences(runtime, saved);
      toast.success(PREFERENCE_MESSAGES.saved);
    },
    onError(error) {
      console.error(error);
      toast.error(PREFERENCES_TEXT.saveFailed);
    },
  });
  const tabs = (workflows.data ?? []).filter((w) => w.name.trim().toLowerCase() !== 'all contacts');
  const chosenTab = form.values.leads_default_tab;
  const tabOptions = [
    { value: '', label: PREFERENCES_TEXT.allContacts },
    ...tabs.map((w) => ({ value: String(w.id), label: w.name })),
    // A saved tab still shows before the statuses arrive (or if they fail).
    ...(chosenTab && !tabs.some((w) => String(w.id) === chosenTab) ? [{ value: chosenTab, label: `Status #${chosenTab}` }] : []),
  ];
  return (
    <Form form={form} aria-label={PREFERENCES_TEXT.title}>
      <div className={s.stack} style={{ paddingTop: 0 }}>
        <Card title={PREFERENCES_TEXT.appearance} headingAs="h3">
          <div className={s.stack} style={{ paddingTop: 0 }}>
            <Choices legend={PREFERENCES_TEXT.theme} name="theme" value={form.values.theme} options={THEME_LABELS} onChange={(v) => form.setValue('theme', v)} />
            <Choices legend={PREFERENCES_TEXT.density} name="density" value={form.values.density} options={DENSITY_LABELS} onChange={(v) => form.setValue('density', v)} />
          </div>
        </Card>
        {readsLeads && (
          <Card title={PREFERENCES_TEXT.leads} headingAs="h3">
            <FormGrid columns={2}>
              <SelectField label={PREFERENCES_TEXT.defaultTab} options={tabOptions} {...form.field('leads_default_tab')} />
              <SelectField label={PREFERENCES_TEXT.pageSize} options={LEAD_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))} {...form.field('leads_page_size')} />
            </FormGrid>
          </Card>
        )}
        <Card title={PREFERENCES_TEXT.dates} headingAs="h3">
          <FormGrid columns={2}>
            <SelectField
              label={PREFERENCES_TEXT.dateFormat}
              options={DATE_FORMATS.map((f) => ({ value: f, label: `${f} (${formatDateAs(SAMPLE_DATE, f)})` }))}
              {...form.field('date_format')}
            />
          </FormGrid>
        </Card>
      </div>
      <div className={s.actions}>
        <FormSubmit busyLabel="Saving...">{PREFERENCES_TEXT.save}</FormSubmit>
      </div>
    </Form>
  );
}

export function PreferencesScreen(): ReactElement {
  const s = accountStyles();
  const api = useAccountApi();
  const query = useQuery(accountKeys.preferences, (signal) => api.preferences(signal));
  return (
    <div className={s.page} data-screen="preferences">
      <header>
        <h2 className={s.heading}>{PREFERENCES_TEXT.title}</h2>
        <p className={s.hint} style={{ margin: '4px 0 0' }}>
          {PREFERENCES_TEXT.intro}
        </p>
      </header>
      {query.status === 'error' ? (
        <ErrorState message={PREFERENCES_TEXT.failed} onRetry={query.refetch} />
      ) : !query.data ? (
        <LoadingState label={PREFERENCES_TEXT.loading} />
      ) : (
        <PreferencesForm preferences={query.data} />
      )}
    </div>
  );
}
