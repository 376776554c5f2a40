import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/contract';
import { AdminLoginScreen } from '../../../src/widgets/auth/AdminLoginScreen';
import { RegisterScreen } from '../../../src/widgets/auth/RegisterScreen';
import { ResetPasswordScreen } from '../../../src/widgets/auth/ResetPasswordScreen';
import { UndoEmailChangeScreen } from '../../../src/widgets/auth/UndoEmailChangeScreen';
import { VerifyEmailScreen } from '../../../src/widgets/auth/VerifyEmailScreen';
import { renderScreen, toastsOf, useFakeApi } from './support';

const A = MESSAGES.auth;
const V = MESSAGES.validation;
const TOKEN = 'a-mailed-token-0123456789';

const api = useFakeApi();

const button = (name: string | RegExp) => screen.getByRole('button', { name });
type User = ReturnType<typeof renderScreen>['user'];

describe('AdminLoginScreen (/admin/login)', () => {
  const fill = async (user: User) => {
    await user.type(screen.getByLabelText(/^Username/), 'super@estatedesk.test');
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
  };

  it('is titled ADMIN LOGIN with Username, Password and LOGIN', () => {
    renderScreen(<AdminLoginScreen />, { api });
    expect(screen.getByRole('heading', { level: 1, name: 'ADMIN LOGIN' })).toBeTruthy();
    expect(screen.getByLabelText(/^Username/)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(button('LOGIN')).toBeTruthy();
  });

  it('validates, then signs in with the busy label LOGGING IN... and goes to /dashboard', async () => {
    const { user, runtime, location } = renderScreen(<AdminLoginScreen />, { api, path: '/admin/login' });
    await user.click(button('LOGIN'));
    expect(screen.getByText(V.usernameRequired)).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    const held = api.hold('POST /auth', {
      status: 200,
      body: { status: 'Success', data: { token: 'super-token', company_id: null, user: { id: 1, user_type: 'super_admin', permissions: [] } } },
    });
    await fill(user);
    await user.click(button('LOGIN'));
    const busy = await screen.findByRole('button', { name: /LOGGING IN\.\.\./ });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    held.release();
    await waitFor(() => expect(location.get()).toBe('/dashboard'));
    expect(runtime.session.getState().token).toBe('super-token');
    expect(runtime.session.getState().user?.user_type).toBe('super_admin');
  });

  it("shows the server's message inline, else \"An error occurred. Please try again.\"", async () => {
    api.on('POST /auth', { status: 401, body: { status: 'Error', message: A.invalidCredentials } });
    const { user } = renderScreen(<AdminLoginScreen />, { api });
    await fill(user);
    await user.click(button('LOGIN'));
    expect((await screen.findByRole('alert')).textContent).toContain(A.invalidCredentials);

    api.on('POST /auth', { status: 502 });
    await user.click(button('LOGIN'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('An error occurred. Please try again.'));
  });

  it('an answer of the wrong shape is a failure too, not a half sign-in', async () => {
    api.on('POST /auth', { status: 200, body: { status: 'Success', data: { token: 'x' } } });
    const { user, runtime } = renderScreen(<AdminLoginScreen />, { api });
    await fill(user);
    await user.click(button('LOGIN'));
    expect((await screen.findByRole('alert')).textContent).toContain(A.adminLoginFailed);
    expect(runtime.session.getState().token).toBeNull();
  });
});

describe('RegisterScreen (/register)', () => {
  const stepOne = async (user: User) => {
    await user.type(screen.getByLabelText(/^First name/), 'Ravi');
    await user.type(screen.getByLabelText(/^Last name/), 'Kumar');
    await user.type(screen.getByLabelText(/^Display name/), 'Kumar Homes');
    await user.type(screen.getByLabelText(/^Email/), 'ravi@kumar.test');
    await user.click(button('Continue'));
  };

  it('step 1 needs every field, in the words of docs/product/rules.md', async () => {
    const { user } = renderScreen(<RegisterScreen />, { api });
    await user.click(button('Continue'));
    for (const message of ['Display name is required', 'First name is required', 'Last name is required', 'Email is required']) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await user.type(screen.getByLabelText(/^Email/), 'ravi@');
    await user.click(button('Continue'));
    expect(screen.getByText('Email is invalid')).toBeTruthy();
  });

  it('step 2 checks "Password is required", "Please confirm your password", "Passwords do not match"; Back keeps values', async () => {
    const { user } = renderScreen(<RegisterScreen />, { api });
    await stepOne(user);
    await user.click(button('Register'));
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.type(screen.getByLabelText(/^Confirm password/), 'abd');
    await user.click(button('Register'));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(button(/See Password Requirements/)).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    await user.click(button('Back'));
    expect((screen.getByLabelText(/^Display name/) as HTMLInputElement).value).toBe('Kumar Homes');
  });

  it('shows the server’s field errors (it enforces the password rules)', async () => {
    api.on('POST /register', { status: 422, body: { message: MESSAGES.generic.invalidInput, errors: { password: [V.passwordRequirements] } } });
    const { user } = renderScreen(<RegisterScreen />, { api });
    await stepOne(user);
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.type(screen.getByLabelText(/^Confirm password/), 'abc');
    await user.click(button('Register'));
    expect(await screen.findByText(V.passwordRequirements)).toBeTruthy();
    expect(screen.getByText(MESSAGES.generic.invalidInput)).toBeTruthy();
  });

  it('a duplicate e-mail goes back to step 1 with the field error', async () => {
    api.on('POST /register', { status: 422, body: { message: { email: [A.emailTakenServer] } } });
    const { user } = renderScreen(<RegisterScreen />, { api });
    await stepOne(user);
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret1!');
    await user.click(button('Register'));
    expect(await screen.findByText(A.emailTakenField)).toBeTruthy();
    expect(screen.getByText('Step 1 of 2')).toBeTruthy();
  });

  it('falls back to "An error occurred. Please try again."', async () => {
    api.on('POST /register', { status: 500 });
    const { user } = renderScreen(<RegisterScreen />, { api });
    await stepOne(user);
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret1!');
    await user.click(button('Register'));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
  });

  it('success: busy label, then "Registration successful!" and a way to sign in', async () => {
    const held = api.hold('POST /register', { status: 201, body: { status: 'Success' } });
    const onRegistered = vi.fn();
    const { user, location, runtime } = renderScreen(<RegisterScreen onRegistered={onRegistered} />, { api, path: '/register' });
    await stepOne(user);
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret1!');
    await user.click(button('Register'));
    expect(await screen.findByRole('button', { name: /Registering\.\.\./ })).toBeTruthy();
    held.release();

    expect(await screen.findByText('Registration successful!')).toBeTruthy();
    expect(onRegistered).toHaveBeenCalledWith('ravi@kumar.test');
    expect(toastsOf(runtime)).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(location.get()).toBe('/login');
  });
});

describe('VerifyEmailScreen (/verify-email?token=…)', () => {
  it('posts the token once (even under StrictMode), shows progress, then the verified message', async () => {
    const held = api.hold('POST /verify-email', { status: 200, body: { status: 'Success' } });
    const { location, user } = renderScreen(
      <StrictMode>
        <VerifyEmailScreen />
      </StrictMode>,
      { api, path: `/verify-email?token=${TOKEN}` },
    );
    expect(await screen.findByText('Verifying your e-mail address...')).toBeTruthy();
    held.release();
    expect(await screen.findByText(A.verified)).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/verify-email')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: TOKEN } }),
    ]);
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(location.get()).toBe('/login');
  });

  it('an invalid or expired link says so', async () => {
    api.on('POST /verify-email', { status: 400, body: { status: 'Error', message: A.verifyFailed } });
    renderScreen(<VerifyEmailScreen token={TOKEN} />, { api });
    expect((await screen.findByRole('alert')).textContent).toContain(A.verifyFailed);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a server that cannot answer is not an invalid link: it offers to try again', async () => {
    api.on('POST /verify-email', { status: 503 });
    const { user } = renderScreen(<VerifyEmailScreen token={TOKEN} />, { api });
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.generic.serverError);
    api.on('POST /verify-email', { status: 200, body: { status: 'Success' } });
    await user.click(button('Try again'));
    expect(await screen.findByText(A.verified)).toBeTruthy();
  });

  it('without a token it calls nothing and says the link is invalid', async () => {
    renderScreen(<VerifyEmailScreen />, { api, path: '/verify-email' });
    expect(screen.getByRole('alert').textContent).toContain(A.verifyFailed);
    await act(async () => {});
    expect(api.requests).toHaveLength(0);
  });
});

