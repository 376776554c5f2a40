/**
 * One mounted widget: a scoped root (the hostile-CSS reset, the mount's theme variables), its own
 * location, an error boundary, a loading state while its chunk arrives, and the sign-in form in its
 * place when nobody is signed in, and the refusal in its place for who may not open its screen
 * (`src/widgets/ScreenGate.tsx`). Both `mount()` (portals) and the npm components render widgets
 * through this.
 */
import { Component, Suspense, useEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import type { LocationSource } from '../core';
import { useRuntime, useSession } from '../runtime';
import { lazyComponent } from '../runtime/lazyComponent';
import { LocationProvider } from '../runtime/router';
import { lazyWidget, type WidgetDescriptor } from '../runtime/widget';
import { ErrorState } from '../ui/ErrorState';
import { LoadingState } from '../ui/LoadingState';
import { rootClass } from '../ui/rootClass';
import { ScreenGate } from '../widgets/ScreenGate';
import { SIGN_IN_FORMS } from './registry';
import { useOriginAccess } from './useOriginAccess';

// Only sign-in forms shown to a signed-in user need it: kept out of the runtime's first download.
const signedInCard = lazyComponent(() => import('./SignedInCard').then((m) => ({ default: m.SignedInCard })));
const SignedInCard = signedInCard.Component;

/**
 * Downloads a widget's chunk ahead of mounting it; mounted once it is here, the widget renders at
 * once instead of through a loading state.
 *
 * @example
 * await preloadWidget(adminApp);
 */
export const preloadWidget = (widget: WidgetDescriptor<any>): Promise<void> => lazyWidget(widget).preload();

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
  /** Inline style of the root: the mount's theme variables. */
  style?: CSSProperties;
}

export function WidgetFrame({ widget, props = {}, location, signIn = null, style }: WidgetFrameProps) {
  const runtime = useRuntime();
  const hasToken = useSession((s) => Boolean(s.token));
  const handedOff = Boolean(runtime.config.token || runtime.config.getToken);
  const signedIn = hasToken || handedOff;
  const needsSignIn = !widget.public && !signedIn && signIn !== null;
  const isSignInForm = SIGN_IN_FORMS.includes(widget.name);
  const shown = needsSignIn ? signIn! : widget;
  const Widget = useMemo(() => lazyWidget(shown).Component, [shown]);
  const originBlocked = useOriginAccess();

  // `runtime.navigate()` (e.g. after a 401) moves this mount's own location.
  useEffect(
    () => runtime.events.on('navigate', ({ to, replace }) => location.navigate(to, { replace })),
    [runtime, location],
  );

  // Fetched while the form is shown, so signing in swaps it for the card without a loading flash.
  useEffect(() => {
    if (isSignInForm) signedInCard.preload().catch(() => {});
  }, [isSignInForm]);

  // Standing in for a widget: its chunks are fetched once the person starts signing in (pointer or
  // focus on the form), so it is there when they have, and a visitor who never does is spared them.
  const preloadWanted = needsSignIn ? () => void lazyWidget(widget).preload().catch(() => {}) : undefined;

  // Sign-in forms on a host page show the card alone and stay put after signing in.
  const widgetProps = needsSignIn || isSignInForm ? { embedded: true, ...(needsSignIn ? {} : props) } : props;
  const content = (
    <Suspense fallback={<LoadingState label={`Loading ${shown.title}...`} />}>
      {isSignInForm && hasToken ? (
        <SignedInCard />
      ) : needsSignIn ? (
        <Widget {...widgetProps} />
      ) : (
        // Who may open the screen shown (the widget's declaration): one gate for every way in.
        <ScreenGate widget={widget}>
          <Widget {...widgetProps} />
        </ScreenGate>
      )}
    </Suspense>
  );

  return (
    <div
      className={rootClass()}
      // Dark text on the host's own (likely light) page would not read: a dark widget paints its
      // own background.
      style={style?.colorScheme === 'dark' ? { background: 'var(--ed-bg)', ...style } : style}
      data-estatedesk-widget-root={widget.name}
      onPointerOver={preloadWanted}
      onFocusCapture={preloadWanted}
    >
      <LocationProvider source={location}>
        {originBlocked ? (
          <ErrorState message={originBlocked} />
        ) : (
          <WidgetErrorBoundary title={shown.title}>{content}</WidgetErrorBoundary>
        )}
      </LocationProvider>
    </div>
  );
}
