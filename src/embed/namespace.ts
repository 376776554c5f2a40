/**
 * A namespace owns one runtime (session, API client, toasts) and one React root. Every widget
 * mounted in it renders through a portal into its host element (or that element's shadow root), so
 * all of them share one provider: signing in through one signs in all (docs/architecture.md,
 * "Embedding").
 */
import { createEmitter, createRuntime, type EstateDeskConfig, type Runtime } from '../core';
import {
  createHashLocation,
  createMemoryLocation,
  createScopedHashLocation,
  type LocationSource,
} from '../core/location';
import { startPath, type WidgetDescriptor } from '../runtime/widget';
import { addStyleTarget, setStyleNonce } from '../ui/css';
import type { Appearance } from './appearance';
import { domEventName, observingFetch, type HostEvents, type HostEventType } from './hostEvents';

/** How a mounted widget keeps its path: the full app owns the fragment; widgets keep to themselves. */
export type Routing = 'memory' | 'hash' | { hashPrefix: string };

/** Everything `EstateDesk.init(name, config)` accepts: the core config plus embedding options. */
export interface NamespaceConfig extends Partial<EstateDeskConfig> {
  /** Theme variables, dark scheme and overlay z-index of every widget in the namespace. */
  appearance?: Appearance;
  /** CSP nonce for the suite's `<style>` element (page-wide: one stylesheet serves every namespace). */
  nonce?: string;
  /** Render every widget of the namespace in a shadow root (full isolation from host CSS). */
  shadow?: boolean;
}

export interface MountOptions {
  routing?: Routing;
  /** Initial path for memory routing. */
  path?: string;
  /** This mount's appearance, over the namespace's. */
  appearance?: Appearance;
  /** Render into a shadow root of the element (default: the namespace's `shadow`). */
  shadow?: boolean;
}

export interface MountRecord {
  id: number;
  element: Element;
  /** Where the widget renders: the element, or its shadow root. */
  target: Element | ShadowRoot;
  widget: WidgetDescriptor<any>;
  props: Record<string, unknown>;
  location: LocationSource;
  appearance: Appearance;
  shadow: boolean;
}

/** What `mount()` hands back to the host. */
export interface MountHandle {
  /** Merges new props into the mounted widget (a prop set to `undefined` is removed). */
  update(props: Record<string, unknown>): void;
  /** Replaces this mount's appearance (over the namespace's). */
  setAppearance(appearance: Appearance): void;
  /** Removes the widget and leaves the host element as it was (a shadow root, once attached, stays). */
  unmount(): void;
  /** Listens to host events (`signed-in`, `lead-created`, `navigate`, …); returns the unsubscribe. */
  on<K extends HostEventType>(type: K, listener: (payload: HostEvents[K]) => void): () => void;
}

/** What the React tree of a namespace reads (a new object after every change). */
export interface NamespaceState {
  mounts: readonly MountRecord[];
  appearance: Appearance;
}

export type Renderer = (ns: Namespace) => { render(): void; unmount(): void };

/** A widget mounted alone starts at the given path, else at its first declared screen. */
function locationFor(routing: Routing | undefined, path: string | undefined, widget: WidgetDescriptor<any>): LocationSource {
  if (routing === 'hash') return createHashLocation();
  const start = path ?? startPath(widget);
  if (routing && typeof routing === 'object') return createScopedHashLocation(routing.hashPrefix, window, start);
  return createMemoryLocation(start);
}

function shadowOf(element: Element): ShadowRoot | null {
  if (element.shadowRoot) return element.shadowRoot;
  try {
    return element.attachShadow({ mode: 'open' });
  } catch (error) {
    // Elements such as <p> or <table>, or one whose closed root the host owns, cannot take ours.
    console.warn('[estatedesk] shadow mode is not possible on this element; rendering in place', error);
    return null;
  }
}

export class Namespace {
  readonly runtime: Runtime;
  /** Host events of this namespace (session and lead events; `navigate` is per mount). */
  readonly events = createEmitter<HostEvents>();
  readonly shadow: boolean;
  private state: NamespaceState;
  private listeners = new Set<() => void>();
  private nextId = 1;
  private renderer: ReturnType<Renderer> | null = null;
  private cleanups = new Map<number, Array<() => void>>();
  private stopForwarding: Array<() => void>;

