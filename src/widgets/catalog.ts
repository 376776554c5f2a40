/**
 * Every widget of the suite, by its declaration (each folder's `widget.ts`/`widgets.ts`, which hold
 * no screen code). The script-tag registry, the custom elements, the npm exports, the full app's
 * screens and the sidebar read this list: a new widget is its own folder plus one line here.
 */
import type { WidgetDescriptor } from '../runtime/widget';
import { accountWidget } from './account/widget';
import { auditLogWidget } from './audit-log/widget';
import { authWidgets } from './auth/widgets';
import { calendarWidget } from './calendar/widget';
import { companyWidgets } from './company-profile/widgets';
import { acceptInvitationWidget } from './auth/widgets';
import { dashboardWidget } from './dashboard/widget';
import { leadsBoardWidget } from './leads-board/widget';
import { propertyInventoryWidget } from './property-inventory/widget';
import { rolesEditorWidget } from './roles-editor/widget';
import { userAdminWidget } from './user-admin/widget';
import { webhooksWidget } from './webhooks/widget';

export const WIDGET_CATALOG: readonly WidgetDescriptor<any>[] = [
  ...authWidgets,
  dashboardWidget,
  leadsBoardWidget,
  propertyInventoryWidget,
  acceptInvitationWidget,
  userAdminWidget,
  rolesEditorWidget,
  ...companyWidgets,
  accountWidget,
  auditLogWidget,
  calendarWidget,
  webhooksWidget,
];
