/**
 * Access to the runtime of the nearest `<RuntimeProvider>`.
 */
import { useContext } from 'react';
import type { Runtime } from '../core';
import { EstateDeskContext } from './EstateDeskContext';

/**
 * The runtime in context; throws a clear error outside a provider, where a `null` would only
 * fail later and far from the cause. `hook` names the caller in that error (the other hooks
 * pass their own name).
 *
 * @example
 * const { navigate } = useRuntime();
 */
export function useRuntime(hook = 'useRuntime'): Runtime {
  const runtime = useContext(EstateDeskContext);
  if (!runtime) {
    throw new Error(
      `EstateDesk: ${hook}() was called outside <RuntimeProvider>. Wrap the component in ` +
        '<RuntimeProvider runtime={createRuntime(config)}> (or mount it through EstateDesk.mount).',
    );
  }
  return runtime;
}
