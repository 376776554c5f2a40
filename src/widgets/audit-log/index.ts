/**
 * `estatedesk/widgets/audit-log`: the Audit Log for React hosts — the company's activity (who
 * changed what and when, each field's before → after), filtered by person, record, action and
 * days, paged, and exported as CSV. Company admins and the super admin (any company's). The same
 * wrapped widget as the package root's `AuditLog`, inside an `<EstateDeskProvider>`.
 *
 * @example
 * import { EstateDeskProvider } from 'estatedesk';
 * import { AuditLog } from 'estatedesk/widgets/audit-log';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><AuditLog /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import { auditLogHref, auditLogWidget } from './widget';

export { auditLogHref, auditLogWidget };
export type { AuditLogProps } from './AuditLog';

/** The Audit Log: the company's activity, filtered, paged and exported. */
export const AuditLog = /* @__PURE__ */ widgetComponent(auditLogWidget);
