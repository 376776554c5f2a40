/**
 * The leads board's descriptor, apart from its screen code: the embed registry and the app import
 * this and load the board's chunk only when it is shown.
 */
import { PERMISSIONS } from '../../contract/permissions';
import { defineWidget } from '../../runtime/widget';
import type { LeadsBoardProps } from './LeadsBoard';

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
  // Every leads call needs lead-read: without it the sidebar hides the link.
  permission: PERMISSIONS.leadRead,
  screens: [{ path: '/leads-management' }],
});
