/**
 * Preferences that follow the person to every device: theme, density, the leads board's default
 * tab and page size, date format. Until saved they are DEFAULT_PREFERENCES; a save merges what it
 * sends over what is stored. The default tab must be a workflow status of the person's company
 * (the super admin has none, so only All Contacts); a status deleted since reads as All Contacts.
 */
import {
  DATE_FORMATS,
  DEFAULT_PREFERENCES,
  DENSITIES,
  LEAD_PAGE_SIZES,
  PREFERENCE_MESSAGES,
  type Preferences,
  type PreferencesUpdateRequest,
  THEMES,
} from '@contract';
import { invalid } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../types';
import { companyHasWorkflow, findPreferences, savePreferences } from './preferences.repository';
import type { UserPreferencesRow } from './tables';

type Me = AuthContext['user'];

const oneOf = <T extends readonly (string | number)[]>(values: T, value: unknown, fallback: T[number]): T[number] =>
  (values as readonly unknown[]).includes(value) ? (value as T[number]) : fallback;

/** A stored row as the API answers it; a value the current rules no longer allow falls back to its default. */
function fromRow(row: UserPreferencesRow | undefined): Preferences {
  if (!row) return { ...DEFAULT_PREFERENCES };
  return {
    theme: oneOf(THEMES, row.theme, DEFAULT_PREFERENCES.theme),
    density: oneOf(DENSITIES, row.density, DEFAULT_PREFERENCES.density),
    leads_default_tab: row.leads_default_tab == null ? null : Number(row.leads_default_tab),
    leads_page_size: oneOf(LEAD_PAGE_SIZES, Number(row.leads_page_size), DEFAULT_PREFERENCES.leads_page_size as 10),
    date_format: oneOf(DATE_FORMATS, row.date_format, DEFAULT_PREFERENCES.date_format),
  };
}

async function tabExists(deps: Deps, me: Me, tab: number | null): Promise<boolean> {
  if (tab === null) return true;
  return me.company_id != null && (await companyHasWorkflow(deps.db, me.company_id, tab));
}

/** The person's preferences (defaults where unset). */
export async function readPreferences(deps: Deps, me: Me): Promise<Preferences> {
  const preferences = fromRow(await findPreferences(deps.db, me.id));
  if (!(await tabExists(deps, me, preferences.leads_default_tab))) preferences.leads_default_tab = null;
  return preferences;
}

/** Saves `input` over the stored preferences; 422 when the default tab is not the company's. */
export async function updatePreferences(deps: Deps, me: Me, input: PreferencesUpdateRequest): Promise<Preferences> {
  if (input.leads_default_tab !== undefined && !(await tabExists(deps, me, input.leads_default_tab))) {
    throw invalid({ leads_default_tab: [PREFERENCE_MESSAGES.defaultTab] }, PREFERENCE_MESSAGES.defaultTab);
  }
  const merged: Preferences = { ...(await readPreferences(deps, me)) };
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  await savePreferences(deps.db, { user_id: me.id, ...merged, updated_at: deps.clock().toISOString() });
  return merged;
}
