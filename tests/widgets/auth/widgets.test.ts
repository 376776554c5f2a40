import { describe, expect, it } from 'vitest';
import * as auth from '../../../src/widgets/auth';
import { AdminLoginScreen } from '../../../src/widgets/auth/AdminLoginScreen';
import { LoginScreen } from '../../../src/widgets/auth/LoginScreen';
import { RegisterScreen } from '../../../src/widgets/auth/RegisterScreen';
import { ResetPasswordScreen } from '../../../src/widgets/auth/ResetPasswordScreen';
import { UndoEmailChangeScreen } from '../../../src/widgets/auth/UndoEmailChangeScreen';
import { VerifyEmailScreen } from '../../../src/widgets/auth/VerifyEmailScreen';
import { authWidgets } from '../../../src/widgets/auth/widgets';

describe('auth widget descriptors', () => {
  it('list every sign-in screen as a public, lazily loaded widget', async () => {
    expect(authWidgets.map((w) => w.name)).toEqual(['sign-in', 'admin-login', 'register', 'verify-email', 'reset-password', 'undo-email-change']);
    expect(authWidgets.every((w) => w.public)).toBe(true);
    const loaded = await Promise.all(authWidgets.map((w) => w.load()));
    expect(loaded.map((m) => m.default)).toEqual([LoginScreen, AdminLoginScreen, RegisterScreen, VerifyEmailScreen, ResetPasswordScreen, UndoEmailChangeScreen]);
  });

  it('the npm entry re-exports the same descriptors, and the root the same wrapped widgets', async () => {
    expect(auth.authWidgets).toBe(authWidgets);
    expect(auth.signInWidget.name).toBe('sign-in');
    const root = await import('../../../src/index');
    expect(root.SignIn).toBe(auth.SignIn);
    expect(root.AdminLogin).toBe(auth.AdminLogin);
    expect(auth.SignIn.displayName).toBe('EstateDesk(sign-in)');
  });
});
