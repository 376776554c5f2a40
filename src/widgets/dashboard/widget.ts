/**
 * The dashboard's descriptor alone: name `dashboard` (`<estatedesk-dashboard>`), its component a
 * lazy chunk. The embed registry imports this file so no dashboard code loads until it is shown.
 */
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { DashboardProps } from './Dashboard';

/** The dashboard: the home of the full app, first in its sidebar. */
export const DASHBOARD_SCREENS = defineScreens({
  home: { path: '/dashboard', title: 'Dashboard', nav: { icon: 'dashboard', order: 10 } },
});

export const dashboardWidget = defineWidget<DashboardProps>({
  name: 'dashboard',
  title: 'Dashboard',
  load: () => import('./Dashboard'),
  screens: DASHBOARD_SCREENS,
});
