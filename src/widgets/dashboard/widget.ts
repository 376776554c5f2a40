/**
 * The dashboard's descriptor alone: name `dashboard` (`<estatedesk-dashboard>`), its component a
 * lazy chunk. The embed registry imports this file so no dashboard code loads until it is shown.
 */
import { defineWidget } from '../../runtime/widget';
import type { DashboardProps } from './Dashboard';

export const dashboardWidget = defineWidget<DashboardProps>({
  name: 'dashboard',
  title: 'Dashboard',
  load: () => import('./Dashboard'),
  screens: [{ path: '/dashboard' }],
});