  constructor(
    readonly name: string,
    readonly config: NamespaceConfig,
    private readonly createRenderer: Renderer,
  ) {
    const { appearance, nonce, shadow, ...core } = config;
    if (nonce) setStyleNonce(nonce);
    this.shadow = shadow === true;
    this.state = { mounts: [], appearance: appearance ?? {} };
    this.runtime = createRuntime(
      { ...core, namespace: name },
      { fetch: observingFetch((type, payload) => this.emit(type, payload as never)) },
    );
    const forward = <K extends 'signed-in' | 'signed-out' | 'unauthorized'>(type: K) =>
      this.runtime.events.on(type, ((payload: HostEvents[K]) => this.emit(type, payload as never)) as never);
    this.stopForwarding = [forward('signed-in'), forward('signed-out'), forward('unauthorized')];
  }

  /** The current mounts and appearance (for useSyncExternalStore). */
  getState = (): NamespaceState => this.state;
  /** The current mounts. */
  getMounts = (): readonly MountRecord[] => this.state.mounts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<NamespaceState>) {
    this.state = { ...this.state, ...next };
    this.listeners.forEach((l) => l());
  }

  /** Emits a host event: to `on()` listeners, then as a DOM event on every mounted element. */
  emit<K extends HostEventType>(type: K, ...[payload]: undefined extends HostEvents[K] ? [HostEvents[K]?] : [HostEvents[K]]) {
    this.events.emit(type, ...([payload] as never));
    for (const m of this.state.mounts) dispatch(m.element, type, this.name, payload);
  }

  /** Changes the appearance of every widget in the namespace, live. */
  setAppearance(appearance: Appearance) {
    this.set({ appearance });
  }

  /** Ends the session of every widget in the namespace. */
  signOut() {
    this.runtime.session.getState().signOut();
  }

  mount(element: Element, widget: WidgetDescriptor<any>, props: Record<string, unknown> = {}, options: MountOptions = {}): MountHandle {
    const existing = this.state.mounts.find((m) => m.element === element);
    if (existing) this.remove(existing.id);

    const wantsShadow = options.shadow ?? this.shadow;
    const root = wantsShadow ? shadowOf(element) : null;
    const record: MountRecord = {
      id: this.nextId++,
      element,
      target: root ?? element,
      widget,
      props,
      location: locationFor(options.routing, options.path, widget),
      appearance: options.appearance ?? {},
      shadow: root !== null,
    };
    const navigated = new Set<(payload: HostEvents['navigate']) => void>();
    let lastPath = record.location.get();
    const cleanups: Array<() => void> = [
      record.location.subscribe(() => {
        const path = record.location.get();
        if (path === lastPath) return;
        lastPath = path;
        const payload = { widget: widget.name, path };
        navigated.forEach((l) => l(payload));
        dispatch(element, 'navigate', this.name, payload);
      }),
      () => navigated.clear(),
    ];
    if (root) cleanups.push(addStyleTarget(root));
    this.cleanups.set(record.id, cleanups);

    if (!this.renderer) {
      this.renderer = this.createRenderer(this);
      this.renderer.render();
    }
    this.set({ mounts: [...this.state.mounts, record] });

    const patch = (change: Partial<MountRecord>) =>
      this.set({ mounts: this.state.mounts.map((m) => (m.id === record.id ? { ...m, ...change } : m)) });
    const current = () => this.state.mounts.find((m) => m.id === record.id);
    return {
      update: (next) => {
        const m = current();
        if (!m) return;
        const merged: Record<string, unknown> = { ...m.props, ...next };
        for (const [key, value] of Object.entries(next)) if (value === undefined) delete merged[key];
        patch({ props: merged });
      },
      setAppearance: (appearance) => {
        if (current()) patch({ appearance });
      },
      unmount: () => this.remove(record.id),
      on: (type, listener) => {
        if (type === 'navigate') {
          const l = listener as (payload: HostEvents['navigate']) => void;
          navigated.add(l);
          return () => navigated.delete(l);
        }
        const off = this.events.on(type, listener);
        cleanups.push(off);
        return off;
      },
    };
  }

  private remove(id: number) {
    this.cleanups.get(id)?.splice(0).forEach((off) => off());
    this.cleanups.delete(id);
    this.set({ mounts: this.state.mounts.filter((m) => m.id !== id) });
  }

  /** Unmounts every widget and the React root, and disposes the runtime. */
  destroy() {
    for (const m of this.state.mounts) this.remove(m.id);
    this.renderer?.unmount();
    this.renderer = null;
    this.stopForwarding.splice(0).forEach((off) => off());
    this.events.clear();
    this.runtime.dispose();
  }
}

function dispatch(element: Element, type: string, namespace: string, payload: unknown) {
  const detail = { namespace, ...(payload && typeof payload === 'object' ? payload : {}) };
  // Not bubbling: every mounted element of the namespace receives namespace-wide events, so a
  // bubbling event would reach a listener on `document` once per widget.
  element.dispatchEvent(new CustomEvent(domEventName(type), { detail, bubbles: false, composed: false }));
}
