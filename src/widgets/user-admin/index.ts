/**
 * `estatedesk/widgets/user-admin`: User Management (docs/product/screens.md) for React hosts — the users table
 * with invitation status and Resend Invite, Add/Edit User and delete. The same wrapped widget as
 * the package root's `UserAdmin` (scoped reset, sign-in in place while nobody is signed in, error
 * boundary), inside an `<EstateDeskProvider>`.
 *
 * @example
 * import { EstateDeskProvider } from 'estatedesk';
 * import { UserAdmin } from 'estatedesk/widgets/user-admin';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><UserAdmin /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { userAdminWidget } from './widget';

export { userAdminWidget };
export type { UserAdminProps } from './UserAdmin';

/** User Management: invite, edit, delete and re-invite the company's people. */
export const UserAdmin = /* @__PURE__ */ widgetComponent(userAdminWidget);
