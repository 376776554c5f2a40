/**
 * The sign-in widget: `/login` (login, register, forgot password), `/register`, `/admin/login`,
 * and the landing pages of the mailed links, `/verify-email` and `/reset-password`.
 *
 * The descriptors (`./widgets`) point at lazy chunks: the embed registry and the app load a screen
 * only when it is shown. The named component exports are for React hosts using the npm package;
 * code that only needs the descriptors should import `./widgets`, which holds no screen code.
 *
 * @example
 * import { LoginScreen } from 'estatedesk/widgets/auth';
 * <EstateDeskProvider config={{ apiBase: 'https://api.example.com' }}><LoginScreen /></EstateDeskProvider>
 */
export {
  adminLoginWidget,
  authWidgets,
  registerWidget,
  resetPasswordWidget,
  signInWidget,
  verifyEmailWidget,
} from './widgets';
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
