/**
 * Starts downloading the screen of the path the page opened at, while the app chunk downloads.
 * Without it a deep link waits for three lazy loads one after another (the page entry, then the
 * app shell, then the screen); with it the screen's chunk arrives beside the shell's. The app's
 * own `lazy()` then finds the module already loaded or on its way (one fetch per URL).
 */
import { findRoute } from './routes';
import { SCREENS } from './screens';

/**
 * @example
 * preloadScreen('/leads-management'); // begins fetching the leads board chunk
 */
export function preloadScreen(path: string): void {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  const found = findRoute(clean);
  const load = found ? SCREENS[found.route.screen] : undefined;
  // A failure here is not reported: the app's lazy() asks again and shows its own error state.
  if (load) load().catch(() => {});
}
