/**
 * `estatedesk/widgets/account`: the signed-in person's profile, settings (General and Security)
 * and preferences for React hosts, the same wrapped widget as the package root's `Account`.
 *
 * A widget's `index.ts` is its npm entry (the top layer): nothing inside src imports it.
 *
 * @example
 * import { Account } from 'estatedesk/widgets/account';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><Account tab="security" /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { accountWidget } from './widget';

export { accountWidget };
export type { AccountProps, AccountTab } from './Account';

/** Profile, settings (General, Security) and preferences of the signed-in person. */
export const Account = /* @__PURE__ */ widgetComponent(accountWidget);
