/**
 * Appearance of embedded widgets: theme CSS variables (`--ed-accent`, `--ed-text`, `--ed-radius`,
 * `--ed-font`, …), light or dark, per namespace and per mount, plus the overlay z-index. Only the
 * variables a host sets are written, so a host may also set `--ed-*` on its own elements in CSS;
 * every component falls back to the defaults of `ui/theme.ts`.
 *
 * Beneath the host's appearance lies the signed-in company's brand (`withBrand`): its primary
 * colour, made readable on white, is the accent of its people's widgets, in the full app and on
 * host pages alike, unless the host sets that variable itself.
 */
import type { CSSProperties } from 'react';
import type { Brand } from '../core/brand';
import type { ThemeOverrides } from '../ui/theme';

/** Theme variables by token name (`accent`, `text`, `radius`, `font`, …) or full `--ed-*` name. */
export type ThemeVariables = Partial<ThemeOverrides>;

/** How widgets look. Namespace appearance applies to every mount; a mount's own overrides it. */
export interface Appearance {
  /** Variables for both schemes, e.g. `{ accent: '#0f766e', radius: '4px', font: 'Georgia, serif' }`. */
  variables?: ThemeVariables;
  /** `true` for the dark scheme, `'auto'` to follow the visitor's system setting; light by default. */
  dark?: boolean | 'auto';
  /** Variables of the dark scheme, over the built-in dark palette. */
  darkVariables?: ThemeVariables;
  /** z-index of the overlay layer (modals, menus, toasts); default 1000. Raise it above a host's fixed header. */
  overlayZIndex?: number;
}

/**
 * The built-in dark palette: surfaces, text, and the status colours lightened to read on them
 * (`shadesOn(colour, DARK_SURFACE)` of `core/brand.ts`, checked in tests/core/brand.test.ts).
 */
export const DARK_VARIABLES: ThemeVariables = {
  bg: '#0f172a',
  surface: '#1e293b',
  text: '#e2e8f0',
  muted: '#94a3b8',
  border: '#334155',
  'accent-contrast': '#ffffff',
  success: '#1aa54d',
  'success-text': '#47b770',
  danger: '#e76767',
  'danger-text': '#ec8484',
  'danger-contrast': '#1e293b',
  info: '#2b98d1',
  shadow: '0 1px 2px rgba(0, 0, 0, 0.4), 0 1px 3px rgba(0, 0, 0, 0.5)',
};

/**
 * The suite's own orange on the dark surfaces, with dark text on it (white on #f97316 is 2.8:1).
 * Used only when the host sets no accent of its own: a host's accent is the host's to choose.
 */
export const DARK_ACCENT_VARIABLES: ThemeVariables = { accent: '#f97316', 'accent-contrast': '#1e293b', 'accent-text': '#fa812e', 'accent-shift': '#ffffff' };

function setsAccent(variables: ThemeVariables | undefined): boolean {
  return variables?.accent != null || (variables as Record<string, unknown> | undefined)?.['--ed-accent'] != null;
}

/**
 * Merges a mount's appearance over its namespace's (variables merge key by key).
 * @example mergeAppearance({ variables: { accent: 'teal' } }, { dark: true })
 */
export function mergeAppearance(base: Appearance = {}, over: Appearance = {}): Appearance {
  return {
    ...base,
    ...over,
    variables: { ...base.variables, ...over.variables },
    darkVariables: { ...base.darkVariables, ...over.darkVariables },
  };
}

/** Whether an appearance is dark, given the visitor's system preference. */
export const isDark = (appearance: Appearance, prefersDark: boolean): boolean =>
  appearance.dark === 'auto' ? prefersDark : appearance.dark === true;

/**
 * The inline style of a widget root or overlay layer: only the variables that were set.
 * @example appearanceStyle({ variables: { accent: '#0f766e' }, overlayZIndex: 5000 }, false)
 * // { '--ed-accent': '#0f766e', '--ed-z-overlay': '5000' }
 */
