/**
 * The theme: CSS custom properties, all prefixed `--ed-`. Components read them through `v()`,
 * which always carries the default as a fallback, so a widget looks right even when nobody set
 * any variable, and a host can restyle it by setting only the ones it cares about.
 *
 * @example
 * <div className="ed-root" style={themeVariables({ accent: '#2563eb' })}>...</div>
 */
import type { CSSProperties } from 'react';

/**
 * Default values of every theme variable (orange accent, dark grey text). Colours meet WCAG AA on
 * the light surfaces: the suite's orange (#f97316) and the status colours are the shades
 * `core/brand.ts` computes for them (`shadesOn`, checked in tests/core/brand.test.ts); each
 * `*-text` is that colour's text on its own tint (chips, badges, avatar initials, counts).
 */
export const THEME_DEFAULTS = {
  accent: '#bb5611',
  'accent-contrast': '#ffffff',
  'accent-text': '#a14a0f',
  /** What hover and pressed fills mix towards: away from the button text (black under white text). */
  'accent-shift': '#000000',
  text: '#374151',
  muted: '#5f6775',
  bg: '#f9fafb',
  surface: '#ffffff',
  border: '#e5e7eb',
  danger: '#dc2626',
  'danger-text': '#bc2121',
  'danger-contrast': '#ffffff',
  success: '#12853d',
  'success-text': '#0f7234',
  info: '#0179b7',
  radius: '8px',
  font: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  shadow: '0 1px 2px rgba(16, 24, 40, 0.05), 0 1px 3px rgba(16, 24, 40, 0.08)',
  'z-overlay': '1000',
} as const;

/** A theme variable name without its `--ed-` prefix. */
export type ThemeToken = keyof typeof THEME_DEFAULTS;

/** Overrides accepted by `themeVariables`: bare token names or full `--ed-*` names. */
export type ThemeOverrides = Partial<Record<ThemeToken, string | number>> & Record<`--ed-${string}`, string | number>;

/**
 * `var(--ed-<token>, <default>)` for use inside `css` templates.
 *
 * @example
 * css`color: ${v('accent')};` // color: var(--ed-accent, #bb5611);
 */
export const v = (token: ThemeToken): string => `var(--ed-${token}, ${THEME_DEFAULTS[token]})`;

/**
 * A tint of a theme colour mixed with transparency, still following the variable.
 *
 * @example
 * css`background: ${tint('accent', 12)};`
 */
export const tint = (token: ThemeToken, percent: number): string =>
  `color-mix(in srgb, ${v(token)} ${percent}%, transparent)`;

/**
 * A shade of a theme colour mixed with black (hover and pressed states follow an overridden accent).
 *
 * @example
 * css`&:hover { background: ${shade('accent', 88)}; }`
 */
export const shade = (token: ThemeToken, percent: number): string =>
  `color-mix(in srgb, ${v(token)} ${percent}%, #000)`;

/**
 * A style object setting every theme variable: the defaults, replaced by `overrides`.
 * Put it on a widget root (or an overlay layer) so everything inside follows it.
 *
 * @example
 * themeVariables({ accent: '#0f766e', radius: '4px' })
 * // { '--ed-accent': '#0f766e', '--ed-radius': '4px', '--ed-text': '#374151', ... }
 */
export function themeVariables(overrides: Partial<ThemeOverrides> = {}): CSSProperties {
  const style: Record<string, string | number> = {};
  for (const [token, value] of Object.entries(THEME_DEFAULTS)) style[`--ed-${token}`] = value;
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined || value === null) continue;
    style[key.startsWith('--') ? key : `--ed-${key}`] = value;
  }
  return style as CSSProperties;
}
