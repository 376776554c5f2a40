/**
 * A small router over a `LocationSource` (see core/location.ts). Its `useLocation()` has wouter's
 * shape, `[path, navigate]`, so screens read as they would with wouter, without wouter's import-time
 * patching of `history`. One `<LocationProvider>` per mount: the full app uses the hash source, an
 * embedded widget memory or a scoped hash.
 */
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createMemoryLocation, splitPath, type LocationSource, type NavigateOptions } from '../core/location';

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

/** An anchor that navigates within the mount; modified clicks (new tab) behave as browsers do. */
export function Link({ to, replace, onClick, children, ...rest }: LinkProps) {
  const [, navigate] = useLocation();
  const source = useSource();
  const href = source.kind === 'hash' ? `#${to}` : source.kind === 'memory' ? to : undefined;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace });
  };
  return (
    <a {...rest} href={href ?? to} onClick={handle}>
      {children}
    </a>
  );
}
