/**
 * The script-tag loader (`/embed/loader.js`, about 1 KB): puts a queueing `EstateDesk` on the page
 * at once, reads settings from its own tag, and loads the runtime module beside it (the exact
 * version it was built with, with its SRI hash). Safe to include twice. The runtime then replays
 * the queue, connects the handles queued mounts returned, and loads only the widgets mounted.
 *
 * <script src="https://app.example.com/embed/loader.js" data-api-base="https://app.example.com"
 *   data-namespace="crm" data-nonce="r4nd0m" data-storage-prefix="crm."></script>
 *
 * Calls made even before this file has run use the one-line snippet from the README:
 * `window.EstateDesk=window.EstateDesk||function(){(EstateDesk.q=EstateDesk.q||[]).push(arguments)}`
 */
import { SIGN_IN_WIDGET, type DeferredHandle, type QueuedCall } from './loaderProtocol';

declare const __RUNTIME_FILE__: string | undefined;
declare const __RUNTIME_INTEGRITY__: string | undefined;
/**
 * Built in: chunks the runtime imports (`r`), each widget's own chunks (`w`) and the widgets that
 * render signed out (`p`), see scripts/chunkGraph.ts.
 */
declare const __PRELOAD__: { r: string[]; w: Record<string, string[]>; p: string[] } | undefined;

type Fn = (...args: unknown[]) => unknown;
type Api = Fn & Record<string, unknown>;

(() => {
  const w = window as unknown as { EstateDesk?: Api };
  const existing = w.EstateDesk;
  const tag = (document.currentScript ??
    document.querySelector('script[src*="/loader"][data-api-base],script[src*="/loader"]')) as HTMLScriptElement | null;
  const data = tag ? tag.dataset : {};
  const config: Record<string, string> = {};
  if (data.apiBase !== undefined) config.apiBase = data.apiBase;
  // A page whose policy admits this tag by nonce admits what it adds with the same nonce.
  const nonce = data.nonce || (tag && tag.nonce) || '';
  if (nonce) config.nonce = nonce;
  if (data.storagePrefix !== undefined) config.storagePrefix = data.storagePrefix;
  // Where the full app lives: links in widgets then open its screens in a new tab (src/runtime/router.tsx).
  if (data.appUrl !== undefined) config.appUrl = data.appUrl;

  // Included twice (or after the runtime): only pass this tag's namespace settings on.
  if (existing && (existing.__loader || existing.version)) {
    if (data.namespace || Object.keys(config).length) existing('init', data.namespace, config);
    return;
  }

  const queue: QueuedCall[] = [];
  const deferred = (): DeferredHandle & Record<string, Fn> => {
    const h = { q: [] as QueuedCall[] } as DeferredHandle & Record<string, Fn>;
    const later = (m: string) => (...a: unknown[]) => (h.real ? h.real[m]!(...a) : void h.q.push({ m, a }));
    h.update = later('update');
    h.setAppearance = later('setAppearance');
    h.unmount = later('unmount');
    h.on = (...a) => {
      if (h.real) return h.real.on!(...a);
      const e: QueuedCall = { m: 'on', a };
      h.q.push(e);
      return () => (e.off ? e.off() : (e.x = 1));
    };
    return h;
  };
  const call = (m: string, a: unknown[]): unknown => {
    const e: QueuedCall = { m, a };
    if (m === 'mount') {
      e.h = deferred();
      if (stub.preload) (stub.preload as Fn)(a[1]);
    }
    queue.push(e);
    if (m === 'mount') return e.h;
    if (m === 'ready') return new Promise((resolve) => (e.r = resolve));
    if (m === 'on') return () => (e.off ? e.off() : (e.x = 1));
    return undefined;
  };
  const stub = ((m: string, ...a: unknown[]) => call(m, a)) as Api;
  for (const m of ['init', 'mount', 'on', 'signOut', 'ready']) stub[m] = (...a: unknown[]) => call(m, a);
  stub.__loader = 1;
  stub.q = queue;
  stub.config = { ...config, namespace: data.namespace };
  // Calls the snippet queued before this file ran, as argument lists: ['mount', element, 'leads-board'].
  const early = existing && (existing.q as ArrayLike<unknown>[] | undefined);
  if (early) for (const args of early) call(String(args[0]), Array.prototype.slice.call(args, 1));
  w.EstateDesk = stub;

  const base = tag ? tag.src : location.href;
  // Fetch every chunk the page will need at once, rather than one import level after another.
  const manifest = typeof __PRELOAD__ === 'object' ? __PRELOAD__ : undefined;
  const fetched: Record<string, 1> = {};
  const preload = (files: string[] = []) => {
    for (const f of files) {
      if (fetched[f]) continue;
      fetched[f] = 1;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = new URL(f, base).href;
      link.crossOrigin = 'anonymous';
      if (nonce) link.nonce = nonce;
      document.head.appendChild(link);
    }
  };
  // Nobody signed in: a widget that needs it shows the sign-in form, and its own chunks come once
  // the person starts signing in (WidgetFrame), so a visitor who never does is not sent them.
  // A token stored by the suite or handed over in a queued init counts as signed in.
  const signedIn = () => {
    for (const e of queue) {
      const c = e.m === 'init' ? (e.a[1] as Record<string, unknown> | undefined) : undefined;
      if (c && (c.token || c.getToken)) return true;
    }
    try {
      const prefix = data.storagePrefix ?? 'estatedesk.';
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if ((key.startsWith(prefix) || key.startsWith('estatedesk.')) && key.endsWith('token') && localStorage.getItem(key)) return true;
      }
      return false;
    } catch {
      return true; // Storage out of reach: fetch as before rather than guess.
    }
  };
  const preloadWidget = (name: unknown) => {
    if (!manifest) return;
    const widget = String(name);
    preload(manifest.p.includes(widget) || !manifest.w[widget] || signedIn() ? manifest.w[widget] : manifest.w[SIGN_IN_WIDGET]);
  };
  stub.preload = preloadWidget;
  if (manifest) {
    preload(manifest.r);
    document.querySelectorAll('[data-estatedesk-widget]').forEach((el) => preloadWidget(el.getAttribute('data-estatedesk-widget')));
    for (const name in manifest.w) if (document.querySelector(`estatedesk-${name}`)) preloadWidget(name);
    for (const e of queue) if (e.m === 'mount') preloadWidget(e.a[1]);
  }

  const script = document.createElement('script');
  script.type = 'module';
  const file = typeof __RUNTIME_FILE__ === 'string' ? __RUNTIME_FILE__ : 'runtime.js';
  script.src = new URL(file, base).href;
  if (typeof __RUNTIME_INTEGRITY__ === 'string' && __RUNTIME_INTEGRITY__) script.integrity = __RUNTIME_INTEGRITY__;
  script.crossOrigin = 'anonymous';
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
})();
