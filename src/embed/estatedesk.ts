/**
 * The `EstateDesk` API a page talks to: `init` a namespace, `mount` widgets into elements, listen
 * with `on`. Used by the script-tag runtime (as `window.EstateDesk`), the standalone admin page
 * and, through `createEstateDesk()`, by any code that wants namespaces without React.
 */
import type { SessionUser } from '../contract';
import { domRenderer } from './domRenderer';
import type { HostEvents, HostEventType } from './hostEvents';
import { Namespace, type MountHandle, type MountOptions, type NamespaceConfig } from './namespace';
import type { WidgetDescriptor } from '../runtime/widget';
import { findWidget, SIGN_IN_WIDGET, WIDGETS } from './registry';

export const DEFAULT_NAMESPACE = 'default';

declare const __ESTATEDESK_VERSION__: string | undefined;
/** The suite's version (set at build time). */
export const VERSION: string = typeof __ESTATEDESK_VERSION__ === 'string' ? __ESTATEDESK_VERSION__ : 'dev';

/** Options of `EstateDesk.mount`: routing, appearance, shadow mode, and which namespace. */
export interface EstateDeskMountOptions extends MountOptions {
  namespace?: string;
}

export interface EstateDeskApi {
  /** The suite's version. */
  readonly version: string;
  /**
   * Creates a namespace (default `default`) with its config and returns it. Two namespaces share
   * nothing: session, API base, storage (a namespace other than `default` stores under
   * `estatedesk.<name>.` unless given `storagePrefix`), toasts. Called again for an existing namespace it
   * applies a new `appearance` live; other settings are fixed once the namespace exists.
   */
  init(name?: string, config?: NamespaceConfig): Namespace;
  /** Mounts a widget by name into an element (or a selector); options may name a namespace. */
  mount(element: Element | string, widget: string, props?: Record<string, unknown>, options?: EstateDeskMountOptions): MountHandle;
  /** Listens to a namespace's host events (default namespace unless named); returns the unsubscribe. */
  on<K extends HostEventType>(type: K, listener: (payload: HostEvents[K]) => void, namespace?: string): () => void;
  /** Signs every widget of a namespace out. */
  signOut(namespace?: string): void;
  /** The signed-in user of a namespace, or `null`. */
  user(namespace?: string): SessionUser | null;
  /** Names of every mountable widget. */
  widgets(): string[];
  /** Resolves with the API once it is loaded (the script-tag loader's queue answers the same). */
  ready(callback?: (api: EstateDeskApi) => void): Promise<EstateDeskApi>;
}

/** Options of `createEstateDesk`. */
export interface CreateEstateDeskOptions {
  /** The namespace used when a call names none (the script tag's `data-namespace`). */
  defaultNamespace?: string;
  /** Settings of particular namespaces, used under whatever `init` passes (the script tag's for its namespace). */
  namespaceDefaults?: Record<string, NamespaceConfig>;
  /** Called with each widget about to be mounted (and `sign-in` when it will stand in): the script tag preloads their chunks. */
  preload?: (widget: string) => void;
  /** The widgets `mount` knows by name (default: the suite's catalog; the script tag adds the full app). */
  widgets?: readonly WidgetDescriptor<any>[];
}

const FIXED_KEYS = ['apiBase', 'storagePrefix', 'imagePrefix', 'locale', 'token', 'getToken', 'storage', 'shadow'] as const;

/**
 * Builds the API with its own table of namespaces.
 * @example
 * const ed = createEstateDesk();
 * ed.init('crm', { apiBase: 'https://api.example.com', appearance: { variables: { accent: '#0f766e' } } });
 * const handle = ed.mount('#leads', 'leads-board', {}, { namespace: 'crm' });
 * handle.on('lead-created', ({ lead }) => console.log(lead));
 */
export function createEstateDesk(defaults: NamespaceConfig = {}, options: CreateEstateDeskOptions = {}): EstateDeskApi {
  const namespaces = new Map<string, Namespace>();
  const widgets = options.widgets ?? WIDGETS;
  const signIn = findWidget(SIGN_IN_WIDGET, widgets) ?? null;
  const fallbackName = options.defaultNamespace || DEFAULT_NAMESPACE;

  const init: EstateDeskApi['init'] = (name = fallbackName, config) => {
    let ns = namespaces.get(name);
    if (!ns) {
      const merged: NamespaceConfig = { ...defaults, ...options.namespaceDefaults?.[name], ...config };
      // Namespaces share nothing, stored sessions included: each but `default` (the full app's)
      // keeps its keys under a prefix of its own unless told otherwise.
      if (merged.storagePrefix === undefined && name !== DEFAULT_NAMESPACE) merged.storagePrefix = `estatedesk.${name}.`;
      ns = new Namespace(name, merged, domRenderer(signIn));
      namespaces.set(name, ns);
      return ns;
    }
    if (config?.appearance) ns.setAppearance(config.appearance);
    const existing = ns.config;
    const ignored = FIXED_KEYS.filter((k) => config && k in config && config[k] !== existing[k]);
    if (ignored.length) console.warn(`[estatedesk] namespace "${name}" exists already; ignored: ${ignored.join(', ')}`);
    return ns;
  };

  const api: EstateDeskApi = {
    version: VERSION,
    init,
    mount(target, name, props = {}, { namespace, ...mountOptions } = {}) {
      const element = typeof target === 'string' ? document.querySelector(target) : target;
      if (!element) throw new Error(`EstateDesk: no element matches "${String(target)}"`);
      const widget = findWidget(name, widgets);
      if (!widget) throw new Error(`EstateDesk: unknown widget "${name}". Known: ${widgets.map((w) => w.name).join(', ')}`);
      const ns = init(namespace || fallbackName);
      if (options.preload) {
        // Signed out, the sign-in form stands in; the widget's chunks come once the person starts
        // signing in (WidgetFrame), not for a visitor who never does.
        const { token, getToken } = ns.runtime.config;
        options.preload(!widget.public && !token && !getToken && !ns.runtime.session.getState().token ? SIGN_IN_WIDGET : name);
      }
      return ns.mount(element, widget, props, mountOptions);
    },
    on: (type, listener, namespace) => init(namespace || fallbackName).events.on(type, listener),
    signOut: (namespace) => namespaces.get(namespace || fallbackName)?.signOut(),
    user: (namespace) => init(namespace || fallbackName).runtime.session.getState().user,
    widgets: () => widgets.map((w) => w.name),
    ready(callback) {
      callback?.(api);
      return Promise.resolve(api);
    },
  };
  return api;
}
