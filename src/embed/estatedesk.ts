/**
 * The `EstateDesk` API a page talks to: `init` a namespace, `mount` widgets into elements. Used by
 * the script-tag runtime (as `window.EstateDesk`) and by the standalone admin page.
 */
import type { EstateDeskConfig } from '../core';
import { domRenderer } from './domRenderer';
import { Namespace, type MountHandle, type MountOptions } from './namespace';
import { findWidget, SIGN_IN_WIDGET, WIDGETS } from './registry';

export const DEFAULT_NAMESPACE = 'default';

export interface EstateDeskApi {
  /** Creates (or reconfigures nothing of) a namespace; returns it. Two namespaces share nothing. */
  init(name?: string, config?: Partial<EstateDeskConfig>): Namespace;
  /** Mounts a widget by name into an element; options may name a namespace. */
  mount(
    element: Element,
    widget: string,
    props?: Record<string, unknown>,
    options?: MountOptions & { namespace?: string },
  ): MountHandle;
  /** Names of every mountable widget. */
  widgets(): string[];
}

/**
 * Builds the API with its own table of namespaces.
 * @example const ed = createEstateDesk(); ed.mount(document.getElementById('x')!, 'sign-in');
 */
export function createEstateDesk(defaults: Partial<EstateDeskConfig> = {}): EstateDeskApi {
  const namespaces = new Map<string, Namespace>();
  const signIn = findWidget(SIGN_IN_WIDGET) ?? null;

  const init: EstateDeskApi['init'] = (name = DEFAULT_NAMESPACE, config = {}) => {
    let ns = namespaces.get(name);
    if (!ns) {
      ns = new Namespace(name, { ...defaults, ...config }, domRenderer(signIn));
      namespaces.set(name, ns);
    }
    return ns;
  };

  return {
    init,
    mount(element, name, props = {}, options = {}) {
      const widget = findWidget(name);
      if (!widget) throw new Error(`EstateDesk: unknown widget "${name}". Known: ${WIDGETS.map((w) => w.name).join(', ')}`);
      return init(options.namespace ?? DEFAULT_NAMESPACE).mount(element, widget, props, options);
    },
    widgets: () => WIDGETS.map((w) => w.name),
  };
}
