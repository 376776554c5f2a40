/**
 * Webhooks (docs/webhooks.md, "The Webhooks screen"): a company admin's list of webhooks and each
 * one's delivery log, as two screens of one widget (widget.ts). Agents never get here: the
 * screens' declaration says admins only and every mount refuses others in one place
 * (src/widgets/ScreenGate.tsx). The super admin passes that gate but belongs to no company, and
 * the server refuses them every webhook call, so they are told so here without asking it.
 */
import type { ReactElement } from 'react';
import { MESSAGES, USER_TYPES } from '../../contract';
import { Route, Switch, useSession } from '../../runtime';
import { ErrorState, ResourcePage } from '../../ui';
import { DeliveryLog } from './DeliveryLog';
import { WebhookList } from './WebhookList';
import { WEBHOOK_SCREENS } from './widget';

export interface WebhooksProps {
  /** Extra class on the widget's root. */
  className?: string;
}

/**
 * @example
 * <RuntimeProvider runtime={runtime}><Webhooks /></RuntimeProvider>
 */
export function Webhooks({ className }: WebhooksProps): ReactElement {
  const superAdmin = useSession((state) => state.user?.user_type === USER_TYPES[0]);
  if (superAdmin) {
    return (
      <ResourcePage title="Webhooks" className={className}>
        <ErrorState message={MESSAGES.webhooks.adminsOnly} />
      </ResourcePage>
    );
  }
  return (
    <Switch>
      <Route path={WEBHOOK_SCREENS.deliveries.path}>
        <DeliveryLog className={className} />
      </Route>
      <Route>
        <WebhookList className={className} />
      </Route>
    </Switch>
  );
}

export default Webhooks;
