import { describe, expect, it } from 'vitest';
import * as auth from '../../../src/widgets/auth';
import { authWidgets } from '../../../src/widgets/auth/widgets';

describe('auth widget descriptors', () => {
  it('list every sign-in screen as a public, lazily loaded widget', async () => {
    expect(authWidgets.map((w) => w.name)).toEqual(['sign-in', 'admin-login', 'register', 'verify-email', 'reset-password']);
    expect(authWidgets.every((w) => w.public)).toBe(true);
    const loaded = await Promise.all(authWidgets.map((w) => w.load()));
    expect(loaded.map((m) => m.default)).toEqual([
      auth.LoginScreen,
      auth.AdminLoginScreen,
      auth.RegisterScreen,
      auth.VerifyEmailScreen,
      auth.ResetPasswordScreen,
    ]);
  });

  it('the package entry re-exports the same descriptors', () => {
    expect(auth.authWidgets).toBe(authWidgets);
    expect(auth.signInWidget.name).toBe('sign-in');
  });
});
