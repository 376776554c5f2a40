/**
 * The one place a widget's screen is refused to who may not open it (docs/product/roles.md): the
 * full app, the npm components, `mount()` and the custom elements all render a widget inside it.
 * It reads the access the widget's declaration gives the screen at the current location; an agent
 * without that permission gets the refusal's message in the widget's place, and the widget's code
 * (its calls included) does not run.
 */
import type { ReactElement, ReactNode } from 'react';
import { useCan } from '../runtime/useCan';
import { useLocation } from '../runtime/router';
import { screenPermission } from '../runtime/screens';
import { accessAt, type WidgetDescriptor } from '../runtime/widget';
import { ErrorState } from '../ui/ErrorState';

/**
 * @example
 * <ScreenGate widget={userAdminWidget}><UserAdmin /></ScreenGate>
 */
export function ScreenGate({ widget, children }: { widget: WidgetDescriptor<any>; children: ReactNode }): ReactElement {
  const [path] = useLocation();
  const permission = screenPermission(accessAt(widget, path));
  const can = useCan(permission ?? '');
  if (permission && !can.allowed) return <ErrorState message={can.message} />;
  return <>{children}</>;
}
