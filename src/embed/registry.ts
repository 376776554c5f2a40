/**
 * The widgets `mount()`, the custom elements (`<estatedesk-NAME>`) and `<EstateDeskWidget name>`
 * know by name: the suite's catalog (`src/widgets/catalog.ts`), to which an entry may add more (the
 * script tag adds the full admin app). Each descriptor only points at a lazy chunk, so the list
 * costs a few bytes, not the widgets.
 */
import type { WidgetDescriptor } from '../runtime/widget';
import { WIDGET_CATALOG } from '../widgets/catalog';

export const WIDGETS: readonly WidgetDescriptor<any>[] = WIDGET_CATALOG;

/**
 * The descriptor of a widget by registry name.
 * @example findWidget('leads-board')?.title // 'Leads'
 */
export const findWidget = (name: string, widgets: readonly WidgetDescriptor<any>[] = WIDGETS): WidgetDescriptor<any> | undefined =>
  widgets.find((w) => w.name === name);

export { SIGN_IN_WIDGET } from './loaderProtocol';

/** Widgets that are sign-in forms: mounted on their own, they show who is signed in once someone is. */
export const SIGN_IN_FORMS: readonly string[] = ['sign-in', 'admin-login'];

/** The prefix of every custom element: `leads-board` → `<estatedesk-leads-board>`. */
export const ELEMENT_PREFIX = 'estatedesk-';

/**
 * The custom element name of a widget.
 * @example elementName('sign-in') // 'estatedesk-sign-in'
 */
export const elementName = (widget: string): string => `${ELEMENT_PREFIX}${widget}`;
