/**
 * `estatedesk/widgets/roles-editor`: Roles & Permissions (docs/product/screens.md) for React hosts — the roles
 * table, Add/Edit Role with the permission grid (resources × create/read/edit/delete, with the
 * automatic -read rule) and delete. The same wrapped widget as the package root's `RolesEditor`,
 * inside an `<EstateDeskProvider>`.
 *
 * @example
 * import { EstateDeskProvider } from 'estatedesk';
 * import { RolesEditor } from 'estatedesk/widgets/roles-editor';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><RolesEditor /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { rolesEditorWidget } from './widget';

export { rolesEditorWidget };
export type { RolesEditorProps } from './RolesEditor';

/** Roles & Permissions: the company's roles and what each may do. */
export const RolesEditor = /* @__PURE__ */ widgetComponent(rolesEditorWidget);
