/**
 * The standalone full-admin page (`dist-app/`, served at `/`): one namespace, the admin app
 * mounted with hash routing, talking to the API on the same origin.
 */
import { createHashLocation } from '../core/location';
import { createEstateDesk } from '../embed/estatedesk';
import { preloadScreen } from './preload';

const element = document.getElementById('estatedesk-app');
if (element) {
  preloadScreen(createHashLocation().get());
  createEstateDesk().mount(element, 'admin-app', {}, { routing: 'hash' });
}
