/**
 * The script-tag runtime (`dist-loader/runtime.js`, loaded by loader.js). It replaces the loader's
 * queueing stub with the real API, replays calls made before it arrived, and mounts every element
 * carrying `data-estatedesk-widget`, including ones added later.
 */
import type { EstateDeskConfig } from '../core';
import { createEstateDesk, DEFAULT_NAMESPACE, type EstateDeskApi } from './estatedesk';

interface LoaderStub {
  q?: Array<[keyof EstateDeskApi, unknown[]]>;
  config?: Partial<EstateDeskConfig> & { namespace?: string };
}

declare global {
  interface Window {
    EstateDesk?: (EstateDeskApi & { version?: string }) | LoaderStub;
  }
}

const stub = (window.EstateDesk ?? {}) as LoaderStub;
if (!('widgets' in (window.EstateDesk ?? {}))) {
  const { namespace = DEFAULT_NAMESPACE, ...config } = stub.config ?? {};
  const api = createEstateDesk();
  api.init(namespace, config);

  const mounted = new WeakSet<Element>();
  const mountElement = (el: Element) => {
    if (mounted.has(el)) return;
    const name = el.getAttribute('data-estatedesk-widget');
    if (!name) return;
    mounted.add(el);
    let props: Record<string, unknown> = {};
    try {
      props = JSON.parse(el.getAttribute('data-props') || '{}') as Record<string, unknown>;
    } catch {
      console.error(`EstateDesk: data-props of a "${name}" widget is not valid JSON`);
    }
    api.mount(el, name, props, { namespace: el.getAttribute('data-namespace') || namespace });
  };
  const scan = (root: ParentNode) => {
    if (root instanceof Element && root.hasAttribute('data-estatedesk-widget')) mountElement(root);
    root.querySelectorAll('[data-estatedesk-widget]').forEach(mountElement);
  };

  window.EstateDesk = api;
  for (const [method, args] of stub.q ?? []) {
    (api[method] as (...a: unknown[]) => unknown)(...args);
  }
  scan(document);
  new MutationObserver((records) => {
    for (const r of records) r.addedNodes.forEach((n) => n instanceof Element && scan(n));
  }).observe(document.documentElement, { childList: true, subtree: true });
}
