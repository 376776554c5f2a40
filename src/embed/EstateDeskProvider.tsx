/**
 * The npm way in: `<EstateDeskProvider config>` creates one runtime for the React tree below it
 * (session, API client, toasts); widget components render inside it. Nothing happens at import
 * time; the runtime is created on first render.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createHashLocation, createMemoryLocation, createRuntime, type EstateDeskConfig, type Runtime } from '../core';
import { RuntimeProvider } from '../runtime';
import type { WidgetDescriptor } from '../runtime/widget';
import { ToastStack } from './ToastStack';
import { WidgetFrame } from './WidgetFrame';

export interface EstateDeskProviderProps {
  config?: Partial<EstateDeskConfig>;
  /** An existing runtime (shared with code outside React); `config` is then ignored. */
  runtime?: Runtime;
  children: ReactNode;
}

/**
 * Provides one EstateDesk session and API client to every widget below it.
 * @example
 * <EstateDeskProvider config={{ apiBase: 'https://crm.example.com' }}>
 *   <EstateDeskApp />
 * </EstateDeskProvider>
 */
export function EstateDeskProvider({ config, runtime: given, children }: EstateDeskProviderProps) {
  const [owned] = useState(() => (given ? null : createRuntime(config)));
  const runtime = given ?? owned!;
  useEffect(() => () => owned?.dispose(), [owned]);
  return (
    <RuntimeProvider runtime={runtime}>
      {children}
      <ToastStack />
    </RuntimeProvider>
  );
}

/**
 * A React component for a widget descriptor: memory routing by default, or the page fragment.
 * @example export const SignIn = widgetComponent(signInWidget);
 */
export function widgetComponent(widget: WidgetDescriptor<any>, signIn: WidgetDescriptor<any> | null = null) {
  function EstateDeskWidget({ routing = 'memory', ...props }: { routing?: 'memory' | 'hash' } & Record<string, unknown>) {
    const location = useMemo(() => (routing === 'hash' ? createHashLocation() : createMemoryLocation('/')), [routing]);
    return <WidgetFrame widget={widget} props={props} location={location} signIn={signIn} />;
  }
  EstateDeskWidget.displayName = `EstateDesk(${widget.name})`;
  return EstateDeskWidget;
}
