/**
 * The full admin app as a widget: the shell, sidebar, top bar and every route of
 * docs/product/screens.md. The standalone page mounts it with hash routing; React hosts render
 * `<EstateDeskApp/>`.
 */
import { defineWidget } from '../runtime/widget';

export const adminApp = defineWidget({
  name: 'admin-app',
  title: 'EstateDesk',
  load: () => import('./App'),
  // The app routes to its own sign-in screens, so it renders without a signed-in user.
  public: true,
});