describe('UndoEmailChangeScreen (/undo-email-change?token=…)', () => {
  const undone = {
    status: 200,
    body: { status: 'Success', message: A.emailChangeUndone.replace('{email}', 'asha@skyline.test'), data: { email: 'asha@skyline.test', reset_token: 'reset-token-0123456789' } },
  };

  it('posts the token once (even under StrictMode), says the address is back, and leads on to a new password', async () => {
    const held = api.hold('POST /email-change/undo', undone);
    const { location, user } = renderScreen(
      <StrictMode>
        <UndoEmailChangeScreen />
      </StrictMode>,
      { api, path: `/undo-email-change?token=${TOKEN}` },
    );
    expect(await screen.findByText('Putting your e-mail address back...')).toBeTruthy();
    held.release();
    expect(await screen.findByText(undone.body.message)).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/email-change/undo')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: TOKEN } }),
    ]);
    await user.click(screen.getByRole('link', { name: 'Choose a new password' }));
    expect(location.get()).toBe('/reset-password?token=reset-token-0123456789');
  });

  it("shows the server's reason for a link that does not work, and offers to sign in", async () => {
    api.on('POST /email-change/undo', { status: 409, body: { status: 'Error', message: A.emailChangeUndoTaken } });
    renderScreen(<UndoEmailChangeScreen token={TOKEN} />, { api });
    expect((await screen.findByRole('alert')).textContent).toContain(A.emailChangeUndoTaken);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('a server that cannot answer offers to try again', async () => {
    api.on('POST /email-change/undo', { status: 503 });
    const { user } = renderScreen(<UndoEmailChangeScreen token={TOKEN} />, { api });
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.generic.serverError);
    api.on('POST /email-change/undo', undone);
    await user.click(button('Try again'));
    expect(await screen.findByText(undone.body.message)).toBeTruthy();
  });

  it('without a token it calls nothing and says the link is incomplete', async () => {
    renderScreen(<UndoEmailChangeScreen />, { api, path: '/undo-email-change' });
    expect(screen.getByRole('alert').textContent).toContain('This link is incomplete');
    await act(async () => {});
    expect(api.requests).toHaveLength(0);
  });
});

