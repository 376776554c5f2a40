/**
 * The React tree of a namespace: one provider, the shared toast stack, and per mounted widget a
 * portal into its host element (or its shadow root) plus an overlay layer of its own at the end of
 * the page, themed like the widget, so its modals escape the host's boxes and stack above the
 * host's fixed header (`appearance.overlayZIndex`). Shadow-mode overlays live in a shadow root too.
 */
import { Fragment, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { RuntimeProvider } from '../runtime';
import type { WidgetDescriptor } from '../runtime/widget';
import { OverlayLayer } from '../ui/OverlayLayer';
import { appearanceStyle, mergeAppearance, withBrand, withPreferences } from './appearance';
import type { Namespace } from './namespace';
import { ToastStack } from './ToastStack';
import { useLoadedPreferences } from '../runtime/usePreferences';
import { useBrand } from './useBrand';
import { usePrefersDark } from './usePrefersDark';
import { WidgetFrame } from './WidgetFrame';

export interface NamespaceRootProps {
  ns: Namespace;
  signIn: WidgetDescriptor<any> | null;
  /** A shadow root at the end of the page for the overlays of shadow-mode widgets (made on first use). */
  shadowLayer: () => ShadowRoot;
}

export function NamespaceRoot({ ns, signIn, shadowLayer }: NamespaceRootProps) {
  const { mounts, appearance: hostAppearance } = useSyncExternalStore(ns.subscribe, ns.getState, ns.getState);
  // The person's saved theme and density and their company's brand sit under whatever the host set.
  const appearance = withPreferences(useLoadedPreferences(ns.runtime), withBrand(useBrand(ns.runtime), hostAppearance));
  const prefersDark = usePrefersDark(appearance.dark === 'auto' || mounts.some((m) => m.appearance.dark === 'auto'));
  const toasts = <ToastStack style={appearanceStyle(appearance, prefersDark)} />;
  return (
    <RuntimeProvider runtime={ns.runtime}>
      {ns.shadow ? createPortal(toasts, shadowLayer()) : toasts}
      {mounts.map((m) => {
        const style = appearanceStyle(mergeAppearance(appearance, m.appearance), prefersDark);
        const layer = (
          <OverlayLayer style={style}>
            {createPortal(
              <WidgetFrame widget={m.widget} props={m.props} location={m.location} signIn={signIn} style={style} />,
              m.target,
            )}
          </OverlayLayer>
        );
        return m.shadow ? createPortal(layer, shadowLayer(), `m${m.id}`) : <Fragment key={`m${m.id}`}>{layer}</Fragment>;
      })}
    </RuntimeProvider>
  );
}
