/**
 * The sign-in widget: `/login` (login, register, forgot password), `/register`, `/admin/login`,
 * and the landing pages of the mailed links, `/verify-email` and `/reset-password`.
 *
 * The descriptors point at lazy chunks (the embed registry and the app load a screen only when
 * it is shown); the named component exports are for React hosts using the npm package.
 *
 * @example
 * import { LoginScreen } from 'estatedesk/widgets/auth';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><LoginScreen /></EstateDeskProvider>
 */
import { defineWidget } from '../../runtime/widget';
import type { AdminLoginScreenProps } from './AdminLoginScreen';
import type { LoginScreenProps } from './LoginScreen';
import type { RegisterScreenProps } from './RegisterScreen';
import type { ResetPasswordScreenProps } from './ResetPasswordScreen';
import type { VerifyEmailScreenProps } from './VerifyEmailScreen';

/** `sign-in`: the combined login / register / forgot-password screen; also shown in place of widgets when signed out. */
export const signInWidget = defineWidget<LoginScreenProps>({
  name: 'sign-in',
  title: 'Sign in',
  load: () => import('./LoginScreen'),
  public: true,
});

/** `admin-login`: the ADMIN LOGIN page. */
export const adminLoginWidget = defineWidget<AdminLoginScreenProps>({
  name: 'admin-login',
  title: 'Admin login',
  load: () => import('./AdminLoginScreen'),
  public: true,
});

/** `register`: the simple two-step registration. */
export const registerWidget = defineWidget<RegisterScreenProps>({
  name: 'register',
  title: 'Register',
  load: () => import('./RegisterScreen'),
  public: true,
});

/** `verify-email`: the landing page of the mailed verification link. */
export const verifyEmailWidget = defineWidget<VerifyEmailScreenProps>({
  name: 'verify-email',
  title: 'Verify e-mail',
  load: () => import('./VerifyEmailScreen'),
  public: true,
});

/** `reset-password`: the landing page of the mailed reset link. */
export const resetPasswordWidget = defineWidget<ResetPasswordScreenProps>({
  name: 'reset-password',
  title: 'Reset password',
  load: () => import('./ResetPasswordScreen'),
  public: true,
});

/** Every descriptor of the sign-in widget, for the embed registry. */
export const authWidgets = [signInWidget, adminLoginWidget, registerWidget, verifyEmailWidget, resetPasswordWidget] as const;

export { LoginScreen, type LoginScreenProps } from './LoginScreen';
export { AdminLoginScreen, type AdminLoginScreenProps } from './AdminLoginScreen';
export { RegisterScreen, type RegisterScreenProps } from './RegisterScreen';
export { VerifyEmailScreen, type VerifyEmailScreenProps } from './VerifyEmailScreen';
export { ResetPasswordScreen, type ResetPasswordScreenProps } from './ResetPasswordScreen';
export { PasswordChecklist, type PasswordChecklistProps } from './PasswordChecklist';
export { createAuthApi, type AuthApi } from './authApi';
export { AFTER_SIGN_IN_PATH } from './useSignIn';
export type { AuthMode } from './authModel';
export type { AuthNavigate } from './useAuthNavigate';
