/**
 * The account widget's descriptor alone: name `account` (`<estatedesk-account>`), its screens
 * /profile, /settings and /preferences (docs/product/screens.md), its component a lazy chunk.
 * Everyone signed in reaches it: it only ever shows and changes the person's own account.
 */
import { defineWidget } from '../../runtime/widget';
import type { AccountProps } from './Account';

export const accountWidget = defineWidget<AccountProps>({
  name: 'account',
  title: 'Account Settings',
  load: () => import('./Account'),
  screens: [{ path: '/settings' }, { path: '/profile' }, { path: '/preferences' }],
});
