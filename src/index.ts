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
import {
  adminLoginWidget,
  registerWidget,
  resetPasswordWidget,
  signInWidget,
  verifyEmailWidget,
} from './widgets/auth/widgets';
import { dashboardWidget } from './widgets/dashboard/widget';
import { leadsBoardWidget } from './widgets/leads-board/widget';

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
/** The combined sign-in screen (login, register, forgot password); shows who is signed in afterwards. */
export const SignIn = /* @__PURE__ */ widgetComponent(signInWidget);
/** The ADMIN LOGIN page. */
export const AdminLogin = /* @__PURE__ */ widgetComponent(adminLoginWidget);
/** The simple two-step registration. */
export const Register = /* @__PURE__ */ widgetComponent(registerWidget);
/** The landing page of the mailed verification link. */
export const VerifyEmail = /* @__PURE__ */ widgetComponent(verifyEmailWidget);
/** The landing page of the mailed password-reset link. */
export const ResetPassword = /* @__PURE__ */ widgetComponent(resetPasswordWidget);
/** The dashboard home (static sample figures). */
export const Dashboard = /* @__PURE__ */ widgetComponent(dashboardWidget);
/** The leads board: tabs per workflow status, search, inline changes, add, import, edit, delete. */
export const LeadsBoard = /* @__PURE__ */ widgetComponent(leadsBoardWidget);


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
