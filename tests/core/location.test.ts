import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createHashLocation,
  createMemoryLocation,
  createScopedHashLocation,
  splitPath,
} from '../../src/core/location';

afterEach(() => {
  history.replaceState(null, '', '/');
});

describe('memory location', () => {
  it('navigates and notifies without touching the page URL', () => {
    const loc = createMemoryLocation('/start');
    const seen = vi.fn();
    loc.subscribe(seen);
    loc.navigate('edit/4');
    expect(loc.get()).toBe('/edit/4');
    expect(seen).toHaveBeenCalledTimes(1);
    expect(location.hash).toBe('');
  });
});

describe('hash location', () => {
  it('reads and writes the whole fragment', () => {
    const loc = createHashLocation();
    expect(loc.get()).toBe('/');
    const seen = vi.fn();
    const off = loc.subscribe(seen);
    loc.navigate('/leads-management');
    expect(location.hash).toBe('#/leads-management');
    expect(loc.get()).toBe('/leads-management');
    expect(seen).toHaveBeenCalled();
    off();
  });

  it('follows fragment changes made by the browser (back, typed URL)', () => {
    const loc = createHashLocation();
    const seen = vi.fn();
    loc.subscribe(seen);
    history.replaceState(null, '', '#/properties/list');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(loc.get()).toBe('/properties/list');
    expect(seen).toHaveBeenCalled();
  });

  it('keeps the search part for screens that need it', () => {
    history.replaceState(null, '', '#/reset-password?token=abc');
    expect(splitPath(createHashLocation().get())).toMatchObject({ path: '/reset-password' });
    expect(splitPath(createHashLocation().get()).search.get('token')).toBe('abc');
  });

  it('stops listening to the window when its last listener leaves', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const loc = createHashLocation();
    const offA = loc.subscribe(() => {});
    const offB = loc.subscribe(() => {});
    offA();
    expect(remove).not.toHaveBeenCalledWith('hashchange', expect.any(Function));
    offB();
    expect(remove).toHaveBeenCalledWith('hashchange', expect.any(Function));
    expect(remove).toHaveBeenCalledWith('popstate', expect.any(Function));
    remove.mockRestore();
  });

  it('does not patch history', () => {
    const push = history.pushState;
    createHashLocation().navigate('/x');
    expect(history.pushState).toBe(push);
  });
});

describe('scoped hash location', () => {
  it('owns only fragments under its prefix and never rewrites the host fragment by itself', () => {
    history.replaceState(null, '', '#/host/inbox');
    const loc = createScopedHashLocation('/ed/leads');
    const seen = vi.fn();
    loc.subscribe(seen);
    expect(loc.get()).toBe('/');
    // The host's own router moves around: the widget ignores it and writes nothing.
    history.replaceState(null, '', '#/host/settings');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(location.hash).toBe('#/host/settings');
    expect(seen).not.toHaveBeenCalled();
  });

  it('writes only its own prefix when the widget navigates, and reads it back', () => {
    const loc = createScopedHashLocation('/ed/leads');
    loc.navigate('/edit/4');
    expect(location.hash).toBe('#/ed/leads/edit/4');
    expect(loc.get()).toBe('/edit/4');
    history.replaceState(null, '', '#/host/elsewhere');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(loc.get()).toBe('/edit/4');
    history.replaceState(null, '', '#/ed/leads');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(loc.get()).toBe('/');
  });

  it('does not claim a fragment that merely starts with the same letters', () => {
    history.replaceState(null, '', '#/ed/leadsX');
    expect(createScopedHashLocation('/ed/leads', window, '/kept').get()).toBe('/kept');
  });
});
