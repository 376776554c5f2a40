/**
 * Every widget the suite can mount by name. A widget joins by adding its descriptor here; the
 * script-tag runtime, custom elements (`<estatedesk-NAME>`), `mount()` and the npm components all
 * read this one list. Each descriptor only points at a lazy chunk, so this list costs a few bytes,
 * not the widgets: import a widget's descriptor file (`widget.ts`, `widgets.ts`), never its index,
 * which may export screen code statically and would pull it into the runtime.
 */
import { adminApp } from '../app';
import type { WidgetDescriptor } from '../runtime/widget';
import { authWidgets } from '../widgets/auth/widgets';
import { dashboardWidget } from '../widgets/dashboard/widget';
import { leadsBoardWidget } from '../widgets/leads-board/widget';

export const WIDGETS: readonly WidgetDescriptor<any>[] = [adminApp, ...authWidgets, dashboardWidget, leadsBoardWidget];

/**
 * The descriptor of a widget by registry name.
 * @example findWidget('leads-board')?.title // 'Leads'
 */
export const findWidget = (name: string): WidgetDescriptor<any> | undefined => WIDGETS.find((w) => w.name === name);

/** The widget shown in place of another whose user is not signed in. */
export const SIGN_IN_WIDGET = 'sign-in';

/** Widgets that are sign-in forms: mounted on their own, they show who is signed in once someone is. */
export const SIGN_IN_FORMS: readonly string[] = ['sign-in', 'admin-login'];

/** The prefix of every custom element: `leads-board` → `<estatedesk-leads-board>`. */
export const ELEMENT_PREFIX = 'estatedesk-';

/**
 * The custom element name of a widget.
 * @example elementName('sign-in') // 'estatedesk-sign-in'
 */
export const elementName = (widget: string): string => `${ELEMENT_PREFIX}${widget}`;
