/**
 * Which lazy chunk renders each screen of the route table. Screens whose widget has not been
 * built yet are absent and show the fallback page (SPEC §2: "Oops! Try Again Later").
 */
import type { ComponentType } from 'react';
import type { ScreenId } from './routes';

type Loader = () => Promise<{ default: ComponentType<any> }>;

export const SCREENS: Partial<Record<ScreenId, Loader>> = {
  login: () => import('../widgets/auth/LoginScreen'),
  register: () => import('../widgets/auth/RegisterScreen'),
  'admin-login': () => import('../widgets/auth/AdminLoginScreen'),
  'verify-email': () => import('../widgets/auth/VerifyEmailScreen'),
  'reset-password': () => import('../widgets/auth/ResetPasswordScreen'),
  dashboard: () => import('../widgets/dashboard/Dashboard'),
  leads: () => import('../widgets/leads-board/LeadsBoard'),
};
