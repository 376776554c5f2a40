/**
 * The npm way in: `<EstateDeskProvider config>` creates one runtime for the React tree below it
 * (session, API client, toasts), themes it, and gives it an overlay layer; widget components
 * render inside it. Nothing happens at import time; the runtime is created on first render.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { createHashLocation, createMemoryLocation, createRuntime, type EstateDeskConfig, type Runtime } from '../core';
import { RuntimeProvider } from '../runtime';
import { startPath, type WidgetDescriptor } from '../runtime/widget';
import { setStyleNonce } from '../ui/css';
import { OverlayLayer } from '../ui/OverlayLayer';
import { appearanceStyle, mergeAppearance, withBrand, withPreferences, type Appearance } from './appearance';
import { observingFetch, type HostEvents, type HostEventType } from './hostEvents';
import { findWidget, SIGN_IN_WIDGET } from './registry';
import { ToastStack } from './ToastStack';
import { useLoadedPreferences } from '../runtime/usePreferences';
import { useBrand } from './useBrand';
import { usePrefersDark } from './usePrefersDark';
import { WidgetFrame } from './WidgetFrame';

/** A listener for every host event: `(type, payload)`. */
export type HostEventListener = <K extends HostEventType>(type: K, payload: HostEvents[K]) => void;

export interface EstateDeskProviderProps {
  /** API base, storage prefix, token or getToken(), … (read once, on first render). */
  config?: Partial<EstateDeskConfig>;
  /** An existing runtime (shared with code outside React); `config` is then ignored. */
  runtime?: Runtime;
  /** Theme variables, dark scheme and overlay z-index of every widget below. */
  appearance?: Appearance;
  /** CSP nonce for the suite's `<style>` element. */
  nonce?: string;
  /** Hears host events: signed-in, signed-out, unauthorized, lead-created/updated/deleted, leads-imported. */
  onEvent?: HostEventListener;
  children: ReactNode;
}

const SESSION_EVENTS = ['signed-in', 'signed-out', 'unauthorized'] as const;

/**
 * Provides one EstateDesk session and API client to every widget below it.
 * @example
 * <EstateDeskProvider config={{ apiBase: 'https://crm.example.com' }} appearance={{ variables: { accent: '#0f766e' } }}>
 *   <LeadsBoard />
 * </EstateDeskProvider>
 */
export function EstateDeskProvider({ config, runtime: given, appearance: hostAppearance = {}, nonce, onEvent, children }: EstateDeskProviderProps) {
  const listener = useRef(onEvent);
  listener.current = onEvent;
  const [owned] = useState(() => {
    // Before the first widget writes a style rule, so the style element carries the nonce.
    if (nonce) setStyleNonce(nonce);
    if (given) return null;
    const report = (type: HostEventType, payload: unknown) => listener.current?.(type, payload as never);
    return createRuntime(config, { fetch: observingFetch(report) });
  });
  const runtime = given ?? owned!;
  // The person's saved theme and density and their company's brand sit under whatever the host set.
  const appearance = withPreferences(useLoadedPreferences(runtime), withBrand(useBrand(runtime), hostAppearance));
  useEffect(() => () => owned?.dispose(), [owned]);
  useEffect(() => {
    const offs = SESSION_EVENTS.map((type) =>
      runtime.events.on(type, ((payload: unknown) => listener.current?.(type, payload as never)) as never),
    );
    return () => offs.forEach((off) => off());
  }, [runtime]);
  const prefersDark = usePrefersDark(appearance.dark === 'auto');
  const style = appearanceStyle(appearance, prefersDark);
  return (
    <RuntimeProvider runtime={runtime}>
      <AppearanceContextBridge appearance={appearance}>
        <OverlayLayer style={style}>{children}</OverlayLayer>
      </AppearanceContextBridge>
      <ToastStack style={style} />
    </RuntimeProvider>
  );
}

// The provider's appearance, for widget components that merge their own over it.
const AppearanceContext = createContext<Appearance>({});
function AppearanceContextBridge({ appearance, children }: { appearance: Appearance; children: ReactNode }) {
  return <AppearanceContext.Provider value={appearance}>{children}</AppearanceContext.Provider>;
}

/** Props every widget component takes besides the widget's own. */
export interface WidgetComponentProps {
  /** `memory` (default: the widget keeps its path to itself) or `hash` (owns the page fragment). */
  routing?: 'memory' | 'hash';
  /** Initial path for memory routing. */
  path?: string;
  /** This widget's appearance, over the provider's. */
  appearance?: Appearance;
}

/**
 * A React component for a widget descriptor: memory routing by default, or the page fragment; the
 * sign-in form in its place while nobody is signed in.
 * @example export const LeadsBoard = widgetComponent(leadsBoardWidget);
 */
export function widgetComponent<P>(
  widget: WidgetDescriptor<P>,
  signIn: WidgetDescriptor<any> | null | undefined = findWidget(SIGN_IN_WIDGET),
): ComponentType<P & WidgetComponentProps> {
  function EstateDeskWidget({ routing = 'memory', path, appearance, ...props }: P & WidgetComponentProps) {
    const location = useMemo(() => (routing === 'hash' ? createHashLocation() : createMemoryLocation(path ?? startPath(widget))), [routing, path]);
    const inherited = useContext(AppearanceContext);
    // The provider's layer is a sibling of its children, so each widget root carries the variables.
    const merged = mergeAppearance(inherited, appearance);
    const prefersDark = usePrefersDark(merged.dark === 'auto');
    return (
      <WidgetFrame
        widget={widget as WidgetDescriptor<any>}
        props={props as Record<string, unknown>}
        location={location}
        signIn={signIn ?? null}
        style={appearanceStyle(merged, prefersDark)}
      />
    );
  }
  EstateDeskWidget.displayName = `EstateDesk(${widget.name})`;
  return EstateDeskWidget;
}
