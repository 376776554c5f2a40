/**
 * A namespace owns one runtime (session, API client, toasts) and one React root. Every widget
 * mounted in it renders through a portal into its host element, so all of them share one
 * provider: signing in through one signs in all (DESIGN, "Embedding").
 */
import { createRuntime, type EstateDeskConfig } from '../core';
import {
  createHashLocation,
  createMemoryLocation,
  createScopedHashLocation,
  type LocationSource,
} from '../core/location';
import type { WidgetDescriptor } from '../runtime/widget';

/** How a mounted widget keeps its path: the full app owns the fragment; widgets keep to themselves. */
export type Routing = 'memory' | 'hash' | { hashPrefix: string };

export interface MountOptions {
  routing?: Routing;
  /** Initial path for memory routing. */
  path?: string;
}

export interface MountRecord {
  id: number;
  element: Element;
  widget: WidgetDescriptor<any>;
  props: Record<string, unknown>;
  location: LocationSource;
}

/** What `mount()` hands back to the host. */
export interface MountHandle {
  /** Merges new props into the mounted widget. */
  update(props: Record<string, unknown>): void;
  /** Removes the widget and leaves the host element as it was. */
  unmount(): void;
  /** Listens to suite events (`signed-in`, `signed-out`, `navigate`, …); returns the unsubscribe. */
  on(type: string, listener: (payload: unknown) => void): () => void;
}

export type Renderer = (ns: Namespace) => { render(): void; unmount(): void };

function locationFor(routing: Routing | undefined, path: string | undefined): LocationSource {
  if (routing === 'hash') return createHashLocation();
  if (routing && typeof routing === 'object') return createScopedHashLocation(routing.hashPrefix, window, path);
  return createMemoryLocation(path ?? '/');
}

export class Namespace {
  readonly runtime: ReturnType<typeof createRuntime>;
  private mounts: MountRecord[] = [];
  private listeners = new Set<() => void>();
  private nextId = 1;
  private renderer: ReturnType<Renderer> | null = null;

  constructor(
    readonly name: string,
    config: Partial<EstateDeskConfig>,
    private readonly createRenderer: Renderer,
  ) {
    this.runtime = createRuntime({ ...config, namespace: name });
  }

  /** The current mounts; a new array after every change (for useSyncExternalStore). */
  getMounts = (): readonly MountRecord[] => this.mounts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(next: MountRecord[]) {
    this.mounts = next;
    this.listeners.forEach((l) => l());
  }

  mount(element: Element, widget: WidgetDescriptor<any>, props: Record<string, unknown> = {}, options: MountOptions = {}): MountHandle {
    const existing = this.mounts.find((m) => m.element === element);
    if (existing) this.remove(existing.id);
    const record: MountRecord = {
      id: this.nextId++,
      element,
      widget,
      props,
      location: locationFor(options.routing, options.path),
    };
    if (!this.renderer) {
      this.renderer = this.createRenderer(this);
      this.renderer.render();
    }
    this.changed([...this.mounts, record]);
    const offs: Array<() => void> = [];
    return {
      update: (next) => {
        this.changed(this.mounts.map((m) => (m.id === record.id ? { ...m, props: { ...m.props, ...next } } : m)));
      },
      unmount: () => {
        offs.splice(0).forEach((off) => off());
        this.remove(record.id);
      },
      on: (type, listener) => {
        const off = this.runtime.events.on(type as never, listener as never);
        offs.push(off);
        return off;
      },
    };
  }

  private remove(id: number) {
    this.changed(this.mounts.filter((m) => m.id !== id));
  }

  /** Unmounts every widget and the React root. */
  destroy() {
    this.changed([]);
    this.renderer?.unmount();
    this.renderer = null;
  }
}
