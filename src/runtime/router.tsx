/**
 * A small router over a `LocationSource` (see core/location.ts). Its `useLocation()` has wouter's
 * shape, `[path, navigate]`, and `<Switch>`/`<Route>`/`useParams()` route a widget's own screens
 * (list, details/:id, edit/:id, …) as wouter would, without wouter's import-time patching of
 * `history`. One `<LocationProvider>` per mount: the full app uses the hash source, an embedded
 * widget memory or a scoped hash, so the same screens route alike in all three.
 */
import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createMemoryLocation, splitPath, type LocationSource, type NavigateOptions } from '../core/location';
import { matchPath } from '../core/matchPath';
import { EstateDeskContext } from './EstateDeskContext';

const LocationContext = createContext<LocationSource | null>(null);

/** Provides the location source for everything below it. */
export function LocationProvider({ source, children }: { source: LocationSource; children: ReactNode }) {
  return <LocationContext.Provider value={source}>{children}</LocationContext.Provider>;
}

// Outside any provider (a screen rendered on its own, e.g. in a test) a private memory location serves.
let fallbackSource: LocationSource | null = null;
function useSource(): LocationSource {
  const source = useContext(LocationContext);
  if (source) return source;
  fallbackSource ??= createMemoryLocation('/');
  return fallbackSource;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

/**
 * The current path (without the search part) and `navigate`.
 * @example const [path, navigate] = useLocation(); navigate('/dashboard');
 */
export function useLocation(): [string, Navigate] {
  const source = useSource();
  const full = useSyncExternalStore(source.subscribe, source.get, source.get);
  const navigate = useCallback<Navigate>((to, options) => source.navigate(to, options), [source]);
  return [splitPath(full).path, navigate];
}

/** The current search parameters, e.g. the `token` of `/reset-password?token=…`. */
export function useSearchParams(): URLSearchParams {
  const source = useSource();
  const full = useSyncExternalStore(source.subscribe, source.get, source.get);
  return useMemo(() => splitPath(full).search, [full]);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/**
 * The URL that shows `to` where this mount keeps its path: the source's own (`#/path` in the full
 * app, the prefixed fragment under a host's hash prefix); for memory routing the full app's screen
 * when the config names `appUrl`, else none — a host-page path would open the host's own page.
 * @example linkHref(createScopedHashLocation('/ed'), '/property/42') // '#/ed/property/42'
 */
export function linkHref(source: LocationSource, to: string, appUrl?: string): string | null {
  const own = source.href(to);
  if (own !== null || !appUrl) return own;
  // The full app routes by fragment (README.md): its page, then `#/path`.
  return `${appUrl.replace(/#.*$/, '')}#${to.startsWith('/') ? to : `/${to}`}`;
}

/**
 * An anchor that navigates within the mount. Its `href` is the URL the mount's location really
 * shows (`linkHref`), so a modified click (ctrl/meta/shift/alt, middle button), "copy link" or a
 * bookmark opens that, in a new tab or window, and never also navigates in place; a plain click
 * navigates in place. Without a URL to open (memory routing, no `appUrl`) it is still a link to
 * keyboards and readers, and a modified click does nothing.
 */
export function Link({ to, replace, onClick, onKeyDown, children, ...rest }: LinkProps) {
  const source = useSource();
  const runtime = useContext(EstateDeskContext);
  const href = linkHref(source, to, runtime?.config.appUrl);
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      // The browser opens `href` itself; with none there is nothing to open.
      if (href === null) event.preventDefault();
      return;
    }
    event.preventDefault();
    source.navigate(to, { replace });
  };
  const key = (event: KeyboardEvent<HTMLAnchorElement>) => {
    onKeyDown?.(event);
    // An anchor without href gets no Enter activation from the browser.
    if (!event.defaultPrevented && href === null && event.key === 'Enter') {
      event.preventDefault();
      source.navigate(to, { replace });
    }
  };
  return (
    <a {...rest} {...(href === null ? { role: 'link', tabIndex: rest.tabIndex ?? 0 } : { href })} onClick={handle} onKeyDown={key}>
      {children}
    </a>
  );
}

export type Params = Record<string, string>;

const ParamsContext = createContext<Params>({});

/**
 * The params of the nearest matched `<Route>`.
 * @example const { id } = useParams<{ id: string }>();
 */
export function useParams<T extends Params = Params>(): T {
  return useContext(ParamsContext) as T;
}

export interface RouteProps {
  /** A pattern with `:param` segments; without one the route always matches (a default). */
  path?: string;
  /** Rendered with `params` as a prop when the path matches. */
  component?: ComponentType<{ params: Params }>;
  /** Rendered when the path matches; a function receives the params. */
  children?: ReactNode | ((params: Params) => ReactNode);
}

function renderRoute({ component: Screen, children }: RouteProps, params: Params): ReactElement {
  const content = Screen ? <Screen params={params} /> : typeof children === 'function' ? children(params) : children;
  return <ParamsContext.Provider value={params}>{content}</ParamsContext.Provider>;
}

/**
 * Renders its content when the current path matches `path`.
 * @example <Route path="/property/:id" component={PropertyDetails} />
 */
export function Route(props: RouteProps) {
  const [path] = useLocation();
  const params = props.path === undefined ? {} : matchPath(props.path, path);
  return params ? renderRoute(props, params) : null;
}

/**
 * Renders the first child `<Route>` whose path matches (a route without `path` matches anything).
 * @example
 * <Switch>
 *   <Route path="/properties/list" component={PropertyGrid} />
 *   <Route path="/properties/edit/:id" component={EditProperty} />
 *   <Route component={PropertyGrid} />
 * </Switch>
 */
export function Switch({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const params = child.props.path === undefined ? {} : matchPath(child.props.path, path);
    if (params) return renderRoute(child.props, params);
  }
  return null;
}
