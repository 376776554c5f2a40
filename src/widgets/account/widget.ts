/**
 * The account widget's descriptor alone: name `account` (`<estatedesk-account>`), its screens
 * /profile, /settings and /preferences (docs/product/screens.md), its component a lazy chunk.
 * Everyone signed in reaches it: it only ever shows and changes the person's own account.
 */
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { AccountProps } from './Account';

/** The account's screens; `settings` first: where the widget starts when mounted alone. */
export const ACCOUNT_SCREENS = defineScreens({
  settings: { path: '/settings', title: 'Settings' },
  profile: { path: '/profile', title: 'Profile' },
  preferences: { path: '/preferences', title: 'Preferences' },
});

export const accountWidget = defineWidget<AccountProps>({
  name: 'account',
  title: 'Account Settings',
  load: () => import('./Account'),
  screens: ACCOUNT_SCREENS,
});
