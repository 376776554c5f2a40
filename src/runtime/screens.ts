/**
 * Screens, declared once in their widget's `widget.ts` (docs/new-widget.md, "The widget folder"):
 * the path, the title, who may open it and where it sits in the full app's sidebar. The full app's
 * route table, guards, sidebar and document titles, the widget's own `<Switch>` and every link to
 * the screen read this one declaration; `path` is written nowhere else (tests/architecture/
 * screenPaths.test.ts), links use the typed `href()`. Pure: no React.
 */
import { USER_TYPES } from '../contract/constants';
import type { Permission } from '../contract/permissions';
import { fillPath, matchPath } from '../core/matchPath';

/**
 * Who may open a screen (docs/product/screens.md, "Guards and redirects"; docs/product/roles.md):
 * - `public`: anyone, signed in or not (the sign-in screens and the mailed links' landings);
 * - `signed-in` (the default): anyone with a stored token;
 * - `{ permission }`: signed in, and an agent needs the permission (other user types hold all);
 * - `admin`: a company admin or the super admin; an agent gets the refusal in its place and no
 *   sidebar link (the audit log: the server answers agents 403 whatever their permissions);
 * - `company-admin`: a company admin alone, for what belongs to one company and no one else
 *   (webhooks): the super admin, who has no company, gets the refusal and no link, as an agent does;
 * - `super-admin`: the super admin's area; the full app sends everyone else to /dashboard.
 */
export type ScreenAccess = 'public' | 'signed-in' | 'admin' | 'company-admin' | 'super-admin' | { permission: Permission };

/** The sidebar's icons (`src/app/NavIcon.tsx` draws them). */
export type NavIconName = 'dashboard' | 'management' | 'user' | 'system' | 'company' | 'properties' | 'leads' | 'calendar';

/** The sidebar's groups; `src/app/navigation.ts` gives each its label, icon, parent and place. */
export type NavGroupId = 'management' | 'management.user' | 'management.system' | 'management.company' | 'properties';

/** Where a screen sits in the full app's sidebar. A screen without `nav` has no sidebar link. */
export interface ScreenNav {
  /** The group it sits in; none: the top level. */
  group?: NavGroupId;
  /** The link's text, when it differs from the screen's title. */
  label?: string;
  icon?: NavIconName;
  /** Its place among the entries of its group (or of the top level, groups included). */
  order: number;
}

/** A screen as its widget declares it. */
export interface ScreenSpec<P extends string = string> {
  /** The route pattern, `:name` for a parameter: `/property/:id`. */
  path: P;
  /** The top bar's heading and the document title (`<title> · EstateDesk`). */
  title: string;
  /** Default `signed-in`. */
  access?: ScreenAccess;
  nav?: ScreenNav;
}

/** The parameters a pattern takes: `'/properties/edit/:id'` → `{ id: string | number }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** A query string's values: `{ lead: 7 }` → `?lead=7`; `undefined` values are left out. */
export type SearchParams = Record<string, string | number | undefined>;

/** A path without parameters takes none: `{}` or nothing (so `{ id: 1 }` does not compile). */
type NoParams = Partial<Record<string, never>>;

type HrefArgs<P extends string> = keyof PathParams<P> extends never
  ? [params?: NoParams, search?: SearchParams]
  : [params: PathParams<P>, search?: SearchParams];

/** A declared screen with its typed helpers. */
export interface Screen<P extends string = string> extends ScreenSpec<P> {
  /**
   * The path of this screen, parameters encoded.
   * @example PROPERTY_SCREENS.edit.href({ id: 42 }) // '/properties/edit/42'
   * @example LEADS_SCREENS.board.href({}, { lead: 7 }) // '/leads-management?lead=7'
   */
  href(...args: HrefArgs<P>): string;
  /** The params of `path` when it shows this screen, else null (its `?search` ignored). */
  match(path: string): Record<string, string> | null;
}

/** A widget's screens by key, in the order they were declared. */
export type Screens = Readonly<Record<string, Screen>>;

function screen<P extends string>(spec: ScreenSpec<P>): Screen<P> {
  return {
    ...spec,
    href: (...[params, search]: HrefArgs<P>) => {
      const path = fillPath(spec.path, (params ?? {}) as Record<string, string | number>);
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(search ?? {})) if (value !== undefined) query.set(key, String(value));
      const text = query.toString();
      return text ? `${path}?${text}` : path;
    },
    match: (path) => matchPath(spec.path, path),
  };
}

/**
 * Declares a widget's screens with their typed helpers.
 * @example
 * export const PROPERTY_SCREENS = defineScreens({
 *   list: { path: '/properties/list', title: 'All Properties', access: { permission: PERMISSIONS.propertyRead },
 *           nav: { group: 'properties', order: 2 } },
 *   details: { path: '/property/:id', title: 'Property', access: { permission: PERMISSIONS.propertyRead } },
 * });
 * PROPERTY_SCREENS.details.href({ id: 42 }); // '/property/42'
 */
export function defineScreens<const S extends Record<string, ScreenSpec>>(specs: S): { readonly [K in keyof S]: Screen<S[K]['path']> } {
  return Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, screen(spec)])) as never;
}

/** The permission a screen's access names, if any. */
export const screenPermission = (access: ScreenAccess | undefined): Permission | undefined =>
  typeof access === 'object' ? access.permission : undefined;

/** An access only some user types pass whatever their permissions. */
export type AdminAccess = 'admin' | 'company-admin';
export const isAdminAccess = (access: ScreenAccess | undefined): access is AdminAccess => access === 'admin' || access === 'company-admin';

/** Whether a user type opens screens of `access`: a company admin both, the super admin `admin` ones. */
export const opensAdminScreens = (userType: string | null | undefined, access: AdminAccess = 'admin'): boolean =>
  userType === USER_TYPES[1] || (access === 'admin' && userType === USER_TYPES[0]);
