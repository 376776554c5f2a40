import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../src/contract';
import { currentPreferences, formatDateAs, loadPreferences, preferencesStore, rememberPreferences } from '../../../src/core/preferences';
import { appearanceStyle, COMPACT_DENSITY, withBrand, withPreferences } from '../../../src/embed/appearance';
import { brandOf } from '../../../src/core/brand';
import { FakeAccountServer } from './fakeAccountServer';
import { signedInRuntime } from './renderAccount';

const fake = new FakeAccountServer();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => fake.reset());

describe('core preferences', () => {
  it('fetches once per session however many ask, and keeps them for that session only', async () => {
    fake.preferences = { ...fake.preferences, theme: 'dark' };
    const runtime = signedInRuntime(fake.base);
    expect(currentPreferences(runtime)).toEqual(DEFAULT_PREFERENCES);
    await Promise.all([loadPreferences(runtime), loadPreferences(runtime), loadPreferences(runtime)]);
    await loadPreferences(runtime);
    expect(fake.seen('GET', '/users/preferences')).toHaveLength(1);
    expect(currentPreferences(runtime).theme).toBe('dark');
    runtime.session.getState().signOut();
    expect(preferencesStore(runtime).getState().preferences).toBeNull();
    expect(currentPreferences(runtime)).toEqual(DEFAULT_PREFERENCES);
  });

  it('keeps the defaults when loading fails', async () => {
    fake.answer('GET', '/users/preferences', 500, { message: 'down' });
    const runtime = signedInRuntime(fake.base);
    await loadPreferences(runtime);
    expect(currentPreferences(runtime)).toEqual(DEFAULT_PREFERENCES);
  });

  it('remembers saved preferences for the current session', () => {
    const runtime = signedInRuntime(fake.base);
    rememberPreferences(runtime, { ...DEFAULT_PREFERENCES, leads_page_size: 50 });
    expect(currentPreferences(runtime).leads_page_size).toBe(50);
  });

  it('formats dates in each format', () => {
    const day = new Date(2026, 10, 5, 12);
    expect(formatDateAs(day, 'dd/mm/yyyy')).toBe('05/11/2026');
    expect(formatDateAs(day, 'mm/dd/yyyy')).toBe('11/05/2026');
    expect(formatDateAs(day, 'yyyy-mm-dd')).toBe('2026-11-05');
    expect(formatDateAs(day, 'd mmm yyyy')).toBe('5 Nov 2026');
    expect(formatDateAs('not a date', 'dd/mm/yyyy')).toBe('Date not available');
  });
});

describe('withPreferences (appearance)', () => {
  it('turns the theme into the scheme unless the host chose one, and compact into --ed-density', () => {
    expect(withPreferences({ theme: 'dark', density: 'comfortable' }, {}).dark).toBe(true);
    expect(withPreferences({ theme: 'system', density: 'comfortable' }, {}).dark).toBe('auto');
    expect(withPreferences({ theme: 'light', density: 'comfortable' }, {}).dark).toBe(false);
    expect(withPreferences({ theme: 'dark', density: 'comfortable' }, { dark: false }).dark).toBe(false);
    expect(withPreferences({ theme: 'light', density: 'compact' }, {}).variables).toEqual({ '--ed-density': COMPACT_DENSITY });
    expect(withPreferences({ theme: 'light', density: 'compact' }, { variables: { accent: '#0f766e' } }).variables).toEqual({ '--ed-density': COMPACT_DENSITY, accent: '#0f766e' });
    expect(withPreferences(null, { dark: 'auto' })).toEqual({ dark: 'auto' });
  });

  it("composes with the brand and the host: dark surfaces from the preference, the accent from the brand, the host's scheme first", () => {
    const brand = brandOf({ primary_color_code: '#0ea5e9' });
    const style = appearanceStyle(withPreferences({ theme: 'dark', density: 'comfortable' }, withBrand(brand, {}))) as Record<string, string>;
    expect(style['--ed-bg']).toBe('#0f172a');
    expect(style.colorScheme).toBe('dark');
    expect(style['--ed-accent']).toBe(brand!.darkAccent);
    const hostLight = appearanceStyle(withPreferences({ theme: 'dark', density: 'comfortable' }, withBrand(brand, { dark: false }))) as Record<string, string>;
    expect(hostLight['--ed-bg']).toBeUndefined();
  });
});
