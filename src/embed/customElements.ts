/**
 * Custom elements made from the widget registry: every widget `NAME` gets `<estatedesk-NAME>`.
 * Attributes become props (see `attributes.ts`) and stay live; removing the element unmounts the
 * widget (moving it keeps it). Defined by the script-tag runtime, or by calling
 * `defineCustomElements` — never at import time.
 */
import type { WidgetDescriptor } from '../runtime/widget';
import { insertStaticCss } from '../ui/css';
import { readElementMount } from './attributes';
import type { EstateDeskApi } from './estatedesk';
import type { MountHandle } from './namespace';
import { elementName, WIDGETS } from './registry';

/** What every `<estatedesk-*>` element offers to scripts besides its attributes. */
export interface EstateDeskElement extends HTMLElement {
  /** Props set from script, merged over those from attributes. */
  props: Record<string, unknown>;
  /** The mount handle while connected (`on`, `update`, `unmount`). */
  readonly handle: MountHandle | null;
}

function elementClass(api: EstateDeskApi, widget: WidgetDescriptor<any>): CustomElementConstructor {
  return class extends HTMLElement implements EstateDeskElement {
    private mounted: MountHandle | null = null;
    private scriptProps: Record<string, unknown> = {};
    private attributeKeys = new Set<string>();
    private observer: MutationObserver | null = null;
    private leaving = false;

    get handle(): MountHandle | null {
      return this.mounted;
    }
    get props(): Record<string, unknown> {
      return { ...this.scriptProps };
    }
    set props(value: Record<string, unknown>) {
      this.scriptProps = { ...value };
      this.refresh();
    }

    connectedCallback() {
      this.leaving = false;
      if (this.mounted) return;
      const { props, options } = readElementMount(this);
      this.attributeKeys = new Set(Object.keys(props));
      this.mounted = api.mount(this, widget.name, { ...props, ...this.scriptProps }, options);
      this.observer = new MutationObserver(() => this.refresh());
      this.observer.observe(this, { attributes: true });
    }

    disconnectedCallback() {
      // A move (remove + insert in one task) reconnects before this microtask runs.
      this.leaving = true;
      queueMicrotask(() => {
        if (!this.leaving || this.isConnected) return;
        this.observer?.disconnect();
        this.observer = null;
        this.mounted?.unmount();
        this.mounted = null;
      });
    }

    private refresh() {
      if (!this.mounted) return;
      const { props } = readElementMount(this);
      const next: Record<string, unknown> = { ...props, ...this.scriptProps };
      // Attributes removed since the last read are removed props.
      for (const key of this.attributeKeys) if (!(key in next)) next[key] = undefined;
      this.attributeKeys = new Set(Object.keys(props));
      this.mounted.update(next);
    }
  };
}

/**
 * Defines `<estatedesk-NAME>` for every widget of the registry (skipping names already defined,
 * so a second copy of the suite on the page is harmless). Returns the element names.
 * @example defineCustomElements(createEstateDesk()); // <estatedesk-leads-board></estatedesk-leads-board>
 */
export function defineCustomElements(api: EstateDeskApi, widgets: readonly WidgetDescriptor<any>[] = WIDGETS): string[] {
  if (typeof customElements === 'undefined') return [];
  const names = widgets.map((w) => elementName(w.name));
  // Custom elements are inline by default; widgets are blocks. (0,0,1): any host rule can change it.
  insertStaticCss(`${names.join(',')}{display:block}`);
  widgets.forEach((widget, i) => {
    const name = names[i]!;
    if (!customElements.get(name)) customElements.define(name, elementClass(api, widget));
  });
  return names;
}
