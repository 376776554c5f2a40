/**
 * What a widget tells the suite about itself, declared once in its folder's `widget.ts`: its name,
 * lazy component, required permission, and the screens of the full app it shows. The registry, the
 * npm exports, the custom elements, the full app's screens and the sidebar all read this one
 * declaration (`src/widgets/catalog.ts` lists them).
 */
import type { ComponentType } from 'react';
import type { Permission } from '../contract';
import { matchPath } from '../core/matchPath';
import { lazyComponent, type LazyComponent } from './lazyComponent';

/** One screen of the full app (a route of docs/product/screens.md) that a widget shows. */
export interface WidgetScreen {
  /** The route pattern, e.g. `/property/:id`; the widget routes between its screens itself. */
  path: string;
  /** What an agent needs for this screen (docs/product/roles.md): the sidebar hides its link without it. */
  permission?: Permission;
}

export interface WidgetDescriptor<P = Record<string, unknown>> {
  /** Registry name, also the custom element's suffix: `leads-board` → `<estatedesk-leads-board>`. */
  name: string;
  /** Human title, for loading states and accessible labels. */
  title: string;
  /** The widget's lazy chunk. */
  load: () => Promise<{ default: ComponentType<P> }>;
  /** Renders without a signed-in user (the sign-in forms). Others show sign-in in place. */
  public?: boolean;
  /** What an agent needs to use the widget at all (docs/product/roles.md). */
  permission?: Permission;
  /** The full app's screens it shows; the first is where it starts when mounted alone. */
  screens?: readonly WidgetScreen[];
}

/**
 * Declares a widget descriptor with its props type checked.
 * @example
 * export const leadsBoardWidget = defineWidget({
 *   name: 'leads-board', title: 'Leads', load: () => import('./LeadsBoard'),
 *   screens: [{ path: '/leads-management' }],
 * });
 */
export const defineWidget = <P,>(descriptor: WidgetDescriptor<P>): WidgetDescriptor<P> => descriptor;

/** Where a widget mounted alone starts: its first screen, else `/`. */
export const startPath = (widget: WidgetDescriptor<any>): string => widget.screens?.[0]?.path.replace(/\/:[^/]+/g, '') || '/';

/** The widget (and its screen and params) showing `path` in the full app, if one is declared. */
export function findScreen(
  widgets: readonly WidgetDescriptor<any>[],
  path: string,
): { widget: WidgetDescriptor<any>; screen: WidgetScreen; params: Record<string, string> } | null {
  for (const widget of widgets) {
    for (const screen of widget.screens ?? []) {
      const params = matchPath(screen.path, path);
      if (params) return { widget, screen, params };
    }
  }
  return null;
}

const lazyCache = new WeakMap<WidgetDescriptor<any>, LazyComponent<any>>();

/** The one lazy component of a widget, shared by every mount, the app and preloading. */
export function lazyWidget(widget: WidgetDescriptor<any>): LazyComponent<any> {
  let component = lazyCache.get(widget);
  if (!component) {
    component = lazyComponent(widget.load);
    lazyCache.set(widget, component);
  }
  return component;
}
