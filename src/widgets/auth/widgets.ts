/**
 * The sign-in widget's descriptors only: names, titles and lazy chunks, no screen code. The embed
 * registry and the script-tag runtime import this file, so listing the widgets costs a few bytes;
 * `index.ts` adds the component exports for React hosts.
 *
 * @example
 * import { authWidgets } from './widgets/auth/widgets';
 * const signIn = authWidgets.find((w) => w.name === 'sign-in');
 */
import { defineScreens } from '../../runtime/screens';
import { defineWidget } from '../../runtime/widget';
import type { AcceptInvitationScreenProps } from './AcceptInvitationScreen';
import type { AdminLoginScreenProps } from './AdminLoginScreen';
import type { LoginScreenProps } from './LoginScreen';
import type { RegisterScreenProps } from './RegisterScreen';
import type { ResetPasswordScreenProps } from './ResetPasswordScreen';
import type { UndoEmailChangeScreenProps } from './UndoEmailChangeScreen';
import type { VerifyEmailScreenProps } from './VerifyEmailScreen';

/** The sign-in family's screens, all public (docs/product/screens.md): each widget below shows one. */
export const AUTH_SCREENS = defineScreens({
  login: { path: '/login', title: 'Sign in', access: 'public' },
  adminLogin: { path: '/admin/login', title: 'Admin login', access: 'public' },
  register: { path: '/register', title: 'Register', access: 'public' },
  verifyEmail: { path: '/verify-email', title: 'Verify e-mail', access: 'public' },
  resetPassword: { path: '/reset-password', title: 'Reset password', access: 'public' },
  acceptInvitation: { path: '/accept-invitation', title: 'Set your password', access: 'public' },
  undoEmailChange: { path: '/undo-email-change', title: 'Undo the e-mail change', access: 'public' },
});

/** `sign-in`: the combined login / register / forgot-password screen; also shown in place of widgets when signed out. */
export const signInWidget = defineWidget<LoginScreenProps>({
  name: 'sign-in',
  title: 'Sign in',
  public: true,
  load: () => import('./LoginScreen'),
  screens: { login: AUTH_SCREENS.login },
});

/** `admin-login`: the ADMIN LOGIN page. */
export const adminLoginWidget = defineWidget<AdminLoginScreenProps>({
  name: 'admin-login',
  title: 'Admin login',
  public: true,
  load: () => import('./AdminLoginScreen'),
  screens: { adminLogin: AUTH_SCREENS.adminLogin },
});

/** `register`: the simple two-step registration. */
export const registerWidget = defineWidget<RegisterScreenProps>({
  name: 'register',
  title: 'Register',
  public: true,
  load: () => import('./RegisterScreen'),
  screens: { register: AUTH_SCREENS.register },
});

/** `verify-email`: the landing page of the mailed verification link. */
export const verifyEmailWidget = defineWidget<VerifyEmailScreenProps>({
  name: 'verify-email',
  title: 'Verify e-mail',
  public: true,
  load: () => import('./VerifyEmailScreen'),
  screens: { verifyEmail: AUTH_SCREENS.verifyEmail },
});

/** `reset-password`: the landing page of the mailed reset link. */
export const resetPasswordWidget = defineWidget<ResetPasswordScreenProps>({
  name: 'reset-password',
  title: 'Reset password',
  public: true,
  load: () => import('./ResetPasswordScreen'),
  screens: { resetPassword: AUTH_SCREENS.resetPassword },
});

/** `undo-email-change`: the landing page of the link mailed to the old address of a changed e-mail. */
export const undoEmailChangeWidget = defineWidget<UndoEmailChangeScreenProps>({
  name: 'undo-email-change',
  title: 'Undo the e-mail change',
  public: true,
  load: () => import('./UndoEmailChangeScreen'),
  screens: { undoEmailChange: AUTH_SCREENS.undoEmailChange },
});

/** `accept-invitation`: the landing page of the mailed invitation, where an invited person sets a password. */
export const acceptInvitationWidget = defineWidget<AcceptInvitationScreenProps>({
  name: 'accept-invitation',
  title: 'Set your password',
  public: true,
  load: () => import('./AcceptInvitationScreen'),
  screens: { acceptInvitation: AUTH_SCREENS.acceptInvitation },
});

/** Every descriptor of the sign-in widget, for the embed registry. */
export const authWidgets = [signInWidget, adminLoginWidget, registerWidget, verifyEmailWidget, resetPasswordWidget, undoEmailChangeWidget] as const;
