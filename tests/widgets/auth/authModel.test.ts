import { describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_RULES } from '../../../src/contract';
import { ApiError } from '../../../src/core';
import {
  EMPTY_REGISTER,
  forgotFailure,
  initialLoginScreen,
  initialRegistration,
  isEmailTaken,
  loginFailure,
  loginScreenReducer,
  registrationFailure,
  registrationReducer,
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
  type LoginScreenState,
  type RegisterValues,
  type RegistrationState,
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

describe('validation with SPEC §5 messages', () => {
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

  it('login-page registration applies PASSWORD_RULES (SPEC §5)', () => {
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

  it('the simple /register page only checks required, confirmation and match (SPEC §5)', () => {
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

describe('registration steps (SPEC §4)', () => {
  const edit = (state: RegistrationState, values: Partial<RegisterValues>) =>
    Object.entries(values).reduce(
      (s, [field, value]) => registrationReducer(s, { type: 'edit', field: field as keyof RegisterValues, value: value as string }),
      state,
    );

  it('moves to step 2 only if step 1 validates', () => {
    const start = initialRegistration('rules');
    const blocked = registrationReducer(start, { type: 'continue' });
    expect(blocked.step).toBe(1);
    expect(blocked.errors.first_name).toBe(V.firstNameRequired);

    const filled = edit(blocked, FILLED);
    expect(filled.errors).toEqual({}); // typing answers each field's complaint
    const next = registrationReducer(filled, { type: 'continue' });
    expect(next.step).toBe(2);
    expect(next.errors).toEqual({});
  });

  it('Back returns to step 1 keeping the values', () => {
    const atTwo = registrationReducer(edit(initialRegistration('simple'), FILLED), { type: 'continue' });
    const failed = registrationReducer(atTwo, { type: 'failed', errors: { password: V.passwordRequired } });
    const back = registrationReducer(failed, { type: 'back' });
    expect(back.step).toBe(1);
    expect(back.values).toEqual(FILLED);
    expect(back.errors).toEqual({});
  });

  it('server errors on step 1 fields bring step 1 back into view', () => {
    const atTwo = registrationReducer(edit(initialRegistration('rules'), FILLED), { type: 'continue' });
    const failed = registrationReducer(atTwo, { type: 'failed', errors: { email: A.emailTakenField } });
    expect(failed.step).toBe(1);
    expect(failed.errors.email).toBe(A.emailTakenField);
    expect(stepOfErrors({ password: 'x' }, 1)).toBe(2);
    expect(stepOfErrors({}, 2)).toBe(2);
  });

  it('toggles the password requirements checklist', () => {
    const s = registrationReducer(initialRegistration('rules'), { type: 'toggleRequirements' });
    expect(s.showRequirements).toBe(true);
    expect(registrationReducer(s, { type: 'toggleRequirements' }).showRequirements).toBe(false);
  });
});

describe('login screen modes (SPEC §4)', () => {
  const run = (state: LoginScreenState, ...actions: Parameters<typeof loginScreenReducer>[1][]) =>
    actions.reduce(loginScreenReducer, state);

  it('starts in login mode', () => {
    expect(initialLoginScreen().mode).toBe('login');
    expect(initialLoginScreen('forgot').mode).toBe('forgot');
  });

  it('switching modes clears errors and resets registration to step 1', () => {
    const fill = (Object.keys(FILLED) as (keyof RegisterValues)[]).map((field) => ({
      type: 'registration' as const,
      action: { type: 'edit' as const, field, value: FILLED[field] },
    }));
    const atStepTwo = run(
      initialLoginScreen(),
      { type: 'failed', errors: { username: V.usernameRequired }, formError: A.loginFailed },
      { type: 'switch', mode: 'register' },
      ...fill,
      { type: 'registration', action: { type: 'continue' } },
      { type: 'registration', action: { type: 'failed', errors: { password: V.passwordRequirements } } },
    );
    expect(atStepTwo.errors).toEqual({});
    expect(atStepTwo.formError).toBeNull();
    expect(atStepTwo.registration.step).toBe(2);

    const switched = run(atStepTwo, { type: 'switch', mode: 'login' });
    expect(switched.mode).toBe('login');
    expect(switched.registration.step).toBe(1);
    expect(switched.registration.errors).toEqual({});
    expect(switched.registration.values).toEqual(FILLED);

    const forgot = run(switched, { type: 'failed', errors: { email: V.emailInvalid } }, { type: 'switch', mode: 'forgot' });
    expect(forgot.errors).toEqual({});
  });

  it('after a successful registration returns to login mode with the form cleared', () => {
    const s = run(
      initialLoginScreen('register'),
      { type: 'registration', action: { type: 'edit', field: 'email', value: 'a@b.co' } },
      { type: 'registered' },
    );
    expect(s.mode).toBe('login');
    expect(s.registration.values).toEqual(EMPTY_REGISTER);
    expect(s.registration.step).toBe(1);
  });

  it('after the reset link is sent returns to login mode', () => {
    const s = run(initialLoginScreen('forgot'), { type: 'editForgot', field: 'email', value: 'a@b.co' }, { type: 'linkSent' });
    expect(s.mode).toBe('login');
  });

  it('typing clears that field’s error only', () => {
    const s = run(
      initialLoginScreen(),
      { type: 'failed', errors: { username: V.usernameRequired, password: V.passwordRequired } },
      { type: 'editLogin', field: 'username', value: 'a' },
    );
    expect(s.errors).toEqual({ password: V.passwordRequired });
    expect(s.login.username).toBe('a');
  });
});

describe('failed calls (SPEC §8)', () => {
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

  it('forgot password: the server message, else the SPEC fallback', () => {
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
