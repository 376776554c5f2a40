/**
 * The route table of docs/product/screens.md as data: which screen each path shows, which paths are
 * public, and the guards ("Guards and redirects" there: every route but the sign-in ones needs a
 * stored token; Add Company and All Companies send company admins to /dashboard). Pure, so the
 * rules are tested without rendering.
 */
import { USER_TYPES } from '../contract';
import { matchPath } from '../core/matchPath';

export type ScreenId =
  | 'admin-login'
  | 'register'
  | 'login'
  | 'verify-email'
  | 'reset-password'
  | 'accept-invitation'
  | 'undo-email-change'
  | 'dashboard'
  | 'account'
  | 'preferences'
  | 'user-management'
  | 'my-company-profile'
  | 'roles'
  | 'add-company'
  | 'company-list'
  | 'company-profile'
  | 'property-add'
  | 'property-edit'
  | 'property-list'
  | 'property-details'
  | 'favourites'
  | 'leads'
  | 'calendar';

export interface RouteDef {
  path: string;
  screen: ScreenId;
  /** Reachable without a stored token. */
  public?: boolean;
  /** Company admins are sent to /dashboard (docs/product/screens.md). */
  superAdminArea?: boolean;
  title: string;
}

/** Every route of the product, plus the landings of mailed links (verification, reset, invitation, e-mail change undo). */
export const ROUTES: readonly RouteDef[] = [
  { path: '/admin/login', screen: 'admin-login', public: true, title: 'Admin login' },
  { path: '/register', screen: 'register', public: true, title: 'Register' },
  { path: '/login', screen: 'login', public: true, title: 'Sign in' },
  { path: '/verify-email', screen: 'verify-email', public: true, title: 'Verify e-mail' },
  { path: '/reset-password', screen: 'reset-password', public: true, title: 'Reset password' },
  { path: '/accept-invitation', screen: 'accept-invitation', public: true, title: 'Set your password' },
  { path: '/undo-email-change', screen: 'undo-email-change', public: true, title: 'Undo the e-mail change' },
  { path: '/dashboard', screen: 'dashboard', title: 'Dashboard' },
  { path: '/profile', screen: 'account', title: 'Profile' },
  { path: '/settings', screen: 'account', title: 'Settings' },
  { path: '/preferences', screen: 'preferences', title: 'Preferences' },
  { path: '/management/user/usermanagement', screen: 'user-management', title: 'User Management' },
  { path: '/management/user/companyprofile', screen: 'my-company-profile', title: 'Company Profile' },
  { path: '/management/system/rolesandpermission', screen: 'roles', title: 'Roles & Permissions' },
  { path: '/management/company/addcompany', screen: 'add-company', superAdminArea: true, title: 'Add Company' },
  { path: '/management/company/companylist', screen: 'company-list', superAdminArea: true, title: 'All Companies' },
  { path: '/management/company/companyprofile', screen: 'company-profile', title: 'Company Profile' },
  { path: '/properties/add', screen: 'property-add', title: 'Add Property' },
  { path: '/properties/edit/:id', screen: 'property-edit', title: 'Edit Property' },
  { path: '/properties/list', screen: 'property-list', title: 'All Properties' },
  { path: '/property/:id', screen: 'property-details', title: 'Property' },
  { path: '/properties/favourites', screen: 'favourites', title: 'Favourites' },
  { path: '/leads-management', screen: 'leads', title: 'Leads' },
  { path: '/calendar', screen: 'calendar', title: 'Calendar' },
];

/** Paths that only redirect. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/': '/dashboard',
  '/properties': '/properties/list',
};

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';

export function findRoute(path: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

export type RouteDecision =
  | { kind: 'redirect'; to: string }
  | { kind: 'screen'; route: RouteDef; params: Record<string, string> }
  | { kind: 'fallback' };

/**
 * What the app shows for a path. Route protection is only the presence of a stored token
 * (docs/product/screens.md); the server enforces everything else.
 */
export function decideRoute(path: string, session: { token: string | null; userType?: string | null }): RouteDecision {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  const redirect = REDIRECTS[clean];
  if (redirect) return decideRedirect(redirect, session);
  const found = findRoute(clean);
  if (!found) return session.token ? { kind: 'fallback' } : { kind: 'redirect', to: LOGIN_PATH };
  if (!found.route.public && !session.token) return { kind: 'redirect', to: LOGIN_PATH };
  if (found.route.superAdminArea && session.userType !== USER_TYPES[0]) return { kind: 'redirect', to: HOME_PATH };
  return { kind: 'screen', ...found };
}

function decideRedirect(to: string, session: { token: string | null }): RouteDecision {
  return !session.token && to === HOME_PATH ? { kind: 'redirect', to: LOGIN_PATH } : { kind: 'redirect', to };
}
