import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/contract';
import { AcceptInvitationScreen } from '../../../src/widgets/auth/AcceptInvitationScreen';
import { renderScreen, toastsOf, useFakeApi } from './support';

const A = MESSAGES.auth;
const V = MESSAGES.validation;
const TOKEN = 'an-invitation-token-0123456789';
const PATH = '/auth/accept-invitation';

const api = useFakeApi();

const button = (name: string | RegExp) => screen.getByRole('button', { name });
type User = ReturnType<typeof renderScreen>['user'];
const fill = async (user: User, password: string, confirmation = password) => {
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^Confirm password/), confirmation);
};

describe('AcceptInvitationScreen (/accept-invitation?token=…)', () => {
  it('checks the password with the checklist, sets it with "Saving...", then sends the person to sign in with a success message', async () => {
    const held = api.hold(`POST ${PATH}`, { status: 200, body: { status: 'Success', message: A.invitationAccepted } });
    const { user, location, runtime } = renderScreen(<AcceptInvitationScreen />, { api, path: `/accept-invitation?token=${TOKEN}` });
    expect(screen.getByRole('heading', { name: 'Set your password' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Your password needs' })).toBeTruthy();
    await user.click(button('Set Password'));
    expect(screen.getByText(V.passwordRequired)).toBeTruthy();
    await fill(user, 'weakpass');
    await user.click(button('Set Password'));
    expect(screen.getByText(V.passwordRequirements)).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Password/));
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await fill(user, 'Welcome@1', 'Welcome@2');
    await user.click(button('Set Password'));
    expect(screen.getByText(V.passwordsDoNotMatch)).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'Welcome@1');
    await user.click(button('Set Password'));
    expect(await screen.findByRole('button', { name: /Saving\.\.\./ })).toBeTruthy();
    held.release();
    await waitFor(() => expect(location.get()).toBe('/login'));
    expect(api.requests.at(-1)).toMatchObject({ path: PATH, body: { token: TOKEN, password: 'Welcome@1', password_confirmation: 'Welcome@1' } });
    // No session token goes with it: the person is not signed in yet.
    expect(api.requests.at(-1)!.headers.authorization).toBeUndefined();
    expect(toastsOf(runtime)).toContainEqual(['success', A.invitationAccepted, expect.any(Number)]);
  });

  it('a used, replaced or expired link says so and keeps the typed password', async () => {
    api.on(`POST ${PATH}`, { status: 400, body: { status: 'Error', message: A.invitationInvalid } });
    const { user, location } = renderScreen(<AcceptInvitationScreen token={TOKEN} />, { api });
    await fill(user, 'Welcome@1');
    await user.click(button('Set Password'));
    expect((await screen.findByRole('alert')).textContent).toContain(A.invitationInvalid);
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('Welcome@1');
    expect(location.get()).toBe('/');
  });

  it('shows the server’s field errors', async () => {
    api.on(`POST ${PATH}`, { status: 422, body: { message: MESSAGES.generic.invalidInput, errors: { password: ['Pick a longer password'] } } });
    const { user } = renderScreen(<AcceptInvitationScreen token={TOKEN} />, { api });
    await fill(user, 'Welcome@1');
    await user.click(button('Set Password'));
    expect(await screen.findByText('Pick a longer password')).toBeTruthy();
  });

  it('says when the server cannot be reached, rather than blaming the link', async () => {
    api.on(`POST ${PATH}`, { status: 503, body: { message: MESSAGES.generic.serverError } });
    const { user } = renderScreen(<AcceptInvitationScreen token={TOKEN} />, { api });
    await fill(user, 'Welcome@1');
    await user.click(button('Set Password'));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.generic.serverError);
  });

  it('without a token it shows the invalid-link message and no form', () => {
    renderScreen(<AcceptInvitationScreen />, { api, path: '/accept-invitation' });
    expect(screen.getByRole('alert').textContent).toContain(A.invitationInvalid);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });
});
