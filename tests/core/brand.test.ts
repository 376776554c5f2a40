import { describe, expect, it } from 'vitest';
import { adjustment, brandOf, contrastRatio, DARK_SURFACE, LIGHT_SURFACE, mix, parseHexColour, readableOn, readableOnWhite, shadesOn, TEXT_CONTRAST_MIN, TINT_MAX } from '../../src/core/brand';
import { appearanceStyle, brandAppearance, DARK_ACCENT_VARIABLES, DARK_VARIABLES, withBrand } from '../../src/embed/appearance';
import { THEME_DEFAULTS } from '../../src/ui/theme';

describe('parseHexColour', () => {
  it.each([
    ['#f97316', [249, 115, 22]],
    ['#FFF', [255, 255, 255]],
    ['#0f08', [0, 255, 0]],
    [' #123456ff ', [18, 52, 86]],
    ['f97316', null],
    ['#12345', null],
    ['#1234567', null],
    ['red', null],
    ['javascript:alert(1)', null],
    [null, null],
    [42, null],
  ])('%j → %j', (input, expected) => {
    expect(parseHexColour(input)).toEqual(expected);
  });
});

describe('readableOnWhite', () => {
  // colour, whether it already passes AA on white
  it.each([
    ['#000000', true],
    ['#1d4ed8', true],
    ['#0f766e', true],
    ['#c2410c', true],
    ['#f97316', false], // the suite's own orange: fine as a surface, too light for text
    ['#facc15', false],
    ['#22c55e', false],
    ['#ffffff', false],
    ['#abc', false],
    ['#0ea5e9', false],
  ])('%s: kept when readable, else darkened to 4.5:1 with the same hue', (colour, passes) => {
    const adjusted = readableOnWhite(colour)!;
    expect(adjusted).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(adjusted, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    if (passes) {
      expect(adjusted).toBe(`#${[...parseHexColour(colour)!].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
      return;
    }
    expect(adjusted).not.toBe(colour);
    // Darkened no further than needed: one step lighter would fail again.
    expect(contrastRatio(adjusted, '#ffffff')!).toBeLessThan(TEXT_CONTRAST_MIN + 0.35);
    // Same hue: channel ratios of the original are kept (within rounding), white becomes a grey.
    const [r, g, b] = parseHexColour(colour)!;
    const [ar, ag, ab] = parseHexColour(adjusted)!;
    const scale = Math.max(ar, ag, ab) / Math.max(r, g, b);
    for (const [orig, now] of [[r, ar], [g, ag], [b, ab]] as const) expect(Math.abs(orig * scale - now)).toBeLessThanOrEqual(2);
  });

  it('reads nothing into what is not a colour', () => {
    expect(readableOnWhite('orange')).toBeNull();
  });

  it('knows the contrast ratios of WCAG', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', 'nope')).toBeNull();
  });
});

describe('readableOn a dark surface', () => {
  it.each(['#1d4ed8', '#000000', '#7c2d12', '#0f766e', '#facc15', '#ffffff'])('%s is lightened only as far as it must be', (colour) => {
    const adjusted = readableOn(colour, DARK_SURFACE)!;
    expect(contrastRatio(adjusted, DARK_SURFACE)).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    if (contrastRatio(colour, DARK_SURFACE)! >= TEXT_CONTRAST_MIN) expect(adjusted).toBe(colour);
    else expect(contrastRatio(adjusted, DARK_SURFACE)!).toBeLessThan(TEXT_CONTRAST_MIN + 0.35);
  });

  it('gives a dark brand white text on its lightened accent when that reads, else dark text', () => {
    const navy = brandOf({ primary_color_code: '#1e3a8a' })!;
    expect(contrastRatio(navy.darkAccent, DARK_SURFACE)).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    expect(contrastRatio(navy.darkAccent, navy.darkAccentText)).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
  });
});

describe('brandOf', () => {
  it('takes the colours and logo of a company, the accent made readable', () => {
    const brand = brandOf({ id: 1, display_name: 'Skyline Realty', primary_color_code: '#FACC15', secondary_color_code: '#0f172a', logo: 'companies/1/logo.webp' });
    expect(brand).toEqual({
      primary: '#facc15',
      secondary: '#0f172a',
      accent: readableOn('#facc15', LIGHT_SURFACE),
      // Yellow reads on the dark surface as it is, but white text on it would not.
      darkAccent: '#facc15',
      darkAccentText: DARK_SURFACE,
      accentOnTint: shadesOn('#facc15', LIGHT_SURFACE)!.onTint,
      darkAccentOnTint: shadesOn('#facc15', DARK_SURFACE)!.onTint,
      logo: 'companies/1/logo.webp',
      name: 'Skyline Realty',
    });
  });

  it('uses the primary as secondary when that is missing or invalid; no brand without a primary', () => {
    expect(brandOf({ primary_color_code: '#1d4ed8', secondary_color_code: 'blue', logo: '  ' })).toMatchObject({ secondary: '#1d4ed8', logo: null, name: null });
    expect(brandOf({ primary_color_code: 'url(javascript:alert(1))' })).toBeNull();
    expect(brandOf({})).toBeNull();
    expect(brandOf('{"primary_color_code":"#000"}')).toBeNull();
    expect(brandOf(null)).toBeNull();
  });
});

describe('the brand in the appearance', () => {
  const brand = brandOf({ primary_color_code: '#22c55e', secondary_color_code: '#14532d' });

  it('sets the accent and brand colours as theme variables', () => {
    expect(appearanceStyle(withBrand(brand))).toMatchObject({
      '--ed-accent': readableOn('#22c55e', LIGHT_SURFACE),
      '--ed-brand-primary': '#22c55e',
      '--ed-brand-secondary': '#14532d',
    });
  });

  it('uses the dark accent in the dark scheme', () => {
    expect(appearanceStyle(withBrand(brand, { dark: true }))).toMatchObject({ '--ed-accent': brand!.darkAccent, '--ed-accent-contrast': brand!.darkAccentText });
  });

  it('stays under the host: a host accent wins, the host keeps its other settings', () => {
    const merged = withBrand(brand, { variables: { accent: '#7c3aed' }, dark: true, overlayZIndex: 5000 });
    const style = appearanceStyle(merged);
    expect(style).toMatchObject({ '--ed-accent': '#7c3aed', '--ed-z-overlay': '5000', colorScheme: 'dark' });
  });

  it('changes nothing without a brand', () => {
    const host = { variables: { radius: '2px' } };
    expect(withBrand(null, host)).toBe(host);
    expect(brandAppearance(null)).toEqual({});
  });
});

describe('shadesOn: brand colours in both themes', () => {
  // The demo companies' colours (server/src/db/demo-companies.ts), the suite's own orange, a very
  // light and a very dark one; each in the light scheme (page #f9fafb, cards white) and the dark one.
  const COLOURS = ['#f97316', '#334155', '#0ea5e9', '#1e293b', '#fff7d6', '#0b0b1a', '#16a34a', '#dc2626'];
  const SCHEMES = [
    ['light', LIGHT_SURFACE, ['#ffffff', '#f9fafb']],
    ['dark', DARK_SURFACE, [DARK_SURFACE, '#0f172a']],
  ] as const;

  describe.each(SCHEMES)('%s scheme', (_scheme, surface, backgrounds) => {
    it.each(COLOURS)('%s: text, button and tint shades reach WCAG AA', (colour) => {
      const shades = shadesOn(colour, surface)!;
      // Text and links on the scheme's surfaces: 4.5:1 (so also 3:1 for controls and graphics).
      for (const bg of backgrounds) expect(contrastRatio(shades.colour, bg)!).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
      // The text on a filled button.
      expect(contrastRatio(shades.onColour, shades.colour)!).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
      // Text on the strongest tint of the colour the kit uses, over either surface.
      for (const bg of backgrounds) expect(contrastRatio(shades.onTint, mix(shades.colour, bg, TINT_MAX)!)!).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
      // A colour that reads already is kept as it is.
      if (contrastRatio(colour, surface)! >= TEXT_CONTRAST_MIN) expect(shades.colour).toBe(colour);
    });
  });

  it('keeps the hue: a very light yellow becomes a dark yellow-brown, a near-black navy a light navy', () => {
    const light = parseHexColour(shadesOn('#fff7d6', LIGHT_SURFACE)!.colour)!;
    expect(light[0]).toBeGreaterThan(light[2]); // still warm
    const dark = parseHexColour(shadesOn('#0b0b1a', DARK_SURFACE)!.colour)!;
    expect(dark[2]).toBeGreaterThan(dark[0]); // still blue
  });

  it('says how a colour was changed, and not when it was not', () => {
    expect(adjustment('#f97316', 'light')).toEqual({ shown: shadesOn('#f97316', LIGHT_SURFACE)!.colour, ratio: 2.6, needed: 4.5, lighter: false });
    expect(adjustment('#0b0b1a', 'dark')).toMatchObject({ lighter: true, needed: 4.5 });
    expect(adjustment('#1d4ed8', 'light')).toBeNull();
    expect(adjustment('#f97316', 'dark')).toBeNull();
    expect(adjustment('orange', 'light')).toBeNull();
  });

  it('gives the theme defaults: the suite orange and the status colours as the kit ships them', () => {
    expect(shadesOn('#f97316', LIGHT_SURFACE)).toEqual({ colour: THEME_DEFAULTS.accent, onColour: THEME_DEFAULTS['accent-contrast'], onTint: THEME_DEFAULTS['accent-text'] });
    expect(shadesOn('#16a34a', LIGHT_SURFACE)).toMatchObject({ colour: THEME_DEFAULTS.success, onTint: THEME_DEFAULTS['success-text'] });
    expect(shadesOn('#dc2626', LIGHT_SURFACE)).toMatchObject({ colour: THEME_DEFAULTS.danger, onTint: THEME_DEFAULTS['danger-text'] });
    expect(shadesOn('#0284c7', LIGHT_SURFACE)!.colour).toBe(THEME_DEFAULTS.info);
    expect(shadesOn('#f97316', DARK_SURFACE)).toEqual({ colour: DARK_ACCENT_VARIABLES.accent, onColour: DARK_ACCENT_VARIABLES['accent-contrast'], onTint: DARK_ACCENT_VARIABLES['accent-text'] });
    expect(shadesOn('#16a34a', DARK_SURFACE)).toMatchObject({ colour: DARK_VARIABLES.success, onTint: DARK_VARIABLES['success-text'] });
    expect(shadesOn('#dc2626', DARK_SURFACE)).toEqual({ colour: DARK_VARIABLES.danger, onColour: DARK_VARIABLES['danger-contrast'], onTint: DARK_VARIABLES['danger-text'] });
    expect(shadesOn('#dc2626', LIGHT_SURFACE)!.onColour).toBe(THEME_DEFAULTS['danger-contrast']);
    expect(shadesOn('#0284c7', DARK_SURFACE)!.colour).toBe(DARK_VARIABLES.info);
    expect(contrastRatio(THEME_DEFAULTS.muted, mix(THEME_DEFAULTS.accent, '#ffffff', 0.12)!)!).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
  });
});
