/**
 * Webhooks (docs/webhooks.md, "The Webhooks screen"): a company admin's list of webhooks and each
 * one's delivery log, as two screens of one widget (widget.ts). Agents and the super admin (who
 * belongs to no company) never get here: the screens' declaration says company admins only and
 * every mount refuses others in one place (src/widgets/ScreenGate.tsx).
 */
import type { ReactElement } from 'react';
import { Route, Switch } from '../../runtime';
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
