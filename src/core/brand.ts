/**
 * A company's brand (docs/product/data.md, "Company": primary and secondary colour codes, logo) as
 * the suite's appearance for its people. Pure: the embedding layer turns it into theme variables
 * and the app shell shows the logo.
 *
 * The accent is both a text colour (links, outlines) and the background under button text, and it
 * tints chips, badges and avatars that carry text of their own; each use must reach WCAG AA's
 * 4.5:1 on the surface it sits on, in the light scheme and the dark one. A brand colour that does
 * not is darkened (light) or lightened (dark), keeping its hue, just until it does — computed once
 * per brand and scheme (`shadesOn`), never shown unreadable. The company form shows the result
 * and says why (`adjustment`).
 */

/** What the suite takes from a company to look like it. */
export interface Brand {
  /** The primary colour as given (`#rrggbb`), for surfaces without text on them. */
  primary: string;
  /** The secondary colour as given, else the primary. */
  secondary: string;
  /** The primary colour made readable on the light surfaces (and under white text): the suite's accent. */
  accent: string;
  /** The dark scheme's accent: the primary made readable on its dark surfaces. */
  darkAccent: string;
  /** Text on the dark accent (buttons): white where it reads, else the dark surface's colour. */
  darkAccentText: string;
  /** Accent text on accent tints (chips, avatar initials, counts), light scheme. */
  accentOnTint: string;
  /** The same on the dark scheme. */
  darkAccentOnTint: string;
  /** The logo's path or URL as the company holds it (resolve it like other images). */
  logo: string | null;
  /** The company's name, for the logo's alternative text. */
  name: string | null;
}

/** WCAG AA for normal text. */
export const TEXT_CONTRAST_MIN = 4.5;

type Rgb = readonly [number, number, number];

/**
 * `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` as red, green, blue (alpha ignored); anything else null.
 * @example parseHexColour('#f97316') // [249, 115, 22]
 */
export function parseHexColour(text: unknown): Rgb | null {
  if (typeof text !== 'string') return null;
  const hex = /^#([0-9a-f]{3,8})$/i.exec(text.trim())?.[1];
  if (!hex || hex.length === 5 || hex.length === 7) return null;
  const full = hex.length <= 4 ? hex.slice(0, 3).replace(/./g, '$&$&') : hex.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The WCAG contrast ratio of two colours (1 to 21), or null when either is not a hex colour.
 * @example contrastRatio('#ffffff', '#000000') // 21
 */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseHexColour(a);
  const y = parseHexColour(b);
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The dark scheme's surface (`DARK_VARIABLES.surface`), what a dark accent must read on. */
export const DARK_SURFACE = '#1e293b';

const ratio = (a: Rgb, b: Rgb): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * The colour itself (as `#rrggbb`) when it reads on `background` at `min`:1, else the nearest
 * shade of the same hue that does: darker on a light background, lighter on a dark one. Null for
 * something that is not a hex colour.
 * @example readableOn('#1d4ed8', '#1e293b') // a lighter blue
 */
export function readableOn(colour: string, background: string, min = TEXT_CONTRAST_MIN): string | null {
  const rgb = parseHexColour(colour);
  const bg = parseHexColour(background);
  if (!rgb || !bg) return null;
  if (ratio(rgb, bg) >= min) return toHex(rgb);
  const lighten = luminance(bg) < 0.18;
  // Darkening scales every channel towards black, lightening mixes towards white: both keep the
  // hue. Search the least change that passes.
  const shade = (t: number): Rgb => rgb.map((c) => (lighten ? c + (255 - c) * t : c * (1 - t))) as unknown as Rgb;
  let low = 0;
  let high = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2;
    if (ratio(shade(mid), bg) >= min) high = mid;
    else low = mid;
  }
  // Rounding to whole channels can land a hair under the bar: step on until it holds.
  let result = shade(high).map((c) => Math.round(c)) as unknown as Rgb;
  const step = lighten ? 1 : -1;
  while (ratio(result, bg) < min) result = result.map((c) => Math.min(255, Math.max(0, c + step))) as unknown as Rgb;
  return toHex(result);
}

/**
 * The colour itself when it reads on white at `min`:1, else the lightest darker shade of the same
 * hue that does.
 * @example readableOnWhite('#facc15') // a dark gold such as '#7d660a'
 */
export const readableOnWhite = (colour: string, min = TEXT_CONTRAST_MIN): string | null => readableOn(colour, '#ffffff', min);

/** The strongest tint of a colour the kit puts under that colour's own text (chips, badges, avatars). */
export const TINT_MAX = 0.18;

