/**
 * The one place a widget's screen is refused to who may not open it (docs/product/roles.md): the
 * full app, the npm components, `mount()` and the custom elements all render a widget inside it.
 * It reads the access the widget's declaration gives the screen at the current location; an agent
 * without that permission — or any agent, on an admin screen — gets the refusal's message in the
 * widget's place (the super admin too, on a company admin's screen), and the widget's code (its
 * calls included) does not run.
 */
import type { ReactElement, ReactNode } from 'react';
import { format, MESSAGES } from '../contract/messages';
import { useCan } from '../runtime/useCan';
import { useLocation } from '../runtime/router';
import { isAdminAccess, opensAdminScreens, screenPermission } from '../runtime/screens';
import { useSession } from '../runtime/useSession';
import { accessAt, type WidgetDescriptor } from '../runtime/widget';
import { ErrorState } from '../ui/ErrorState';

/**
 * @example
 * <ScreenGate widget={userAdminWidget}><UserAdmin /></ScreenGate>
 */
export function ScreenGate({ widget, children }: { widget: WidgetDescriptor<any>; children: ReactNode }): ReactElement {
  const [path] = useLocation();
  const access = accessAt(widget, path);
  const permission = screenPermission(access);
  const can = useCan(permission ?? '');
  const userType = useSession((s) => s.user?.user_type);
  if (permission && !can.allowed) return <ErrorState message={can.message} />;
  // The server's own words for the refusal, naming the widget.
  if (isAdminAccess(access) && !opensAdminScreens(userType, access)) return <ErrorState message={format(MESSAGES.permission.denied, { permission: widget.name })} />;
  return <>{children}</>;
}
