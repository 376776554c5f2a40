/**
 * A runtime: everything one namespace shares (config, storage, session, API client, toasts,
 * events). Nothing is global, so two namespaces on one page never see each other's state.
 */
import { createApiClient, type ApiClient } from './api';
import { resolveConfig, type EstateDeskConfig } from './config';
import { createEmitter, type Emitter, type RuntimeEvents } from './events';
import { createLiveUpdates, type LiveUpdates } from './liveUpdates';
import { createSessionStore, type SessionStore } from './session';
import { createStorage, type StorageApi } from './storage';
import { createToastStore, toastActions, type ToastActions, type ToastStore } from './toasts';

/** What `createRuntime` returns. */
export interface Runtime {
  config: EstateDeskConfig;
  storage: StorageApi;
  session: SessionStore;
  api: ApiClient;
  /** The toast store (state and actions); `toast` holds the same actions as one stable object. */
  toasts: ToastStore;
  toast: ToastActions;
  events: Emitter<RuntimeEvents>;
  /** Colleagues' changes as they happen (one stream for the namespace, opened while a widget listens). */
  live: LiveUpdates;
  /** Asks the mount's router to go to `to` (emits `navigate`). */
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
  /** Stops timers and cross-tab listening, and drops every event listener. */
  dispose(): void;
}

/** Extra wiring for tests and unusual hosts. */
export interface RuntimeOptions {
  fetch?: typeof globalThis.fetch;
}

/**
 * Builds a runtime. It emits `signed-in` and `signed-out` whenever the session's token appears,
 * changes or goes away (here, in another tab, or after a 401), and `unauthorized` after a 401.
 *
 * @example
 * const rt = createRuntime({ apiBase: 'https://api.example.com' });
 * rt.events.on('unauthorized', () => rt.navigate('/login'));
 * <RuntimeProvider runtime={rt}>...</RuntimeProvider>
 */
export function createRuntime(partialConfig: Partial<EstateDeskConfig> = {}, options: RuntimeOptions = {}): Runtime {
  const config = resolveConfig(partialConfig);
  const storage = createStorage(config.storagePrefix, config.storage);
  const session = createSessionStore(storage);
  const events = createEmitter<RuntimeEvents>();
  const toasts = createToastStore();
  const api = createApiClient({ config, session, events, ...(options.fetch ? { fetch: options.fetch } : {}) });

  const live = createLiveUpdates(api, session);

  const stopWatching = session.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    if (state.token) events.emit('signed-in', { user: state.user });
    else events.emit('signed-out');
  });

  return {
    config,
    storage,
    session,
    api,
    toasts,
    toast: toastActions(toasts),
    events,
    live,
    navigate: (to, navigateOptions = {}) => events.emit('navigate', { to, ...navigateOptions }),
    dispose() {
      stopWatching();
      live.dispose();
      session.dispose();
      toasts.dispose();
      events.clear();
    },
  };
}
