/**
 * Which lazy chunk renders each screen of the route table. Screens whose widget has not been
 * built yet are absent and show the fallback page (SPEC §2: "Oops! Try Again Later").
 */
import { lazyComponent, type LazyComponent } from '../runtime/lazyComponent';
import type { ScreenId } from './routes';

export const SCREENS: Partial<Record<ScreenId, LazyComponent<any>>> = {
  login: lazyComponent(() => import('../widgets/auth/LoginScreen')),
  register: lazyComponent(() => import('../widgets/auth/RegisterScreen')),
  'admin-login': lazyComponent(() => import('../widgets/auth/AdminLoginScreen')),
  'verify-email': lazyComponent(() => import('../widgets/auth/VerifyEmailScreen')),
  'reset-password': lazyComponent(() => import('../widgets/auth/ResetPasswordScreen')),
  dashboard: lazyComponent(() => import('../widgets/dashboard/Dashboard')),
  leads: lazyComponent(() => import('../widgets/leads-board/LeadsBoard')),
};
