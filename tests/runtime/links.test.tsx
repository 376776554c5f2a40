/**
 * `Link` gives the URL the mount's location really shows, wherever the widget lives (src/runtime/
 * router.tsx): the full app's `#/path`, a host's prefixed fragment, and for memory routing no
 * host-page path (or the full app's screen when the config names `appUrl`). A plain click navigates
 * in place; a modified click (ctrl, meta, shift, middle button) is left to the browser, which opens
 * that URL in a new tab or window, and never also navigates in place.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createHashLocation, createMemoryLocation, createMemoryStorage, createRuntime, createScopedHashLocation, type LocationSource } from '../../src/core';
import { Link, LocationProvider, RuntimeProvider } from '../../src/runtime';
import { PROPERTY_SCREENS } from '../../src/widgets/property-inventory/widget';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

const TO = PROPERTY_SCREENS.details.href({ id: 42 });

function renderLink(source: LocationSource, appUrl?: string) {
  const link = (
    <LocationProvider source={source}>
      <Link to={TO}>Open 42</Link>
    </LocationProvider>
  );
  const runtime = appUrl === undefined ? null : createRuntime({ appUrl, storage: createMemoryStorage() });
  render(runtime ? <RuntimeProvider runtime={runtime}>{link}</RuntimeProvider> : link);
  return screen.getByRole('link', { name: 'Open 42' }) as HTMLAnchorElement;
}

interface Case {
  name: string;
  make: () => LocationSource;
  appUrl?: string;
  /** The anchor's href attribute, or null for none. */
  href: string | null;
  /** The location's path before any click. */
  start: string;
}

const cases: Case[] = [
  {
    name: 'the full app (hash routing)',
    make: () => {
      window.location.hash = '#/properties/list';
      return createHashLocation();
    },
    href: '#/property/42',
    start: '/properties/list',
  },
  {
    name: "a host's hash prefix",
    make: () => {
      window.location.hash = '#/crm/contacts';
      return createScopedHashLocation('/ed/inventory', window, '/properties/list');
    },
    href: '#/ed/inventory/property/42',
    start: '/properties/list',
  },
  { name: 'memory routing', make: () => createMemoryLocation('/properties/list'), href: null, start: '/properties/list' },
  {
    name: 'memory routing with the full app named (appUrl)',
    make: () => createMemoryLocation('/properties/list'),
    appUrl: 'https://crm.example.com/admin/',
    href: 'https://crm.example.com/admin/#/property/42',
    start: '/properties/list',
  },
];

describe('Link under each location source', () => {
  it.each(cases)('$name: the href is the URL that really shows the screen', ({ make, appUrl, href }) => {
    const a = renderLink(make(), appUrl);
    expect(a.getAttribute('href')).toBe(href);
    // Never the host page's own path.
    expect(a.getAttribute('href')).not.toBe(TO);
  });

  it.each(cases)('$name: a plain click navigates in place', ({ make, appUrl }) => {
    const source = make();
    const a = renderLink(source, appUrl);
    const notPrevented = fireEvent.click(a, { button: 0 });
    expect(notPrevented).toBe(false);
    expect(source.get()).toBe(TO);
  });

  const modifiers: Array<[string, Record<string, unknown>]> = [
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['middle button', { button: 1 }],
  ];
  for (const c of cases) {
    it.each(modifiers)(`${c.name}: a %s click leaves the page where it is`, (_name, init) => {
      const source = c.make();
      const hashBefore = window.location.hash;
      const a = renderLink(source, c.appUrl);
      // A browser opens a modified click's URL in a new tab or window and leaves this page alone;
      // happy-dom would follow it here, so the page's last listener records what the link left to
      // the browser and stands in for it.
      let leftToBrowser: boolean | null = null;
      const browser = (event: Event) => {
        leftToBrowser = !event.defaultPrevented;
        event.preventDefault();
      };
      window.addEventListener('click', browser);
      try {
        fireEvent.click(a, { button: 0, ...init });
      } finally {
        window.removeEventListener('click', browser);
      }
      expect(source.get()).toBe(c.start);
      expect(window.location.hash).toBe(hashBefore);
      // With a URL the browser opens it; without one there is nothing to open.
      expect(leftToBrowser).toBe(c.href !== null);
    });
  }

  it('memory routing without a URL still reads and works as a link from the keyboard', () => {
    const source = createMemoryLocation('/properties/list');
    const a = renderLink(source);
    expect(a.tabIndex).toBe(0);
    fireEvent.keyDown(a, { key: 'Enter' });
    expect(source.get()).toBe(TO);
  });

  it('programmatic navigation writes the same URL the link shows', () => {
    window.location.hash = '#/crm/contacts';
    const scoped = createScopedHashLocation('/ed/inventory', window, '/properties/list');
    const a = renderLink(scoped);
    scoped.navigate(TO);
    expect(window.location.hash).toBe(a.getAttribute('href'));
    cleanup();
    window.location.hash = '#/dashboard';
    const hash = createHashLocation();
    const b = renderLink(hash);
    hash.navigate(TO);
    expect(window.location.hash).toBe(b.getAttribute('href'));
  });
});
