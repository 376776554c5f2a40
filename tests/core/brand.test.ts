import { describe, expect, it } from 'vitest';
import { brandOf, contrastRatio, DARK_SURFACE, parseHexColour, readableOn, readableOnWhite, TEXT_CONTRAST_MIN } from '../../src/core/brand';
import { appearanceStyle, brandAppearance, withBrand } from '../../src/embed/appearance';

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
      accent: readableOnWhite('#facc15'),
      // Yellow reads on the dark surface as it is, but white text on it would not.
      darkAccent: '#facc15',
      darkAccentText: DARK_SURFACE,
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
      '--ed-accent': readableOnWhite('#22c55e'),
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
