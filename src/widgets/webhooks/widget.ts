/**
 * The webhooks screen's descriptor, apart from its screen code: the embed registry and the app
 * import this and load the widget's chunk only when it is shown.
 */
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { WebhooksProps } from './Webhooks';

export const WEBHOOK_SCREENS = defineScreens({
  list: {
    path: '/management/webhooks',
    title: 'Webhooks',
    // A company's own endpoints: the server answers agents and the super admin (no company) 403.
    access: 'company-admin',
    // Beside the Audit Log: both read the company's activity log (docs/webhooks.md).
    nav: { group: 'management.system', order: 3 },
  },
  deliveries: {
    path: '/management/webhooks/:id',
    title: 'Webhook deliveries',
    access: 'company-admin',
  },
});

/**
 * `webhooks`: /management/webhooks, the company's webhooks — add, edit, pause, a new signing
 * secret, delete — and each one's delivery log with "Send again". A company admin's screen; also
 * mountable alone (`<div data-estatedesk-widget="webhooks">`).
 *
 * @example
 * EstateDesk.mount(document.getElementById('webhooks'), 'webhooks');
 */
export const webhooksWidget = defineWidget<WebhooksProps>({
  name: 'webhooks',
  title: 'Webhooks',
  load: () => import('./Webhooks'),
  screens: WEBHOOK_SCREENS,
});