/**
 * `amount` of `colour` over `background`, mixed in sRGB as CSS `color-mix(in srgb, …)` over an
 * opaque surface does; `#rrggbb`, or null for something that is not a hex colour.
 * @example mix('#f97316', '#ffffff', 0.12) // '#feefe4'
 */
export function mix(colour: string, background: string, amount: number): string | null {
  const c = parseHexColour(colour);
  const bg = parseHexColour(background);
  if (!c || !bg) return null;
  return toHex(c.map((x, i) => x * amount + bg[i]! * (1 - amount)) as unknown as Rgb);
}

/** One colour made usable on one theme's surfaces. */
export interface Shades {
  /** Text, links, outlines on the surface, and the fill under `onColour` (buttons). */
  colour: string;
  /** Text on a `colour` fill: white where it reads, else the surface's colour. */
  onColour: string;
  /** Text on a tint of `colour` (up to `TINT_MAX`) over the surface. */
  onTint: string;
}

/**
 * A colour's shades for a theme whose cards are `surface`: each the colour itself where it
 * reads, else the nearest shade of the same hue that reaches 4.5:1 — darker on white, lighter on
 * the dark scheme. Computed once per brand and theme. Null for something that is not a hex colour.
 * @example shadesOn('#f97316', '#ffffff') // { colour: '#bf5810', onColour: '#ffffff', onTint: '#a84d0e' }
 */
export function shadesOn(colour: string, surface: string): Shades | null {
  const base = readableOn(colour, surface);
  if (!base) return null;
  const onColour = (contrastRatio('#ffffff', base) ?? 0) >= TEXT_CONTRAST_MIN ? '#ffffff' : surface;
  return { colour: base, onColour, onTint: readableOn(base, mix(base, surface, TINT_MAX)!)! };
}

/**
 * What a light accent must read on: the light scheme's page background (`THEME_DEFAULTS.bg`), a
 * hair darker than its white cards, so what reads there reads on both.
 */
export const LIGHT_SURFACE = '#f9fafb';

/**
 * How a chosen colour was changed to be used, for a form to explain: the colour's own contrast
 * on the scheme's surface against the 4.5:1 it needs, and the shade shown instead. Null when the
 * colour is used as chosen (or is not a colour).
 * @example adjustment('#f97316', 'light') // { shown: '#bf5810', ratio: 2.8, needed: 4.5, lighter: false }
 */
export function adjustment(colour: string, scheme: 'light' | 'dark'): { shown: string; ratio: number; needed: number; lighter: boolean } | null {
  const surface = scheme === 'light' ? LIGHT_SURFACE : DARK_SURFACE;
  const shown = readableOn(colour, surface);
  const ratioNow = contrastRatio(colour, surface);
  if (!shown || ratioNow === null || ratioNow >= TEXT_CONTRAST_MIN) return null;
  return { shown, ratio: Math.floor(ratioNow * 10) / 10, needed: TEXT_CONTRAST_MIN, lighter: scheme === 'dark' };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The brand of a company record (the session's cached company data or a fetched company), or
 * null when it has no usable primary colour. Tolerant: the cache may hold anything.
 * @example brandOf({ display_name: 'Skyline', primary_color_code: '#0ea5e9', secondary_color_code: '#0f172a' })?.accent
 */
export function brandOf(company: unknown): Brand | null {
  if (typeof company !== 'object' || company === null) return null;
  const c = company as Record<string, unknown>;
  const primary = parseHexColour(c.primary_color_code);
  if (!primary) return null;
  const secondary = parseHexColour(c.secondary_color_code);
  const primaryHex = toHex(primary);
  const light = shadesOn(primaryHex, LIGHT_SURFACE)!;
  const dark = shadesOn(primaryHex, DARK_SURFACE)!;
  return {
    primary: primaryHex,
    secondary: secondary ? toHex(secondary) : primaryHex,
    accent: light.colour,
    darkAccent: dark.colour,
    darkAccentText: dark.onColour,
    accentOnTint: light.onTint,
    darkAccentOnTint: dark.onTint,
    // The small rendition when the server made one: the logo is shown at sidebar size.
    logo: text(c.logo_small) ?? text(c.logo),
    name: text(c.display_name),
  };
}

/**
 * The brand of a session: its cached company data, when someone with a company is signed in and
 * the cache is that company's (a cache of another company answers nothing).
 * @example sessionBrand(runtime.session.getState())
 */
export function sessionBrand(session: { token: string | null; companyId: string | number | null; companyData: unknown }): Brand | null {
  if (!session.token || session.companyId === null) return null;
  const cachedId = (session.companyData as { id?: unknown } | null)?.id;
  if (cachedId != null && String(cachedId) !== String(session.companyId)) return null;
  return brandOf(session.companyData);
}
