/**
 * EstateDesk for React hosts (`npm install estatedesk`): the provider, the full admin app and one
 * component per widget, plus the non-React embedding API. React is a peer dependency; nothing runs
 * at import time (no DOM access, no global patching), so it is safe during server rendering.
 *
 * @example
 * import { EstateDeskProvider, LeadsBoard, SignIn } from 'estatedesk';
 * <EstateDeskProvider config={{ apiBase: 'https://crm.example.com' }} onEvent={(type, payload) => console.log(type, payload)}>
 *   <SignIn />
 *   <LeadsBoard />
 * </EstateDeskProvider>
 */
import { adminApp } from './app';
import { EstateDeskProvider, widgetComponent } from './embed/EstateDeskProvider';
import { createEstateDesk as createEstateDeskFor, type CreateEstateDeskOptions, type EstateDeskApi } from './embed/estatedesk';
import type { NamespaceConfig } from './embed/namespace';
import { findWidget as findIn } from './embed/registry';
import type { WidgetDescriptor } from './runtime/widget';
import { WIDGET_CATALOG } from './widgets/catalog';

export { EstateDeskProvider, widgetComponent };
export type { EstateDeskProviderProps, HostEventListener, WidgetComponentProps } from './embed/EstateDeskProvider';
export type { EstateDeskConfig, Runtime } from './core';
export { createRuntime } from './core';
export type { WidgetDescriptor } from './runtime/widget';
export { DEFAULT_NAMESPACE, VERSION } from './embed/estatedesk';
export type { EstateDeskApi, EstateDeskMountOptions, CreateEstateDeskOptions } from './embed/estatedesk';
export type { MountHandle, MountOptions, NamespaceConfig, Routing } from './embed/namespace';
export type { Appearance, ThemeVariables } from './embed/appearance';
export { DARK_VARIABLES } from './embed/appearance';
export type { HostEvents, HostEventType, LeadField } from './embed/hostEvents';
export { defineCustomElements, type EstateDeskElement } from './embed/customElements';
export { startAutoMount } from './embed/autoMount';
export { elementName } from './embed/registry';
export { EstateDeskWidget } from './embed/EstateDeskWidget';

/** The full admin app: shell, sidebar and every screen (`routing="hash"` to own the page fragment). */
export const EstateDeskApp = /* @__PURE__ */ widgetComponent(adminApp);
// Each widget's npm entry is its folder's index.ts: the root re-exports the very same components.
export { AcceptInvitation, AdminLogin, Register, ResetPassword, SignIn, UndoEmailChange, VerifyEmail } from './widgets/auth';
export type {
  AcceptInvitationScreenProps,
  AdminLoginScreenProps,
  AuthMode,
  LoginScreenProps,
  RegisterScreenProps,
  ResetPasswordScreenProps,
  UndoEmailChangeScreenProps,
  VerifyEmailScreenProps,
} from './widgets/auth';
export { Dashboard, type DashboardProps } from './widgets/dashboard';
export { LeadsBoard, type LeadsBoardProps } from './widgets/leads-board';
export { PropertyInventory, type PropertyInventoryProps } from './widgets/property-inventory';
export { Companies, CompanyProfile, type CompaniesProps, type CompanyProfileProps } from './widgets/company-profile';
export { Account, type AccountProps, type AccountTab } from './widgets/account';
export { UserAdmin, type UserAdminProps } from './widgets/user-admin';
export { RolesEditor, type RolesEditorProps } from './widgets/roles-editor';
export { AuditLog, auditLogHref, type AuditLogProps } from './widgets/audit-log';
export { Webhooks, type WebhooksProps } from './widgets/webhooks';
export { Calendar, type CalendarProps } from './widgets/calendar';

/** Every widget the package can mount by name: the catalog of widgets and the full admin app. */
export const WIDGETS: readonly WidgetDescriptor<any>[] = [adminApp, ...WIDGET_CATALOG];

/**
 * The descriptor of a widget by name.
 * @example findWidget('leads-board')?.title // 'Leads'
 */
export const findWidget = (name: string): WidgetDescriptor<any> | undefined => findIn(name, WIDGETS);

/**
 * Namespaces and `mount()` without React or the script tag, knowing every widget by name.
 * @example
 * const ed = createEstateDesk({ apiBase: 'https://api.example.com' });
 * ed.mount('#leads', 'leads-board');
 */
export const createEstateDesk = (defaults: NamespaceConfig = {}, options: CreateEstateDeskOptions = {}): EstateDeskApi =>
  createEstateDeskFor(defaults, { widgets: WIDGETS, ...options });
