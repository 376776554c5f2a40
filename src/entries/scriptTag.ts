/**
 * The script-tag runtime's entry (`dist-loader/runtime-<version>.js`, loaded by loader.js). It replaces the
 * loader's queueing stub with the real API, replays calls made before it arrived (connecting the
 * handles queued mounts returned), defines `<estatedesk-*>` custom elements, and mounts every
 * element carrying `data-estatedesk-widget`, including ones added later.
 */
import { adminApp } from '../app';
import { startAutoMount } from '../embed/autoMount';
import { defineCustomElements } from '../embed/customElements';
import { createEstateDesk, DEFAULT_NAMESPACE, type EstateDeskApi } from '../embed/estatedesk';
import type { LoaderStub, QueuedCall } from '../embed/loaderProtocol';
import { pageNonce } from '../embed/pageNonce';
import { setStyleNonce } from '../ui/css';
import { WIDGET_CATALOG } from '../widgets/catalog';

/** Every widget a page can mount from the script tag: the catalog and the full admin app. */
const SCRIPT_TAG_WIDGETS = [adminApp, ...WIDGET_CATALOG];

/** `window.EstateDesk` once loaded: the API, also callable as `EstateDesk('mount', el, 'leads-board')`. */
export type EstateDeskGlobal = EstateDeskApi & (<K extends keyof EstateDeskApi>(method: K, ...args: unknown[]) => unknown);

declare global {
  interface Window {
    EstateDesk?: EstateDeskGlobal | LoaderStub;
  }
}

type Callable = Record<string, (...args: unknown[]) => unknown>;

function replay(api: EstateDeskApi, queue: readonly QueuedCall[]) {
  const methods = api as unknown as Callable;
  for (const e of queue) {
    try {
      if (e.m === 'ready') {
        (e.a[0] as ((a: EstateDeskApi) => void) | undefined)?.(api);
        e.r?.(api);
      } else if (e.m === 'on') {
        if (!e.x) e.off = methods.on!(...e.a) as () => void;
      } else if (e.m === 'mount' && e.h) {
        const real = methods.mount!(...e.a) as unknown as Callable;
        e.h.real = real;
        for (const c of e.h.q) {
          if (c.m === 'on') {
            if (!c.x) c.off = real.on!(...c.a) as () => void;
          } else real[c.m]?.(...c.a);
        }
        e.h.q.length = 0;
      } else if (typeof methods[e.m] === 'function') {
        methods[e.m]!(...e.a);
      } else {
        console.error(`[estatedesk] unknown call "${e.m}"`);
      }
    } catch (error) {
      console.error(error);
    }
  }
}

const current = window.EstateDesk as Partial<LoaderStub> & { version?: string } | undefined;
if (!current?.version) {
  const { namespace = DEFAULT_NAMESPACE, ...config } = current?.config ?? {};
  // A tag without data-nonce on a page that names its nonce (the reference server's pages do).
  config.nonce ||= pageNonce();
  // Before the first rule is written (the custom elements' display rule), so CSP never sees the
  // suite's style element without its nonce.
  if (config.nonce) setStyleNonce(config.nonce);
  // The tag's API base and nonce serve every namespace of the page; its storage prefix only its own.
  const { storagePrefix, ...pageWide } = config;
  const api = createEstateDesk(pageWide, {
    defaultNamespace: namespace,
    namespaceDefaults: { [namespace]: storagePrefix === undefined ? {} : { storagePrefix } },
    ...(current?.preload ? { preload: current.preload } : {}),
    widgets: SCRIPT_TAG_WIDGETS,
  });
  const callable = Object.assign(
    (method: string, ...args: unknown[]) => (api as unknown as Callable)[method]!(...args),
    api,
  ) as unknown as EstateDeskGlobal;
  window.EstateDesk = callable;
  replay(api, current?.q ?? []);
  defineCustomElements(callable, SCRIPT_TAG_WIDGETS);
  startAutoMount(callable);
  document.dispatchEvent(new CustomEvent('estatedesk:ready', { detail: { version: api.version } }));
}
