/**
 * Puts a runtime in context. The runtime is created outside React (by the app, the embed
 * layer or a test) so that sessions and toasts survive remounts and are shared by portals.
 */
import type { ReactNode } from 'react';
import type { Runtime } from '../core';
import { EstateDeskContext } from './EstateDeskContext';

export interface RuntimeProviderProps {
  runtime: Runtime;
  children?: ReactNode;
}

/**
 * Makes `runtime` available to the hooks below.
 *
 * @example
 * const runtime = createRuntime({ apiBase: 'https://api.example.com' });
 * createRoot(el).render(<RuntimeProvider runtime={runtime}><LeadsBoard /></RuntimeProvider>);
 */
export function RuntimeProvider({ runtime, children }: RuntimeProviderProps) {
  return <EstateDeskContext.Provider value={runtime}>{children}</EstateDeskContext.Provider>;
}
