/**
 * Puts a namespace's React root into a container of its own at the end of `<body>`; widgets then
 * appear in their host elements through portals, and toasts and overlays live in this container.
 */
import { createRoot } from 'react-dom/client';
import type { WidgetDescriptor } from '../runtime/widget';
import { NamespaceRoot } from './NamespaceRoot';
import type { Namespace, Renderer } from './namespace';

export const domRenderer =
  (signIn: WidgetDescriptor<any> | null): Renderer =>
  (ns: Namespace) => {
    const container = document.createElement('div');
    container.setAttribute('data-estatedesk-namespace', ns.name);
    const root = createRoot(container);
    return {
      render() {
        document.body.appendChild(container);
        root.render(<NamespaceRoot ns={ns} signIn={signIn} />);
      },
      unmount() {
        root.unmount();
        container.remove();
      },
    };
  };
