/**
 * EstateDesk for React hosts (`npm install estatedesk`): the provider, the full admin app and
 * one component per widget. React is a peer dependency; nothing runs at import time.
 *
 * @example
 * import { EstateDeskProvider, EstateDeskApp } from 'estatedesk';
 * <EstateDeskProvider config={{ apiBase: 'https://crm.example.com' }}><EstateDeskApp routing="hash" /></EstateDeskProvider>
 */
import { adminApp } from './app';
import { EstateDeskProvider, widgetComponent } from './embed/EstateDeskProvider';
import { findWidget, SIGN_IN_WIDGET } from './embed/registry';

export { EstateDeskProvider, widgetComponent };
export type { EstateDeskProviderProps } from './embed/EstateDeskProvider';
export type { EstateDeskConfig, Runtime } from './core';
export { createRuntime } from './core';
export type { WidgetDescriptor } from './runtime/widget';
export { createEstateDesk } from './embed/estatedesk';

/** The full admin app: shell, sidebar and every screen. */
export const EstateDeskApp = widgetComponent(adminApp);
/** The sign-in form on its own. */
export const SignIn = widgetComponent(findWidget(SIGN_IN_WIDGET)!);
