/**
 * Roles & Permissions' descriptor, apart from its screen code: the embed registry and the app
 * import this and load the widget's chunk only when it is shown.
 */
import { PERMISSIONS } from '../../contract/permissions';
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { RolesEditorProps } from './RolesEditor';

export const ROLES_SCREENS = defineScreens({
  roles: {
    path: '/management/system/rolesandpermission',
    title: 'Roles & Permissions',
    access: { permission: PERMISSIONS.roleRead },
    nav: { group: 'management.system', order: 1 },
  },
});

/**
 * `roles-editor`: /management/system/rolesandpermission (docs/product/screens.md), also mountable alone
 * (`<div data-estatedesk-widget="roles-editor">`). An agent needs role-read to see the roles;
 * Add Role, edit and delete follow role-create, role-edit and role-delete.
 *
 * @example
 * EstateDesk.mount(document.getElementById('roles'), 'roles-editor');
 */
export const rolesEditorWidget = defineWidget<RolesEditorProps>({
  name: 'roles-editor',
  title: 'Roles & Permissions',
  load: () => import('./RolesEditor'),
  screens: ROLES_SCREENS,
});
