import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, PASSWORD_RULES, STORAGE_KEYS, TOAST } from '../../../src/contract';
import { LoginScreen } from '../../../src/widgets/auth/LoginScreen';
import { renderScreen, toastsOf, useFakeApi } from './support';

const A = MESSAGES.auth;
const V = MESSAGES.validation;

const api = useFakeApi();

const ADMIN = { id: 7, name: 'Asha Rao', email: 'asha@sunrise.test', user_type: 'admin', permissions: ['lead-create'], company_id: 3 };
const LOGIN_OK = { status: 200, body: { status: 'Success', data: { token: 'tok-123', company_id: 3, user: ADMIN } } };

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('LoginScreen: login mode', () => {
  it('shows the branding welcome, username, password with show/hide, and the mode links', () => {
    renderScreen(<LoginScreen />, { api });
    expect(screen.getByText('Welcome to EstateDesk')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText(/^Username/)).toBeTruthy();
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(button('Forgot your password?')).toBeTruthy();
    expect(button("Don't have an account? Register")).toBeTruthy();
    expect(button('Login')).toBeTruthy();
  });

  it('toggles the password visibility', async () => {
    const { user } = renderScreen(<LoginScreen />, { api });
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    await user.click(button('Show password'));
    expect(password.type).toBe('text');
    await user.click(button('Hide password'));
    expect(password.type).toBe('password');
  });

  it('validates before calling the server', async () => {
    const { user } = renderScreen(<LoginScreen />, { api });
    await user.click(button('Login'));
    expect(screen.getByText(V.usernameRequired)).toBeTruthy();
    expect(screen.getByText(V.passwordRequired)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('signs in: busy label, session stored (all cleared first), then /dashboard', async () => {
    const held = api.hold('POST /auth', LOGIN_OK);
    const { user, runtime, location } = renderScreen(<LoginScreen />, { api, path: '/login' });
    runtime.storage.set('stale', 'left over');
    await user.type(screen.getByLabelText(/^Username/), ' Asha@Sunrise.test ');
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await user.click(button('Login'));

    const busy = await screen.findByRole('button', { name: /Logging in\.\.\./ });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    held.release();

    await waitFor(() => expect(location.get()).toBe('/dashboard'));
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: '/auth', body: { username: 'asha@sunrise.test', password: 'Secret1!' } });
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
    const session = runtime.session.getState();
    expect(session.token).toBe('tok-123');
    expect(session.companyId).toBe(3);
    expect(session.permissions).toEqual(['lead-create']);
    expect(session.user?.email).toBe('asha@sunrise.test');
    expect(runtime.storage.get(STORAGE_KEYS.token)).toBe('tok-123');
    expect(runtime.storage.get('stale')).toBeNull();
  });

  it('calls onSignedIn, and stays put when embedded', async () => {
    api.on('POST /auth', LOGIN_OK);
    const onSignedIn = vi.fn();
    const { user, location } = renderScreen(<LoginScreen embedded onSignedIn={onSignedIn} />, { api, path: '/here' });
    expect(screen.queryByText('Welcome to EstateDesk')).toBeNull(); // the card alone
    await user.type(screen.getByLabelText(/^Username/), 'asha@sunrise.test');
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await user.click(button('Login'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ email: 'asha@sunrise.test' })));
    expect(location.get()).toBe('/here');
  });

  it('uses onNavigate when given', async () => {
    api.on('POST /auth', LOGIN_OK);
    const onNavigate = vi.fn();
    const { user } = renderScreen(<LoginScreen onNavigate={onNavigate} />, { api });
    await user.type(screen.getByLabelText(/^Username/), 'asha@sunrise.test');
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await user.click(button('Login'));
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('/dashboard'));
  });

  it("a wrong password shows the server's message inline", async () => {
    api.on('POST /auth', { status: 401, body: { status: 'Error', message: A.invalidCredentials } });
    const { user, runtime } = renderScreen(<LoginScreen />, { api });
    await user.type(screen.getByLabelText(/^Username/), 'asha@sunrise.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(button('Login'));
    expect((await screen.findByRole('alert')).textContent).toContain(A.invalidCredentials);
    expect(runtime.session.getState().token).toBeNull();
    expect(button('Login')).toBeTruthy();
  });

  it('without a server message shows "Login failed. Please try again."', async () => {
    api.on('POST /auth', { status: 500 });
    const { user } = renderScreen(<LoginScreen />, { api });
    await user.type(screen.getByLabelText(/^Username/), 'asha@sunrise.test');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(button('Login'));
    expect((await screen.findByRole('alert')).textContent).toContain('Login failed. Please try again.');
  });
});

