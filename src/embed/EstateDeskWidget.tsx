/** `<EstateDeskWidget name>`: any registered widget by name, for widgets newer than the named components. */
import type { ReactElement } from 'react';
import type { WidgetDescriptor } from '../runtime/widget';
import { widgetComponent, type WidgetComponentProps } from './EstateDeskProvider';
import { findWidget } from './registry';

const components = new Map<WidgetDescriptor<any>, ReturnType<typeof widgetComponent<any>>>();
function componentFor(widget: WidgetDescriptor<any>) {
  let component = components.get(widget);
  if (!component) components.set(widget, (component = widgetComponent(widget)));
  return component;
}

/**
 * Renders the registered widget `name` inside an `<EstateDeskProvider>`.
 * @example <EstateDeskWidget name="leads-board" appearance={{ dark: true }} />
 */
export function EstateDeskWidget({ name, ...props }: { name: string } & WidgetComponentProps & Record<string, unknown>): ReactElement {
  const widget = findWidget(name);
  if (!widget) throw new Error(`EstateDesk: unknown widget "${name}"`);
  const Component = componentFor(widget);
  return <Component {...props} />;
}
