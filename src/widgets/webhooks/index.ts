/**
 * `estatedesk/widgets/webhooks`: the Webhooks screen for React hosts — a company admin's webhooks
 * (add, edit, pause, a new signing secret shown once, delete) and each one's delivery log with
 * "Send again". The same wrapped widget as the package root's `Webhooks`, inside an
 * `<EstateDeskProvider>`.
 *
 * @example
 * import { EstateDeskProvider } from 'estatedesk';
 * import { Webhooks } from 'estatedesk/widgets/webhooks';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><Webhooks /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { webhooksWidget } from './widget';

export { webhooksWidget };
export type { WebhooksProps } from './Webhooks';

/** The Webhooks screen: the company's webhooks and their delivery logs. */
export const Webhooks = /* @__PURE__ */ widgetComponent(webhooksWidget);
