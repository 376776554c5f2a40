/**
 * `React.lazy` that stops suspending once its module has arrived.
 *
 * A plain `lazy()` component suspends on its first render even when its chunk is already loaded
 * (the import promise settles a microtask later), so a "Loading..." fallback commits, and React 19
 * then holds the reveal back for up to 300 ms after that fallback appeared (it batches reveals).
 * On a deep link to the leads board that was the app shell's and the screen's fallbacks in turn,
 * with the browser idle between. Preloading the module and rendering it directly once it is here
 * skips both. Which of the two a mounted instance renders is fixed when it mounts: switching the
 * element type later would remount the widget and lose its state.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

export interface LazyComponent<P> {
  /** Renders the module's default export, suspending only while it has not arrived. */
  Component: ComponentType<P>;
  /** Starts (or joins) the download; resolves when the component can render without suspending. */
  preload(): Promise<void>;
}

/**
 * @example
 * const leads = lazyComponent(() => import('./LeadsBoard'));
 * void leads.preload(); // at page start
 * <Suspense fallback={<Spinner />}><leads.Component /></Suspense>
 */
export function lazyComponent<P>(load: () => Promise<Module<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const fetchModule = (): Promise<Module<P>> =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A later render (the error boundary's retry) may try the download again.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(fetchModule);
  function LazyOrLoaded(props: P & object) {
    const [type] = useState<ComponentType<any>>(() => loaded ?? Lazy);
    return createElement(type, props);
  }
  return { Component: LazyOrLoaded as ComponentType<P>, preload: () => fetchModule().then(() => undefined) };
}
