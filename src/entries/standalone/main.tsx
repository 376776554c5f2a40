/**
 * The standalone full-admin page (`dist-app/`, served at `/`): one namespace, the admin app
 * mounted with hash routing, talking to the API on the same origin.
 */
import { adminApp } from '../../app';
import { preloadScreen } from '../../app/preload';
import { createHashLocation } from '../../core/location';
import { createEstateDesk } from '../../embed/estatedesk';
import { pageNonce } from '../../embed/pageNonce';
import { preloadWidget } from '../../embed/WidgetFrame';
import { WIDGET_CATALOG } from '../../widgets/catalog';

// Longer than this and the page mounts anyway, showing its loading states.
const PRELOAD_WAIT_MS = 400;

const element = document.getElementById('estatedesk-app');
if (element) {
  // The server's policy admits only styles carrying the page's nonce, the suite's own included.
  const app = createEstateDesk({ nonce: pageNonce() }, { widgets: [adminApp, ...WIDGET_CATALOG] });
  // The app shell and the linked screen download side by side; mounting once both are here renders
  // the screen at once, with no "Loading..." fallbacks for React to hold back (see lazyComponent).
  const ready = Promise.allSettled([preloadWidget(adminApp), preloadScreen(createHashLocation().get())]);
  const wait = new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS));
  void Promise.race([ready, wait]).then(() => app.mount(element, 'admin-app', {}, { routing: 'hash' }));
}
