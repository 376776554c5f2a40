/**
 * The audit log's descriptor, apart from its screen code: the embed registry and the app import
 * this and load the widget's chunk only when it is shown. Other widgets link here with
 * `auditLogHref` (the leads board: a lead's whole history).
 */
import type { RecordType } from '../../contract/activity';
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { AuditLogProps } from './AuditLog';

export const AUDIT_SCREENS = defineScreens({
  log: {
    path: '/management/audit-log',
    title: 'Audit Log',
    // The server answers agents 403 whatever their permissions: company admins and the super admin only.
    access: 'admin',
    // No icon: the System group's other link has none, and its only fitting one is the group's own shield.
    nav: { group: 'management.system', order: 2 },
  },
});

/**
 * The audit log filtered to one record's history, or to a kind of record.
 * @example auditLogHref({ record_type: 'lead', record_id: 42 }) // '/management/audit-log?record_type=lead&record_id=42'
 */
export const auditLogHref = ({ record_type, record_id }: { record_type: RecordType; record_id?: number | string }): string =>
  AUDIT_SCREENS.log.href({}, { record_type, record_id });

/**
 * `audit-log`: /management/audit-log, the company's activity log — who changed what, when, every
 * field's before → after — with filters in the address, paging and a CSV export; the super admin
 * reads any company's. Also mountable alone (`<div data-estatedesk-widget="audit-log">`).
 *
 * @example
 * EstateDesk.mount(document.getElementById('audit'), 'audit-log');
 */
export const auditLogWidget = defineWidget<AuditLogProps>({
  name: 'audit-log',
  title: 'Audit Log',
  load: () => import('./AuditLog'),
  screens: AUDIT_SCREENS,
});
