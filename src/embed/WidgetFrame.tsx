/**
 * One mounted widget: a scoped root (the hostile-CSS reset), its own location, an error boundary,
 * a loading state while its chunk arrives, and the sign-in form in its place when nobody is signed
 * in. Both `mount()` (portals) and the npm components render widgets through this.
 */
import { Component, lazy, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import type { LocationSource } from '../core';
import { useRuntime, useSession } from '../runtime';
import { LocationProvider } from '../runtime/router';
import type { WidgetDescriptor } from '../runtime/widget';
import { ErrorState, LoadingState, rootClass } from '../ui';

const lazyCache = new WeakMap<WidgetDescriptor<any>, ComponentType<any>>();
function lazyWidget(widget: WidgetDescriptor<any>): ComponentType<any> {
  let component = lazyCache.get(widget);
  if (!component) {
    component = lazy(widget.load);
    lazyCache.set(widget, component);
  }
  return component;
}

class WidgetErrorBoundary extends Component<{ title: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) {
      return (
        <ErrorState
          message={`${this.props.title} could not be shown. Please reload the page.`}
          onRetry={() => this.setState({ error: null })}
        />
      );
    }
    return this.props.children;
  }
}

export interface WidgetFrameProps {
  widget: WidgetDescriptor<any>;
  props?: Record<string, unknown>;
  location: LocationSource;
  /** Rendered instead of a non-public widget while nobody is signed in. */
  signIn?: WidgetDescriptor<any> | null;
}

export function WidgetFrame({ widget, props = {}, location, signIn = null }: WidgetFrameProps) {
  const runtime = useRuntime();
  const hasToken = useSession((s) => Boolean(s.token));
  const handedOff = Boolean(runtime.config.token || runtime.config.getToken);
  const needsSignIn = !widget.public && !hasToken && !handedOff && signIn !== null;
  const shown = needsSignIn ? signIn! : widget;
  const Widget = useMemo(() => lazyWidget(shown), [shown]);

  // `runtime.navigate()` (e.g. after a 401) moves this mount's own location.
  useEffect(
    () => runtime.events.on('navigate', ({ to, replace }) => location.navigate(to, { replace })),
    [runtime, location],
  );

  return (
    <div className={rootClass()} data-estatedesk-widget-root={widget.name}>
      <LocationProvider source={location}>
        <WidgetErrorBoundary title={shown.title}>
          <Suspense fallback={<LoadingState label={`Loading ${shown.title}...`} />}>
            <Widget {...(needsSignIn ? { embedded: true } : props)} />
          </Suspense>
        </WidgetErrorBoundary>
      </LocationProvider>
    </div>
  );
}