describe('LoginScreen: forgot password mode', () => {
  it('sends the reset link: busy label, 5000 ms toast, back to login', async () => {
    const held = api.hold('POST /forgot-password', { status: 200, body: { status: 'Success', message: 'sent' } });
    const { user, runtime } = renderScreen(<LoginScreen />, { api });
    await user.click(button('Forgot your password?'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset your password');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
    expect(button('Back to Login')).toBeTruthy();

    await user.click(button('Send Reset Link'));
    expect(screen.getByText(V.emailRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'nope');
    await user.click(button('Send Reset Link'));
    expect(screen.getByText(V.emailInvalid)).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'Asha@Sunrise.test');
    await user.click(button('Send Reset Link'));
    expect(await screen.findByRole('button', { name: /Sending\.\.\./ })).toBeTruthy();
    held.release();

    await waitFor(() => expect(toastsOf(runtime)).toEqual([['success', 'Password reset link has been sent to your email.', 5000]]));
    expect(api.requests.at(-1)).toMatchObject({ path: '/forgot-password', body: { email: 'asha@sunrise.test' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back');
  });

  it('a failure toasts the server message, else the product fallback', async () => {
    api.on('POST /forgot-password', { status: 429, body: { message: MESSAGES.generic.tooManyRequests } });
    const { user, runtime } = renderScreen(<LoginScreen initialMode="forgot" />, { api });
    await user.type(screen.getByLabelText(/^Email/), 'asha@sunrise.test');
    await user.click(button('Send Reset Link'));
    await waitFor(() => expect(toastsOf(runtime)).toEqual([['error', MESSAGES.generic.tooManyRequests, TOAST.longMs]]));

    api.on('POST /forgot-password', { status: 500 });
    await user.click(button('Send Reset Link'));
    await waitFor(() => expect(toastsOf(runtime).at(-1)).toEqual(['error', 'Failed to send reset link. Please try again.', 5000]));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset your password');
  });

  it('Back to Login clears the errors', async () => {
    const { user } = renderScreen(<LoginScreen />, { api, path: '/login?mode=forgot' });
    await user.click(button('Send Reset Link'));
    expect(screen.getByText(V.emailRequired)).toBeTruthy();
    await user.click(button('Back to Login'));
    await user.click(button('Forgot your password?'));
    expect(screen.queryByText(V.emailRequired)).toBeNull();
  });
});

describe('LoginScreen: register mode', () => {
  async function fillStepOne(user: ReturnType<typeof renderScreen>['user'], email = 'new@agency.test') {
    await user.type(screen.getByLabelText(/^First name/), 'Asha');
    await user.type(screen.getByLabelText(/^Last name/), 'Rao');
    await user.type(screen.getByLabelText(/^Display name/), 'Sunrise Realty');
    await user.type(screen.getByLabelText(/^Email/), email);
  }
  async function fillStepTwo(user: ReturnType<typeof renderScreen>['user'], password = 'Secret1!', confirmation = password) {
    await user.type(screen.getByLabelText(/^Password/), password);
    await user.type(screen.getByLabelText(/^Confirm password/), confirmation);
  }

  it('step 1 validates with the product messages and only then moves on', async () => {
    const { user } = renderScreen(<LoginScreen />, { api });
    await user.click(button("Don't have an account? Register"));
    expect(button('Already have an account? Login')).toBeTruthy();
    // The form loads on demand (the test runner compiles its module then, slowly on a busy
    // machine), then takes the focus the mode switch promised.
    expect(await screen.findByText('Step 1 of 2', undefined, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First name/)));
    await user.click(button('Continue'));
    for (const message of ['First name is required', 'Last name is required', 'Display name is required', 'Email is required']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First name/)));
    await fillStepOne(user, 'not-an-email');
    await user.click(button('Continue'));
    expect(screen.getByText('Email is invalid')).toBeTruthy();
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'new@agency.test');
    await user.click(button('Continue'));
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Password/)));
  });

  it('step 2: the requirements checklist toggles and ticks PASSWORD_RULES; weak and mismatched passwords are refused', async () => {
    const { user } = renderScreen(<LoginScreen initialMode="register" />, { api });
    await screen.findByText('Step 1 of 2', undefined, { timeout: 5000 });
    await fillStepOne(user);
    await user.click(button('Continue'));

    const toggle = button(/See Password Requirements/);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Your password needs' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('data-rule'))).toEqual(PASSWORD_RULES.map((r) => r.id));

    await fillStepTwo(user, 'secret', 'secret');
    expect(list.querySelector('[data-rule="length"]')?.getAttribute('data-met')).toBe('true');
    expect(list.querySelector('[data-rule="capital"]')?.getAttribute('data-met')).toBe('false');
    await user.click(button('Register'));
    expect(screen.getByText('Password does not meet all requirements')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await fillStepTwo(user, 'Secret1!', 'Secret1?');
    await user.click(button('Register'));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    await user.click(button(/See Password Requirements/));
    expect(screen.getByRole('button', { name: /See Password Requirements/ }).getAttribute('aria-expanded')).toBe('false');
  });

  it('Back keeps the values; switching modes clears errors and returns to step 1', async () => {
    const { user } = renderScreen(<LoginScreen initialMode="register" />, { api });
    await screen.findByText('Step 1 of 2', undefined, { timeout: 5000 });
    await fillStepOne(user);
    await user.click(button('Continue'));
    await user.click(button('Register'));
    expect(screen.getByText(V.passwordRequired)).toBeTruthy();
    await user.click(button('Back'));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('new@agency.test');

    await user.click(button('Continue'));
    await user.click(button('Register'));
    await user.click(button('Already have an account? Login'));
    await user.click(button("Don't have an account? Register"));
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
    expect(screen.queryByText(V.passwordRequired)).toBeNull();
  });

  it('registers: busy label, payload, success toast for 5000 ms, back to login with the form cleared', async () => {
    const held = api.hold('POST /register', { status: 201, body: { status: 'Success', message: 'Registered' } });
    const { user, runtime } = renderScreen(<LoginScreen initialMode="register" />, { api });
    await screen.findByText('Step 1 of 2', undefined, { timeout: 5000 });
    await fillStepOne(user, ' New@Agency.test ');
    await user.click(button('Continue'));
    await fillStepTwo(user);
    await user.click(button('Register'));
    expect(await screen.findByRole('button', { name: /Registering\.\.\./ })).toBeTruthy();
    expect((button('Back') as HTMLButtonElement).disabled).toBe(true);
    held.release();

    await waitFor(() =>
      expect(toastsOf(runtime)).toEqual([['success', 'Registration successful! Please check your email for verification.', 5000]]),
    );
    expect(api.requests.at(-1)).toMatchObject({
      path: '/register',
      body: {
        display_name: 'Sunrise Realty',
        first_name: 'Asha',
        last_name: 'Rao',
        email: 'new@agency.test',
        password: 'Secret1!',
        password_confirmation: 'Secret1!',
      },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back');
    await user.click(button("Don't have an account? Register"));
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
  });

  it('a duplicate e-mail marks the field and toasts the words of docs/product/messages.md', async () => {
    api.on('POST /register', { status: 422, body: { status: 'Error', message: { email: ['The email has already been taken.'] } } });
    const { user, runtime } = renderScreen(<LoginScreen initialMode="register" />, { api });
    await screen.findByText('Step 1 of 2', undefined, { timeout: 5000 });
    await fillStepOne(user);
    await user.click(button('Continue'));
    await fillStepTwo(user);
    await user.click(button('Register'));

    expect(await screen.findByText('The email has already been taken')).toBeTruthy();
    expect(screen.getByText('Step 1 of 2')).toBeTruthy(); // the field with the error is in view
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
    expect(toastsOf(runtime)).toEqual([['error', 'The email has already been taken. Please use a different email.', 5000]]);
  });

  it('field errors from the errors object, with the server message as toast', async () => {
    api.on('POST /register', {
      status: 422,
      body: { status: 'Error', message: MESSAGES.generic.invalidInput, errors: { password: [V.passwordRequirements] } },
    });
    const { user, runtime } = renderScreen(<LoginScreen initialMode="register" />, { api });
    await screen.findByText('Step 1 of 2', undefined, { timeout: 5000 });
    await fillStepOne(user);
    await user.click(button('Continue'));
    await fillStepTwo(user);
    await user.click(button('Register'));
    expect(await screen.findByText(V.passwordRequirements)).toBeTruthy();
    expect(toastsOf(runtime)).toEqual([['error', MESSAGES.generic.invalidInput, 5000]]);
  });

  it('otherwise the general "Registration failed" and the toast "Registration failed. Please try again."', async () => {
    api.on('POST /register', { status: 500 });
    const { user, runtime } = renderScreen(<LoginScreen initialMode="register" />, { api });
    await screen.findByText('Step 1 of 2', undefined, { timeout: 5000 });
    await fillStepOne(user);
    await user.click(button('Continue'));
    await fillStepTwo(user);
    await user.click(button('Register'));
    expect((await screen.findByRole('alert')).textContent).toBe('Registration failed');
    expect(toastsOf(runtime)).toEqual([['error', A.registrationFailed, 5000]]);
  });
});
