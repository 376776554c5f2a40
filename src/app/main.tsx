/**
 * The standalone full-admin page (`dist-app/`, served at `/`): one namespace, the admin app
 * mounted with hash routing, talking to the API on the same origin.
 */
import { createEstateDesk } from '../embed/estatedesk';

const element = document.getElementById('estatedesk-app');
if (element) createEstateDesk().mount(element, 'admin-app', {}, { routing: 'hash' });
