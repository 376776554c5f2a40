/**
 * Starts downloading the screen of the path the page opened at, while the app chunk downloads.
 * Without it a deep link waits for three lazy loads one after another (the page entry, then the
 * app shell, then the screen); with it the screen's chunk arrives beside the shell's, and once it
 * is here the app renders the screen without suspending (see `lazyComponent`).
 */
import { lazyWidget } from '../runtime/widget';
import { findRoute } from './routes';
import { screenFor } from './screens';

/**
 * @example
 * preloadScreen('/leads-management'); // begins fetching the leads board chunk
 */
export function preloadScreen(path: string): Promise<void> {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  const found = findRoute(clean) ? screenFor(clean) : null;
  // A failure here is not reported: the app asks again and shows its own error state.
  return found ? lazyWidget(found.widget).preload().catch(() => {}) : Promise.resolve();
}
