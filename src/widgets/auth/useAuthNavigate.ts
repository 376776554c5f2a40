/**
 * How the sign-in screens move on: through the `onNavigate` prop when a host gives one, else
 * through the router of the mount they render in (hash routing in the full app, memory or a
 * scoped hash when embedded).
 */
import { useCallback } from 'react';
import { useLocation } from '../../runtime/router';

/** A function that goes to an app path, e.g. `/dashboard`. */
export type AuthNavigate = (path: string) => void;

/**
 * The navigate function of a sign-in screen.
 *
 * @example
 * const navigate = useAuthNavigate(props.onNavigate);
 * navigate('/dashboard');
 */
export function useAuthNavigate(onNavigate?: AuthNavigate): AuthNavigate {
  const [, navigate] = useLocation();
  return useCallback((path: string) => (onNavigate ? onNavigate(path) : navigate(path)), [onNavigate, navigate]);
}
