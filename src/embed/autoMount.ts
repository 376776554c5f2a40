/**
 * Auto-mount: every element carrying `data-estatedesk-widget="NAME"` gets that widget, including
 * elements added later; removing the element unmounts it; changing `data-props` updates it.
 */
import { readDataMount } from './attributes';
import type { EstateDeskApi } from './estatedesk';
import type { MountHandle } from './namespace';

const ATTRIBUTE = 'data-estatedesk-widget';

/**
 * Mounts what is on the page now and watches for more; returns the function that stops watching
 * (mounted widgets stay).
 * @example const stop = startAutoMount(EstateDesk, document);
 */
export function startAutoMount(api: EstateDeskApi, root: Document = document): () => void {
  const mounted = new Map<Element, { name: string; handle: MountHandle }>();

  const mountElement = (el: Element) => {
    const name = el.getAttribute(ATTRIBUTE);
    const current = mounted.get(el);
    if (current && current.name === name) return;
    if (current) {
      current.handle.unmount();
      mounted.delete(el);
    }
    if (!name) return;
    const { props, options } = readDataMount(el);
    try {
      mounted.set(el, { name, handle: api.mount(el, name, props, options) });
    } catch (error) {
      console.error(error);
    }
  };
  const scan = (node: ParentNode) => {
    if (node instanceof Element && node.hasAttribute(ATTRIBUTE)) mountElement(node);
    node.querySelectorAll(`[${ATTRIBUTE}]`).forEach(mountElement);
  };
  const sweep = () => {
    for (const [el, { handle }] of mounted) {
      if (!el.isConnected) {
        handle.unmount();
        mounted.delete(el);
      }
    }
  };

  scan(root);
  const observer = new MutationObserver((records) => {
    let removed = false;
    for (const r of records) {
      if (r.type === 'attributes') {
        const el = r.target as Element;
        if (r.attributeName === ATTRIBUTE) mountElement(el);
        else if (r.attributeName === 'data-props') mounted.get(el)?.handle.update(readDataMount(el).props);
        continue;
      }
      r.addedNodes.forEach((n) => n instanceof Element && scan(n));
      if (r.removedNodes.length) removed = true;
    }
    // Checked after the batch, so an element moved within the page keeps its widget.
    if (removed) sweep();
  });
  observer.observe(root.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: [ATTRIBUTE, 'data-props'],
  });
  return () => observer.disconnect();
}
