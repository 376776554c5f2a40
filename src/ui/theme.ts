/**
 * The theme: CSS custom properties, all prefixed `--ed-`. Components read them through `v()`,
 * which always carries the default as a fallback, so a widget looks right even when nobody set
 * any variable, and a host can restyle it by setting only the ones it cares about.
 *
 * @example
 * <div className="ed-root" style={themeVariables({ accent: '#2563eb' })}>...</div>
 */
import type { CSSProperties } from 'react';

/** Default values of every theme variable (orange accent, dark grey text). */
export const THEME_DEFAULTS = {
  accent: '#f97316',
  'accent-contrast': '#ffffff',
  text: '#374151',
  muted: '#6b7280',
  bg: '#f9fafb',
  surface: '#ffffff',
  border: '#e5e7eb',
  danger: '#dc2626',
  success: '#16a34a',
  info: '#0284c7',
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
 * css`color: ${v('accent')};` // color: var(--ed-accent, #f97316);
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
