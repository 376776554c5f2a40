/**
 * Puts a namespace's React root into a container of its own at the end of `<body>`; widgets then
 * appear in their host elements through portals, and toasts and overlay layers live in this
 * container (or, for shadow-mode widgets, in a shadow root inside it).
 */
import { createRoot } from 'react-dom/client';
import type { WidgetDescriptor } from '../runtime/widget';
import { addStyleTarget } from '../ui/css';
import { rootClass } from '../ui/rootClass';
import { NamespaceRoot } from './NamespaceRoot';
import type { Namespace, Renderer } from './namespace';

export const domRenderer =
  (signIn: WidgetDescriptor<any> | null): Renderer =>
  (ns: Namespace) => {
    const container = document.createElement('div');
    container.setAttribute('data-estatedesk-namespace', ns.name);
    // The reset neutralises host rules such as `div { border: 3px solid }` on this empty box too.
    container.className = rootClass();
    // React clears its root element on the first commit, so the shadow layer is a sibling of it.
    const rootElement = document.createElement('div');
    rootElement.className = rootClass();
    container.appendChild(rootElement);
    // Ids from useId() carry the namespace: two namespaces (or a host's own React app) on one page
    // would otherwise generate the same ids, and labels would point at each other's inputs.
    const root = createRoot(rootElement, { identifierPrefix: `ed-${ns.name.replace(/[^\w-]/g, '_')}-` });
    let shadow: ShadowRoot | null = null;
    let releaseStyles: (() => void) | null = null;
    const shadowLayer = (): ShadowRoot => {
      if (!shadow) {
        const host = document.createElement('div');
        host.setAttribute('data-ed-shadow-layer', '');
        container.appendChild(host);
        shadow = host.attachShadow({ mode: 'open' });
        releaseStyles = addStyleTarget(shadow);
      }
      return shadow;
    };
    return {
      render() {
        document.body.appendChild(container);
        root.render(<NamespaceRoot ns={ns} signIn={signIn} shadowLayer={shadowLayer} />);
      },
      unmount() {
        root.unmount();
        releaseStyles?.();
        container.remove();
      },
    };
  };
