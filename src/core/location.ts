/**
 * Where a mounted UI keeps its current path. Three sources, chosen per mount (docs/architecture.md,
 * "Embedding"):
 * - hash: the full admin app owns the whole fragment (`#/leads-management`);
 * - scoped hash: a widget on a host page owns only fragments under its prefix
 *   (`#/ed/leads/...`) and never rewrites a fragment it does not own;
 * - memory: a widget keeps its path to itself (the default for embedded widgets).
 *
 * We do not use wouter's main entry: importing it wraps `history.pushState`/`replaceState` for the
 * whole page, and nothing of ours may patch globals or touch the DOM at import time. Every source
 * here touches `window` only when it is created and used.
 */

export interface NavigateOptions {
  replace?: boolean;
}

/** A location source: the current path (with `?search`), navigation, and change notification. */
export interface LocationSource {
  readonly kind: 'hash' | 'scoped-hash' | 'memory';
  get(): string;
  /**
   * The URL that shows `to` here, for an anchor's `href` (what a new tab, a copied link or a
   * bookmark opens): `#/path` for the full app, the prefixed fragment for a scoped hash, and for
   * memory — a path nobody sees — `null` (a link to the full app is the runtime config's `appUrl`).
   */
  href(to: string): string | null;
  navigate(to: string, options?: NavigateOptions): void;
  subscribe(listener: () => void): () => void;
}

const normalise = (to: string): string => {
  const trimmed = to.trim();
  if (!trimmed || trimmed === '#') return '/';
  const withoutHash = trimmed.replace(/^#/, '');
  return withoutHash.startsWith('/') ? withoutHash : `/${withoutHash}`;
};

/** An in-memory location: nothing outside the widget sees or changes it. */
export function createMemoryLocation(initial = '/'): LocationSource {
  let current = normalise(initial);
  const listeners = new Set<() => void>();
  return {
    kind: 'memory',
    get: () => current,
    href: () => null,
    navigate(to) {
      const next = normalise(to);
      if (next === current) return;
      current = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A `subscribe` that listens to the window only while someone listens to us, so an unmounted
 * widget leaves no handler behind on the host page.
 */
function subscribeToHash(win: Window, listeners: Set<() => void>, onChange: () => void) {
  let attached = false;
  return (listener: () => void): (() => void) => {
    listeners.add(listener);
    if (!attached) {
      win.addEventListener('hashchange', onChange);
      win.addEventListener('popstate', onChange);
      attached = true;
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && attached) {
        win.removeEventListener('hashchange', onChange);
        win.removeEventListener('popstate', onChange);
        attached = false;
      }
    };
  };
}

/** The whole fragment is the path: `#/properties/list` → `/properties/list`. For the full app. */
export function createHashLocation(win: Window = window): LocationSource {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  return {
    kind: 'hash',
    get: () => normalise(win.location.hash),
    href: (to) => `#${normalise(to)}`,
    navigate(to, options) {
      const next = `#${normalise(to)}`;
      if (next === win.location.hash) return;
      if (options?.replace) win.history.replaceState(win.history.state, '', next);
      else win.history.pushState(win.history.state, '', next);
      // pushState fires no event; tell our own listeners directly, not the page.
      notify();
    },
    subscribe: subscribeToHash(win, listeners, notify),
  };
}

/**
 * Owns only fragments under `prefix` (e.g. `/ed/leads`): `#/ed/leads/edit/4` → `/edit/4`. When the
 * host moves the fragment elsewhere, the widget keeps its last path and writes nothing.
 */
export function createScopedHashLocation(prefix: string, win: Window = window, initial = '/'): LocationSource {
  const base = normalise(prefix).replace(/\/+$/, '');
  const listeners = new Set<() => void>();
  let last = normalise(initial);
  const owned = (): string | null => {
    const hash = normalise(win.location.hash);
    if (hash === base) return '/';
    if (hash.startsWith(`${base}/`) || hash.startsWith(`${base}?`)) return normalise(hash.slice(base.length));
    return null;
  };
  const read = () => {
    const mine = owned();
    if (mine !== null) last = mine;
    return last;
  };
  const notify = () => {
    const before = last;
    if (read() !== before) listeners.forEach((l) => l());
  };
  const fragment = (to: string) => {
    const path = normalise(to);
    return `#${base}${path === '/' ? '' : path}`;
  };
  return {
    kind: 'scoped-hash',
    get: read,
    href: fragment,
    navigate(to, options) {
      const path = normalise(to);
      const next = fragment(path);
      if (next !== win.location.hash) {
        if (options?.replace) win.history.replaceState(win.history.state, '', next);
        else win.history.pushState(win.history.state, '', next);
      }
      last = path;
      listeners.forEach((l) => l());
    },
    subscribe: subscribeToHash(win, listeners, notify),
  };
}

/** Splits `/reset-password?token=x` into its path and search params. */
export function splitPath(full: string): { path: string; search: URLSearchParams } {
  const [path = '/', query = ''] = full.split('?');
  return { path: path || '/', search: new URLSearchParams(query) };
}
