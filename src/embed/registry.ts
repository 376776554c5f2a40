/**
 * Every widget the suite can mount by name. A widget joins by adding its descriptor here; the
 * script-tag runtime, custom elements and `mount()` all read this one list. Each descriptor only
 * points at a lazy chunk, so this list costs a few bytes, not the widgets.
 */
import { adminApp } from '../app';
import type { WidgetDescriptor } from '../runtime/widget';
import { authWidgets } from '../widgets/auth/widgets';
import { dashboardWidget } from '../widgets/dashboard/widget';

export const WIDGETS: readonly WidgetDescriptor<any>[] = [adminApp, ...authWidgets, dashboardWidget];

export const findWidget = (name: string): WidgetDescriptor<any> | undefined => WIDGETS.find((w) => w.name === name);

/** The widget shown in place of another whose user is not signed in. */
export const SIGN_IN_WIDGET = 'sign-in';
