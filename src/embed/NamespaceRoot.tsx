/**
 * The React tree of a namespace: one provider, the shared toast stack, and a portal per mounted
 * widget into its host element.
 */
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { RuntimeProvider } from '../runtime';
import type { WidgetDescriptor } from '../runtime/widget';
import type { Namespace } from './namespace';
import { ToastStack } from './ToastStack';
import { WidgetFrame } from './WidgetFrame';

export function NamespaceRoot({ ns, signIn }: { ns: Namespace; signIn: WidgetDescriptor<any> | null }) {
  const mounts = useSyncExternalStore(ns.subscribe, ns.getMounts, ns.getMounts);
  return (
    <RuntimeProvider runtime={ns.runtime}>
      <ToastStack />
      {mounts.map((m) =>
        createPortal(
          <WidgetFrame widget={m.widget} props={m.props} location={m.location} signIn={signIn} />,
          m.element,
          String(m.id),
        ),
      )}
    </RuntimeProvider>
  );
}
