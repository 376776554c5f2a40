/**
 * The sign-in widget's descriptors only: names, titles and lazy chunks, no screen code. The embed
 * registry and the script-tag runtime import this file, so listing the widgets costs a few bytes;
 * `index.ts` adds the component exports for React hosts.
 *
 * @example
 * import { authWidgets } from './widgets/auth/widgets';
 * const signIn = authWidgets.find((w) => w.name === 'sign-in');
 */
import { defineWidget } from '../../runtime/widget';
import type { AcceptInvitationScreenProps } from './AcceptInvitationScreen';
import type { AdminLoginScreenProps } from './AdminLoginScreen';
import type { LoginScreenProps } from './LoginScreen';
import type { RegisterScreenProps } from './RegisterScreen';
import type { ResetPasswordScreenProps } from './ResetPasswordScreen';
import type { UndoEmailChangeScreenProps } from './UndoEmailChangeScreen';
import type { VerifyEmailScreenProps } from './VerifyEmailScreen';

/** `sign-in`: the combined login / register / forgot-password screen; also shown in place of widgets when signed out. */
export const signInWidget = defineWidget<LoginScreenProps>({
  name: 'sign-in',
  title: 'Sign in',
  load: () => import('./LoginScreen'),
  public: true,
  screens: [{ path: '/login' }],
});

/** `admin-login`: the ADMIN LOGIN page. */
export const adminLoginWidget = defineWidget<AdminLoginScreenProps>({
  name: 'admin-login',
  title: 'Admin login',
  load: () => import('./AdminLoginScreen'),
  public: true,
  screens: [{ path: '/admin/login' }],
});

/** `register`: the simple two-step registration. */
export const registerWidget = defineWidget<RegisterScreenProps>({
  name: 'register',
  title: 'Register',
  load: () => import('./RegisterScreen'),
  public: true,
  screens: [{ path: '/register' }],
});

/** `verify-email`: the landing page of the mailed verification link. */
export const verifyEmailWidget = defineWidget<VerifyEmailScreenProps>({
  name: 'verify-email',
  title: 'Verify e-mail',
  load: () => import('./VerifyEmailScreen'),
  public: true,
  screens: [{ path: '/verify-email' }],
});

/** `reset-password`: the landing page of the mailed reset link. */
export const resetPasswordWidget = defineWidget<ResetPasswordScreenProps>({
  name: 'reset-password',
  title: 'Reset password',
  load: () => import('./ResetPasswordScreen'),
  public: true,
  screens: [{ path: '/reset-password' }],
});

/** `undo-email-change`: the landing page of the link mailed to the old address of a changed e-mail. */
export const undoEmailChangeWidget = defineWidget<UndoEmailChangeScreenProps>({
  name: 'undo-email-change',
  title: 'Undo the e-mail change',
  load: () => import('./UndoEmailChangeScreen'),
  public: true,
  screens: [{ path: '/undo-email-change' }],
});

/** `accept-invitation`: the landing page of the mailed invitation, where an invited person sets a password. */
export const acceptInvitationWidget = defineWidget<AcceptInvitationScreenProps>({
  name: 'accept-invitation',
  title: 'Set your password',
  load: () => import('./AcceptInvitationScreen'),
  public: true,
  screens: [{ path: '/accept-invitation' }],
});

/** Every descriptor of the sign-in widget, for the embed registry. */
export const authWidgets = [signInWidget, adminLoginWidget, registerWidget, verifyEmailWidget, resetPasswordWidget, undoEmailChangeWidget] as const;
