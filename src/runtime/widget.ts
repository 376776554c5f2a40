/**
 * What a widget tells the suite about itself, declared once in its folder's `widget.ts`: its name,
 * lazy component and its screens (`defineScreens`, `./screens.ts`: path, title, who may open each,
 * its sidebar place). The registry, the npm exports, the custom elements, the full app's route
 * table, guards, sidebar and titles, and the permission gate of every mount all read this one
 * declaration (`src/widgets/catalog.ts` lists them).
 */
import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from './lazyComponent';
import type { Screen, ScreenAccess, Screens } from './screens';

export interface WidgetDescriptor<P = Record<string, unknown>> {
  /** Registry name, also the custom element's suffix: `leads-board` → `<estatedesk-leads-board>`. */
  name: string;
  /** Human title, for loading states and accessible labels. */
  title: string;
  /** The widget's lazy chunk. */
  load: () => Promise<{ default: ComponentType<P> }>;
  /**
   * Renders without a signed-in user (the sign-in forms, the full app). Others show sign-in in
   * place. Said here, beside `name` and `load`, although it follows from the screens: the build
   * groups the script tag's chunks by it, reading it from the built declaration's text
   * (scripts/chunkGraph.ts), and `defineWidget` refuses a flag that disagrees with the screens.
   */
  public?: boolean;
  /** Its screens (`defineScreens`); the first is where it starts when mounted alone. */
  screens?: Screens;
}

/**
 * Declares a widget descriptor with its props type checked.
 * @example
 * export const LEADS_SCREENS = defineScreens({ board: { path: '/leads-management', title: 'Leads' } });
 * export const leadsBoardWidget = defineWidget({
 *   name: 'leads-board', title: 'Leads', load: () => import('./LeadsBoard'), screens: LEADS_SCREENS,
 * });
 */
export const defineWidget = <P,>(descriptor: WidgetDescriptor<P>): WidgetDescriptor<P> => {
  const screens = Object.values(descriptor.screens ?? {});
  const allPublic = screens.length > 0 && screens.every((s) => s.access === 'public');
  if (allPublic !== (descriptor.public === true) && screens.length > 0) {
    throw new Error(`widget ${descriptor.name}: ${allPublic ? 'every screen is public: declare public: true' : 'public: true, but a screen needs a signed-in user'}`);
  }
  return descriptor;
};

/** A widget's screens in declaration order. */
export const screensOf = (widget: WidgetDescriptor<any>): readonly Screen[] => Object.values(widget.screens ?? {});

/** Where a widget mounted alone starts: its first screen (a parameter's segment left out), else `/`. */
export const startPath = (widget: WidgetDescriptor<any>): string => screensOf(widget)[0]?.path.replace(/\/:[^/]+/g, '') || '/';

/** The widget (and its screen and params) showing `path`, if one declares it. */
export function findScreen(
  widgets: readonly WidgetDescriptor<any>[],
  path: string,
): { widget: WidgetDescriptor<any>; screen: Screen; params: Record<string, string> } | null {
  for (const widget of widgets) {
    for (const screen of screensOf(widget)) {
      const params = screen.match(path);
      if (params) return { widget, screen, params };
    }
  }
  return null;
}

/**
 * Who may see a widget at `path`: the access of the screen it shows there — the matching screen,
 * else its first (a widget's own `<Switch>` falls back to its first screen).
 */
export function accessAt(widget: WidgetDescriptor<any>, path: string): ScreenAccess | undefined {
  const screens = screensOf(widget);
  return (screens.find((s) => s.match(path)) ?? screens[0])?.access;
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
