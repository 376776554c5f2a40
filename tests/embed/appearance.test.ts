import { describe, expect, it } from 'vitest';
import { appearanceStyle, DARK_VARIABLES, mergeAppearance } from '../../src/embed/appearance';

describe('appearance', () => {
  it('writes only the variables that were set, by token or full name', () => {
    expect(appearanceStyle({ variables: { accent: '#0f766e', '--ed-radius': '2px' } })).toEqual({
      '--ed-accent': '#0f766e',
      '--ed-radius': '2px',
    });
    expect(appearanceStyle({})).toEqual({});
  });

  it('puts the overlay z-index into --ed-z-overlay', () => {
    expect(appearanceStyle({ overlayZIndex: 5000 })).toEqual({ '--ed-z-overlay': '5000' });
  });

  it('applies the dark palette, then the host dark variables, keeping the accent', () => {
    const style = appearanceStyle({ variables: { accent: 'teal', text: '#111' }, dark: true, darkVariables: { surface: '#000' } }) as Record<string, string>;
    expect(style['--ed-accent']).toBe('teal');
    expect(style['--ed-text']).toBe(DARK_VARIABLES.text);
    expect(style['--ed-surface']).toBe('#000');
    expect(style.colorScheme).toBe('dark');
  });

  it("follows the system with dark: 'auto'", () => {
    expect(appearanceStyle({ dark: 'auto' }, false)).toEqual({});
    expect((appearanceStyle({ dark: 'auto' }, true) as Record<string, string>)['--ed-bg']).toBe(DARK_VARIABLES.bg);
  });

  it('merges a mount over its namespace key by key', () => {
    expect(mergeAppearance({ variables: { accent: 'a', text: 't' }, overlayZIndex: 1 }, { variables: { accent: 'b' }, dark: true })).toEqual({
      variables: { accent: 'b', text: 't' },
      darkVariables: {},
      overlayZIndex: 1,
      dark: true,
    });
  });
});
