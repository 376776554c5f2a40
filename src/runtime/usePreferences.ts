/**
 * The signed-in person's preferences in React (core/preferences.ts): loaded once per session by
 * whichever widget asks first, the defaults until then and whenever loading fails.
 */
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { DEFAULT_PREFERENCES, type Preferences } from '../contract/account';
import { loadPreferences, preferencesStore } from '../core/preferences';
import type { Runtime } from '../core/runtime';
import { useRuntime } from './useRuntime';

/**
 * The preferences of `runtime`'s session, or null while none are loaded (signed out, loading,
 * failed). For the embedding layer, which must tell "not set" from "the defaults".
 * @example const prefs = useLoadedPreferences(runtime);
 */
export function useLoadedPreferences(runtime: Runtime): Preferences | null {
  const token = useStore(runtime.session, (s) => s.token);
  const loaded = useStore(preferencesStore(runtime), (s) => (s.token === token ? s.preferences : null));
  useEffect(() => {
    if (token) void loadPreferences(runtime);
  }, [runtime, token]);
  return token ? loaded : null;
}

/**
 * The preferences of the runtime in context: the saved ones, else the defaults.
 * @example const { leads_page_size } = usePreferences();
 */
export function usePreferences(): Preferences {
  return useLoadedPreferences(useRuntime('usePreferences')) ?? DEFAULT_PREFERENCES;
}
