import { describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_RULES } from '../../../src/contract';
import { ApiError } from '../../../src/core';
import {
  EMPTY_REGISTER,
  forgotFailure,
  isEmailTaken,
  loginFailure,
  registrationFailure,
  resetFailure,
  stepOfErrors,
  tokenFrom,
  validateForgot,
  validateLogin,
  validateRegisterStep1,
  validateRegisterStep2,
  validateRegistration,
  validateReset,
  verifyFailure,
  type RegisterValues,
} from '../../../src/widgets/auth/authModel';

const A = MESSAGES.auth;
const V = MESSAGES.validation;

/** An error as the core API client throws it for an HTTP answer. */
function httpError(status: number, body: unknown): ApiError {
  const message = typeof body === 'object' && body && typeof (body as { message?: unknown }).message === 'string'
    ? ((body as { message: string }).message)
    : undefined;
  return new ApiError({
    kind: 'http',
    status,
    method: 'POST',
    path: '/register',
    body,
    ...(message ? { serverMessage: message } : {}),
    description: `POST failed with HTTP ${status}`,
  });
}
const networkError = () =>
  new ApiError({ kind: 'network', status: 0, method: 'POST', path: '/auth', body: undefined, description: 'unreachable' });

const FILLED: RegisterValues = {
  display_name: 'Sunrise Realty',
  first_name: 'Asha',
  last_name: 'Rao',
  email: ' Asha@Example.com ',
  password: 'Secret1!',
  password_confirmation: 'Secret1!',
};

describe('validation with the messages of docs/product/rules.md', () => {
  it('login needs a username and a password, and normalises the username', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      ok: false,
      errors: { username: V.usernameRequired, password: V.passwordRequired },
    });
    expect(validateLogin({ username: ' Admin@Example.com ', password: 'x' })).toEqual({
      ok: true,
      data: { username: 'admin@example.com', password: 'x' },
    });
  });

  it('forgot password needs a valid e-mail', () => {
    expect(validateForgot({ email: '' })).toEqual({ ok: false, errors: { email: V.emailRequired } });
    expect(validateForgot({ email: 'nope' })).toEqual({ ok: false, errors: { email: V.emailInvalid } });
    expect(validateForgot({ email: 'A@B.co' })).toEqual({ ok: true, data: { email: 'a@b.co' } });
  });

  it('registration step 1 gives every step 1 message and nothing about passwords', () => {
    const r = validateRegisterStep1(EMPTY_REGISTER);
    expect(r).toEqual({
      ok: false,
      errors: {
        display_name: 'Display name is required',
        first_name: 'First name is required',
        last_name: 'Last name is required',
        email: 'Email is required',
      },
    });
    expect(validateRegisterStep1({ ...FILLED, email: 'asha@' })).toEqual({ ok: false, errors: { email: 'Email is invalid' } });
    expect(validateRegisterStep1({ ...FILLED, display_name: '   ' })).toEqual({
      ok: false,
      errors: { display_name: 'Display name is required' },
    });
    expect(validateRegisterStep1(FILLED)).toEqual({
      ok: true,
      data: { display_name: 'Sunrise Realty', first_name: 'Asha', last_name: 'Rao', email: 'asha@example.com' },
    });
  });

  it('login-page registration applies PASSWORD_RULES (docs/product/rules.md)', () => {
    for (const weak of ['secret1!', 'Secret!!', 'Secret11', 'Se1!']) {
      expect(validateRegisterStep2({ password: weak, password_confirmation: weak }, 'rules')).toEqual({
        password: 'Password does not meet all requirements',
      });
    }
    expect(validateRegisterStep2({ password: 'Secret1!', password_confirmation: 'Secret1?' }, 'rules')).toEqual({
      password_confirmation: 'Passwords do not match',
    });
    expect(validateRegisterStep2({ password: 'Secret1!', password_confirmation: 'Secret1!' }, 'rules')).toEqual({});
    expect(validateRegisterStep2({ password: '', password_confirmation: '' }, 'rules')).toEqual({
      password: V.passwordRequired,
      password_confirmation: V.confirmPasswordRequired,
    });
  });

  it('the simple /register page only checks required, confirmation and match (docs/product/rules.md)', () => {
    expect(validateRegisterStep2({ password: '', password_confirmation: '' }, 'simple')).toEqual({
      password: 'Password is required',
      password_confirmation: 'Please confirm your password',
    });
    expect(validateRegisterStep2({ password: 'abc', password_confirmation: 'abd' }, 'simple')).toEqual({
      password_confirmation: 'Passwords do not match',
    });
    // The server enforces the rules; the simple page leaves that to it.
    expect(validateRegisterStep2({ password: 'abc', password_confirmation: 'abc' }, 'simple')).toEqual({});
  });

  it('the whole registration yields the POST /register payload', () => {
    expect(validateRegistration(FILLED, 'rules')).toEqual({
      ok: true,
      data: {
        display_name: 'Sunrise Realty',
        first_name: 'Asha',
        last_name: 'Rao',
        email: 'asha@example.com',
        password: 'Secret1!',
        password_confirmation: 'Secret1!',
      },
    });
    const bad = validateRegistration({ ...FILLED, first_name: '', password: 'weak', password_confirmation: 'weak' }, 'rules');
    expect(bad).toEqual({ ok: false, errors: { first_name: V.firstNameRequired, password: V.passwordRequirements } });
  });

  it('reset password uses the same rules as the login-page registration', () => {
    expect(validateReset({ password: 'short', password_confirmation: 'short' })).toEqual({ password: V.passwordRequirements });
    expect(validateReset({ password: 'Secret1!', password_confirmation: 'nope' })).toEqual({
      password_confirmation: V.passwordsDoNotMatch,
    });
    expect(PASSWORD_RULES.every((r) => r.test('Secret1!'))).toBe(true);
  });
});

