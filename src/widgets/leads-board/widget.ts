/**
 * The leads board's descriptor, apart from its screen code: the embed registry and the app import
 * this and load the board's chunk only when it is shown.
 */
import { PERMISSIONS } from '../../contract/permissions';
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { LeadsBoardProps } from './LeadsBoard';

/** The board; every leads call needs lead-read, so an agent without it is refused the screen and the sidebar hides its link. */
export const LEADS_SCREENS = defineScreens({
  board: {
    path: '/leads-management',
    title: 'Leads',
    access: { permission: PERMISSIONS.leadRead },
    nav: { label: 'Leads Management', icon: 'leads', order: 40 },
  },
});

/**
 * `leads-board`: the /leads-management screen, also mountable alone
 * (`<div data-estatedesk-widget="leads-board">`).
 *
 * @example
 * EstateDesk.mount(document.getElementById('leads'), 'leads-board');
 */
export const leadsBoardWidget = defineWidget<LeadsBoardProps>({
  name: 'leads-board',
  title: 'Leads',
  load: () => import('./LeadsBoard'),
  screens: LEADS_SCREENS,
});
