/**
 * The full app's screens: every widget's declared screens (`src/widgets/catalog.ts`), plus the
 * ones the app shows itself. A route no widget renders yet is declared here and shows the fallback
 * page ("Oops! Try Again Later", docs/product/screens.md) — with its sidebar entry and guard, as
 * any other screen. Today every screen of the product has its widget.
 */
import { defineScreens, type Screen } from '../runtime/screens';
import { findScreen, screensOf, type WidgetDescriptor } from '../runtime/widget';
import { WIDGET_CATALOG } from '../widgets/catalog';

/** Screens of the product that no widget renders yet: the app shows the fallback page for them. */
export const APP_SCREENS: Readonly<Record<string, Screen>> = defineScreens({});

/** One screen of the full app, with the widget that renders it (none: the fallback page). */
export interface AppScreen {
  screen: Screen;
  widget: WidgetDescriptor<any> | null;
}

/** Every screen of the full app, the catalog's first, in declaration order. */
export function appScreens(widgets: readonly WidgetDescriptor<any>[] = WIDGET_CATALOG): AppScreen[] {
  return [
    ...widgets.flatMap((widget) => screensOf(widget).map((screen) => ({ screen, widget }))),
    ...Object.values(APP_SCREENS).map((screen) => ({ screen, widget: null })),
  ];
}

/**
 * The widget rendering `path` in the full app, if one declares it.
 * @example screenFor('/leads-management')?.widget.name // 'leads-board'
 */
export const screenFor = (path: string) => findScreen(WIDGET_CATALOG, path);