describe('registration steps (docs/product/rules.md)', () => {
  // Moving between the steps is tested on the screens (LoginScreen, RegisterScreen tests).
  it('server errors on step 1 fields bring step 1 back into view', () => {
    expect(stepOfErrors({ email: A.emailTakenField }, 2)).toBe(1);
    expect(stepOfErrors({ email: 'x', password: 'x' }, 2)).toBe(1);
    expect(stepOfErrors({ password: 'x' }, 1)).toBe(2);
    expect(stepOfErrors({}, 2)).toBe(2);
  });
});

describe('failed calls (docs/product/messages.md)', () => {
  it('login shows the server message, else the screen fallback', () => {
    const wrong = httpError(401, { status: 'Error', message: A.invalidCredentials });
    expect(loginFailure(wrong, A.loginFailed).formError).toBe(A.invalidCredentials);
    expect(loginFailure(networkError(), A.loginFailed).formError).toBe('Login failed. Please try again.');
    expect(loginFailure(new Error('boom'), A.adminLoginFailed).formError).toBe('An error occurred. Please try again.');
    expect(loginFailure(httpError(500, {}), A.adminLoginFailed).formError).toBe(A.adminLoginFailed);
  });

  it('a duplicate e-mail (message.email list) marks the field and toasts, on the login page', () => {
    const taken = httpError(422, { status: 'Error', message: { email: ['The email has already been taken.'] } });
    expect(isEmailTaken(taken)).toBe(true);
    expect(registrationFailure(taken, 'rules')).toEqual({
      errors: { email: 'The email has already been taken' },
      formError: null,
      toast: 'The email has already been taken. Please use a different email.',
    });
  });

  it('a duplicate e-mail in the errors object counts too', () => {
    const taken = httpError(422, { message: 'The request contains invalid data.', errors: { email: [A.emailTakenServer] } });
    expect(isEmailTaken(taken)).toBe(true);
    expect(registrationFailure(taken, 'rules').errors).toEqual({ email: A.emailTakenField });
  });

  it('other registration failures: server message toast, field errors or the general message', () => {
    const invalid = httpError(422, {
      message: 'The request contains invalid data.',
      errors: { password: [V.passwordRequirements], first_name: [V.firstNameRequired, 'second'] },
    });
    expect(registrationFailure(invalid, 'rules')).toEqual({
      errors: { password: V.passwordRequirements, first_name: V.firstNameRequired },
      formError: null,
      toast: 'The request contains invalid data.',
    });
    expect(registrationFailure(httpError(500, {}), 'rules')).toEqual({
      errors: {},
      formError: 'Registration failed',
      toast: 'Registration failed. Please try again.',
    });
    expect(registrationFailure(networkError(), 'rules').toast).toBe(A.registrationFailed);
  });

  it('the simple page shows errors inline, falling back to "An error occurred. Please try again."', () => {
    expect(registrationFailure(httpError(500, {}), 'simple')).toEqual({
      errors: {},
      formError: 'An error occurred. Please try again.',
      toast: null,
    });
    expect(registrationFailure(httpError(400, { message: 'Nope' }), 'simple').formError).toBe('Nope');
    const taken = httpError(422, { message: { email: [A.emailTakenServer] } });
    expect(registrationFailure(taken, 'simple')).toEqual({ errors: { email: A.emailTakenField }, formError: null, toast: null });
    const weak = httpError(422, { errors: { password: [V.passwordRequirements] } });
    expect(registrationFailure(weak, 'simple')).toEqual({ errors: { password: V.passwordRequirements }, formError: null, toast: null });
  });

  it('forgot password: the server message, else the product fallback', () => {
    expect(forgotFailure(httpError(429, { message: 'Slow down' })).toast).toBe('Slow down');
    expect(forgotFailure(networkError()).toast).toBe('Failed to send reset link. Please try again.');
  });

  it('reset password: field errors, else an invalid link, unless the server was not reached', () => {
    expect(resetFailure(httpError(400, { message: A.resetTokenInvalid }))).toEqual({
      errors: {},
      formError: A.resetTokenInvalid,
      toast: null,
    });
    expect(resetFailure(httpError(404, { message: 'Not found' })).formError).toBe(A.resetTokenInvalid);
    expect(resetFailure(httpError(422, { errors: { token: ['Too small'] } })).formError).toBe(A.resetTokenInvalid);
    expect(resetFailure(httpError(422, { errors: { password: [V.passwordRequirements] } }))).toEqual({
      errors: { password: V.passwordRequirements },
      formError: null,
      toast: null,
    });
    expect(resetFailure(networkError()).formError).toBe(MESSAGES.generic.serverError);
    expect(resetFailure(httpError(429, { message: MESSAGES.generic.tooManyRequests })).formError).toBe(
      MESSAGES.generic.tooManyRequests,
    );
  });

  it('e-mail verification: an invalid link, unless the server was not reached', () => {
    expect(verifyFailure(httpError(400, { message: 'whatever' }))).toBe(A.verifyFailed);
    expect(verifyFailure(networkError())).toBe(MESSAGES.generic.serverError);
    expect(verifyFailure(httpError(503, { message: 'Down for maintenance' }))).toBe('Down for maintenance');
  });
});

describe('tokens of mailed links', () => {
  it('reads the token from a search string or a hash location', () => {
    expect(tokenFrom('?token=abc')).toBe('abc');
    expect(tokenFrom('token=abc&x=1')).toBe('abc');
    expect(tokenFrom(null, '', '#/reset-password?token=abc%2Bd')).toBe('abc+d');
    expect(tokenFrom('?other=1', '/verify-email')).toBeNull();
    expect(tokenFrom('?token=%20')).toBeNull();
  });
});
