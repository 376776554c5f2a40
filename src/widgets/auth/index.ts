/**
 * `estatedesk/widgets/auth`: the sign-in widgets for React hosts — `/login` (login, register,
 * forgot password), `/admin/login`, `/register`, and the landing pages of the mailed links
 * (verification, password reset, invitation, undo of an e-mail change). The
 * same wrapped widgets as the package root's (`SignIn`, `AdminLogin`, …).
 *
 * A widget's `index.ts` is its npm entry (the top layer): nothing inside src imports it.
 *
 * @example
 * import { SignIn } from 'estatedesk/widgets/auth';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><SignIn /></EstateDeskProvider>
 */
import { widgetComponent } from '../../embed/EstateDeskProvider';
import {
  acceptInvitationWidget,
  adminLoginWidget,
  registerWidget,
  resetPasswordWidget,
  signInWidget,
  undoEmailChangeWidget,
  verifyEmailWidget,
} from './widgets';

export {
  acceptInvitationWidget,
  adminLoginWidget,
  authWidgets,
  registerWidget,
  resetPasswordWidget,
  signInWidget,
  undoEmailChangeWidget,
  verifyEmailWidget,
} from './widgets';
export type { AcceptInvitationScreenProps } from './AcceptInvitationScreen';
export type { AdminLoginScreenProps } from './AdminLoginScreen';
export type { LoginScreenProps } from './LoginScreen';
export type { RegisterScreenProps } from './RegisterScreen';
export type { ResetPasswordScreenProps } from './ResetPasswordScreen';
export type { UndoEmailChangeScreenProps } from './UndoEmailChangeScreen';
export type { VerifyEmailScreenProps } from './VerifyEmailScreen';
export type { AuthMode } from './authModel';

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
/** The landing page of the mailed invitation: an invited person sets a password, then signs in. */
export const AcceptInvitation = /* @__PURE__ */ widgetComponent(acceptInvitationWidget);
/** The landing page of the link mailed to the old address of a changed e-mail: puts it back, then a new password. */
export const UndoEmailChange = /* @__PURE__ */ widgetComponent(undoEmailChangeWidget);
