/**
 * What the script-tag loader leaves on `window.EstateDesk` for the runtime: calls queued before
 * the runtime arrived, with stand-in handles the runtime connects to real ones, and the settings
 * read from the loader's own tag. Types and one name only: the loader is a separate,
 * dependency-free file.
 */
import type { NamespaceConfig } from './namespace';

/** The widget shown in place of another whose user is not signed in. */
export const SIGN_IN_WIDGET = 'sign-in';

/** One queued call; `on` calls get `off` once real, or `x` when cancelled before that. */
export interface QueuedCall {
  m: string;
  a: unknown[];
  /** The stand-in handle a queued `mount` returned. */
  h?: DeferredHandle;
  /** Resolves the promise a queued `ready` returned. */
  r?: (api: unknown) => void;
  off?: () => void;
  x?: 1;
}

/** The stand-in of a mount handle: calls queue in `q` until the runtime sets `real`. */
export interface DeferredHandle {
  q: QueuedCall[];
  real?: Record<string, (...args: unknown[]) => unknown>;
}

/** `window.EstateDesk` while only the loader has run. */
export interface LoaderStub {
  __loader: 1;
  q: QueuedCall[];
  /** Starts fetching a widget's chunks (modulepreload, once per file); a no-op without a manifest. */
  preload?: (widget: string) => void;
  /** Settings from the loader tag's `data-*` attributes. */
  config: NamespaceConfig & { namespace?: string };
}
