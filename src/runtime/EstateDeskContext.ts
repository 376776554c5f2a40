/**
 * The React context that carries one runtime (one namespace) to every widget below it.
 */
import { createContext } from 'react';
import type { Runtime } from '../core';

/**
 * Holds the runtime; `null` outside a `<RuntimeProvider>`, which the hooks turn into a clear error.
 *
 * @example
 * <EstateDeskContext.Provider value={runtime}>...</EstateDeskContext.Provider>
 */
export const EstateDeskContext = createContext<Runtime | null>(null);
EstateDeskContext.displayName = 'EstateDeskContext';
