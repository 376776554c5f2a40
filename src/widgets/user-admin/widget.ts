/**
 * User Management's descriptor, apart from its screen code: the embed registry and the app import
 * this and load the widget's chunk only when it is shown.
 */
import { PERMISSIONS } from '../../contract/permissions';
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { UserAdminProps } from './UserAdmin';

export const USER_ADMIN_SCREENS = defineScreens({
  users: {
    path: '/management/user/usermanagement',
    title: 'User Management',
    access: { permission: PERMISSIONS.agentRead },
    nav: { group: 'management.user', order: 1 },
  },
});

/**
 * `user-admin`: /management/user/usermanagement (docs/product/screens.md), also mountable alone
 * (`<div data-estatedesk-widget="user-admin">`). An agent needs agent-read to see the list; the
 * widget hides Add User, edit and delete from who lacks agent-create, agent-edit, agent-delete.
 *
 * @example
 * EstateDesk.mount(document.getElementById('team'), 'user-admin');
 */
export const userAdminWidget = defineWidget<UserAdminProps>({
  name: 'user-admin',
  title: 'User Management',
  load: () => import('./UserAdmin'),
  screens: USER_ADMIN_SCREENS,
});