describe('ResetPasswordScreen (/reset-password?token=…)', () => {
  const fill = async (user: User, password: string, confirmation = password) => {
    await user.type(screen.getByLabelText(/^New password/), password);
    await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  };

  it('validates with PASSWORD_RULES and the checklist, then resets and offers sign-in', async () => {
    const held = api.hold('POST /reset-password', { status: 200, body: { status: 'Success' } });
    const { user, location } = renderScreen(<ResetPasswordScreen />, { api, path: `/reset-password?token=${TOKEN}` });
    expect(screen.getByRole('list', { name: 'Your password needs' })).toBeTruthy();
    await user.click(button('Reset Password'));
    expect(screen.getByText(V.passwordRequired)).toBeTruthy();
    await fill(user, 'weakpass');
    await user.click(button('Reset Password'));
    expect(screen.getByText(V.passwordRequirements)).toBeTruthy();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await fill(user, 'NewSecret1!', 'NewSecret1?');
    await user.click(button('Reset Password'));
    expect(screen.getByText(V.passwordsDoNotMatch)).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'NewSecret1!');
    await user.click(button('Reset Password'));
    expect(await screen.findByRole('button', { name: /Resetting\.\.\./ })).toBeTruthy();
    held.release();
    expect(await screen.findByText(A.passwordReset)).toBeTruthy();
    expect(api.requests.at(-1)).toMatchObject({
      path: '/reset-password',
      body: { token: TOKEN, password: 'NewSecret1!', password_confirmation: 'NewSecret1!' },
    });
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(location.get()).toBe('/login');
  });

  it('an invalid link says so and offers a new one', async () => {
    api.on('POST /reset-password', { status: 400, body: { status: 'Error', message: A.resetTokenInvalid } });
    const { user, location } = renderScreen(<ResetPasswordScreen token={TOKEN} />, { api });
    await fill(user, 'NewSecret1!');
    await user.click(button('Reset Password'));
    expect((await screen.findByRole('alert')).textContent).toContain(A.resetTokenInvalid);
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(location.get()).toBe('/login?mode=forgot');
  });

  it('shows the server’s field errors', async () => {
    api.on('POST /reset-password', { status: 422, body: { message: MESSAGES.generic.invalidInput, errors: { password: ['Pick a password you have not used before'] } } });
    const { user } = renderScreen(<ResetPasswordScreen token={TOKEN} />, { api });
    await fill(user, 'NewSecret1!');
    await user.click(button('Reset Password'));
    expect(await screen.findByText('Pick a password you have not used before')).toBeTruthy();
  });

  it('without a token it shows the invalid-link message and no form', () => {
    renderScreen(<ResetPasswordScreen />, { api, path: '/reset-password' });
    expect(screen.getByRole('alert').textContent).toContain(A.resetTokenInvalid);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});
