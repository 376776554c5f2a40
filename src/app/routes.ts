/**
 * The full app's route table, derived from the screens' declarations (`screens.ts`: each widget's
 * `widget.ts`, and the app's own), and the guards of docs/product/screens.md ("Guards and
 * redirects": every route but the sign-in ones needs a stored token; the super admin's area — Add
 * Company, All Companies — sends everyone else to /dashboard; unknown paths show the fallback page
 * once signed in). Pure, so the rules are tested without rendering.
 */
import { USER_TYPES } from '../contract';
import type { Screen } from '../runtime/screens';
import { AUTH_SCREENS } from '../widgets/auth/widgets';
import { DASHBOARD_SCREENS } from '../widgets/dashboard/widget';
import { PROPERTY_SCREENS } from '../widgets/property-inventory/widget';
import { appScreens } from './screens';

export const LOGIN_PATH = AUTH_SCREENS.login.href();
export const HOME_PATH = DASHBOARD_SCREENS.home.href();

/** Paths that only redirect. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/': HOME_PATH,
  '/properties': PROPERTY_SCREENS.list.href(),
};

/** The route table: every declared screen of the full app. */
export const ROUTES: readonly Screen[] = appScreens().map((s) => s.screen);

export function findRoute(path: string, routes: readonly Screen[] = ROUTES): { route: Screen; params: Record<string, string> } | null {
  for (const route of routes) {
    const params = route.match(path);
    if (params) return { route, params };
  }
  return null;
}

export type RouteDecision =
  | { kind: 'redirect'; to: string }
  | { kind: 'screen'; route: Screen; params: Record<string, string> }
  | { kind: 'fallback' };

/**
 * What the app shows for a path. Route protection is only the presence of a stored token
 * (docs/product/screens.md) and the super admin's area; a screen's permission is checked where the
 * widget renders (`src/widgets/ScreenGate.tsx`), and the server enforces everything.
 */
export function decideRoute(
  path: string,
  session: { token: string | null; userType?: string | null },
  routes: readonly Screen[] = ROUTES,
): RouteDecision {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  const redirect = REDIRECTS[clean];
  if (redirect) return decideRedirect(redirect, session);
  const found = findRoute(clean, routes);
  if (!found) return session.token ? { kind: 'fallback' } : { kind: 'redirect', to: LOGIN_PATH };
  const access = found.route.access ?? 'signed-in';
  if (access !== 'public' && !session.token) return { kind: 'redirect', to: LOGIN_PATH };
  if (access === 'super-admin' && session.userType !== USER_TYPES[0]) return { kind: 'redirect', to: HOME_PATH };
  return { kind: 'screen', ...found };
}

function decideRedirect(to: string, session: { token: string | null }): RouteDecision {
  return !session.token && to === HOME_PATH ? { kind: 'redirect', to: LOGIN_PATH } : { kind: 'redirect', to };
}