export function appearanceStyle(appearance: Appearance, prefersDark = false): CSSProperties {
  const dark = isDark(appearance, prefersDark);
  const variables: Record<string, string | number | undefined> = {
    ...appearance.variables,
    ...(dark ? { ...DARK_VARIABLES, ...(setsAccent(appearance.variables) ? {} : DARK_ACCENT_VARIABLES), ...appearance.darkVariables } : {}),
  };
  if (appearance.overlayZIndex !== undefined) variables['z-overlay'] = String(appearance.overlayZIndex);
  const style: Record<string, string> = {};
  for (const [key, value] of Object.entries(variables)) {
    if (value === undefined || value === null || value === '') continue;
    style[key.startsWith('--') ? key : `--ed-${key}`] = String(value);
  }
  if (dark) style.colorScheme = 'dark';
  return style as CSSProperties;
}

/**
 * The appearance a company's brand gives its people's widgets: the accent (already readable on
 * white, see `core/brand.ts`) and the brand colours as `--ed-brand-primary`/`--ed-brand-secondary`
 * for brand surfaces. It goes under the host's appearance (`withBrand`), never over it.
 * @example brandAppearance(brandOf(company)) // { variables: { accent: '#0369a1', … } }
 */
export function brandAppearance(brand: Brand | null): Appearance {
  if (!brand) return {};
  return {
    variables: {
      accent: brand.accent,
      'accent-text': brand.accentOnTint,
      '--ed-brand-primary': brand.primary,
      '--ed-brand-secondary': brand.secondary,
    },
    // On dark surfaces the accent is lightened instead, with dark text on it where white fails.
    darkVariables: {
      accent: brand.darkAccent,
      'accent-contrast': brand.darkAccentText,
      'accent-text': brand.darkAccentOnTint,
      'accent-shift': brand.darkAccentText === '#ffffff' ? '#000000' : '#ffffff',
    },
  };
}


/**
 * A host's appearance over the brand's: a variable the host sets (e.g. its own `accent`) wins, so
 * a host page that styles the suite keeps its look; the rest comes from the brand. A host accent
 * for both schemes also keeps the brand's dark accent away.
 * @example withBrand(brand, { variables: { accent: '#0f766e' } }).variables.accent // '#0f766e'
 */
export function withBrand(brand: Brand | null, host: Appearance = {}): Appearance {
  if (!brand) return host;
  const branded = brandAppearance(brand);
  if (setsAccent(host.variables)) {
    // The brand's text shades belong to the brand's accent, not to the host's.
    delete branded.variables!['accent-text'];
    branded.darkVariables = {};
  }
  return mergeAppearance(branded, host);
}

/** The `--ed-density` factor of compact: the kit's vertical paddings (table rows) shrink by it. */
export const COMPACT_DENSITY = '0.5';

/** The parts of the person's saved preferences (`core/preferences.ts`) that change how widgets look. */
export interface LookPreferences {
  theme: 'light' | 'dark' | 'system';
  density: 'comfortable' | 'compact';
}

/**
 * The person's saved theme and density under the host's appearance: a host that chose light or
 * dark itself (`dark` set) keeps its choice; otherwise "dark" is the dark scheme, "system"
 * follows the device and "light" stays light. Compact density is the `--ed-density` factor
 * (unless the host sets it). Null preferences (signed out, not loaded) change nothing.
 * @example withPreferences({ theme: 'dark', density: 'comfortable' }, {}).dark // true
 */
export function withPreferences(preferences: LookPreferences | null, host: Appearance = {}): Appearance {
  if (!preferences) return host;
  const dark = preferences.theme === 'dark' ? true : preferences.theme === 'system' ? 'auto' : false;
  const density: ThemeVariables = preferences.density === 'compact' ? { '--ed-density': COMPACT_DENSITY } : {};
  return { ...mergeAppearance({ variables: density }, host), dark: host.dark ?? dark };
}
