import { describe, expect, it } from 'vitest';
import { THEME_DEFAULTS, shade, themeVariables, tint, v } from '../../src/ui/theme';

describe('theme', () => {
  it('has every --ed- token the suite promises, with the brand defaults', () => {
    expect(Object.keys(THEME_DEFAULTS).sort()).toEqual(
      ['accent', 'accent-contrast', 'accent-shift', 'accent-text', 'bg', 'border', 'danger', 'danger-contrast', 'danger-text', 'font', 'info', 'muted', 'radius', 'shadow', 'success', 'success-text', 'surface', 'text', 'z-overlay'].sort(),
    );
    // The suite's orange #f97316 darkened to read on the light surfaces (tests/core/brand.test.ts).
    expect(THEME_DEFAULTS.accent).toBe('#bb5611');
    expect(THEME_DEFAULTS.text).toBe('#374151');
  });

  it('v() reads a variable with its default as fallback', () => {
    expect(v('accent')).toBe('var(--ed-accent, #bb5611)');
    expect(v('z-overlay')).toBe('var(--ed-z-overlay, 1000)');
    expect(tint('accent', 10)).toBe('color-mix(in srgb, var(--ed-accent, #bb5611) 10%, transparent)');
    expect(shade('danger', 90)).toBe('color-mix(in srgb, var(--ed-danger, #dc2626) 90%, #000)');
  });

  it('themeVariables() returns every variable, overridden where asked', () => {
    const style = themeVariables({ accent: '#2563eb', '--ed-radius': '4px', 'z-overlay': 5000 }) as Record<string, unknown>;
    expect(style['--ed-accent']).toBe('#2563eb');
    expect(style['--ed-radius']).toBe('4px');
    expect(style['--ed-z-overlay']).toBe(5000);
    expect(style['--ed-text']).toBe('#374151');
    expect(Object.keys(style).every((k) => k.startsWith('--ed-'))).toBe(true);
  });
});
