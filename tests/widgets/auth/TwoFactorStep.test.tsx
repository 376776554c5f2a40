import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/contract';
import { AdminLoginScreen } from '../../../src/widgets/auth/AdminLoginScreen';
import { LoginScreen } from '../../../src/widgets/auth/LoginScreen';
import { TWO_FACTOR_TEXT } from '../../../src/widgets/auth/TwoFactorStep';
import { renderScreen, useFakeApi } from './support';

const TF = MESSAGES.twoFactor;
const api = useFakeApi();

const USER = { id: 7, name: 'Asha Rao', email: 'asha@sunrise.test', user_type: 'admin', permissions: [], company_id: 3 };
const SESSION = { status: 'Success', data: { token: 'tok-2fa', company_id: 3, user: USER } };
const challenge = (enrolment_required: boolean) => ({
  status: 200,
  body: { status: 'Success', data: { two_factor_required: true, challenge_token: 'challenge-token-1', enrolment_required, expires_at: '2030-01-01T00:00:00Z' } },
});
const SETUP = {
  status: 200,
  body: { status: 'Success', data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_svg: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' } },
};

async function password(user: ReturnType<typeof renderScreen>['user'], submit = 'Login') {
  await user.type(screen.getByLabelText(/^Username/), 'asha@sunrise.test');
  await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
  await user.click(screen.getByRole('button', { name: submit }));
}

describe('sign-in code step', () => {
  it('asks for the code after the password: labelled one-time-code input, wrong code shown, right code signs in', async () => {
    api.on('POST /auth', challenge(false));
    api.on('POST /auth/two-factor', (request) =>
      (request.body as { code: string }).code === '123456'
        ? { status: 200, body: SESSION }
        : { status: 422, body: { status: 'Error', message: TF.codeInvalid, errors: { code: [TF.codeInvalid] } } },
    );
    const { user, runtime, location } = renderScreen(<LoginScreen />, { api, path: '/login' });
    await password(user);
    const code = (await screen.findByLabelText(new RegExp(`^${TWO_FACTOR_TEXT.appCode}`))) as HTMLInputElement;
    expect(code.autocomplete).toBe('one-time-code');
    expect(code.inputMode).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(runtime.session.getState().token).toBeFalsy();

    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXT.submit }));
    expect(screen.getByText(TF.codeRequired)).toBeTruthy();

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXT.submit }));
    expect(await screen.findByText(TF.codeInvalid)).toBeTruthy();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXT.submit }));
    await waitFor(() => expect(runtime.session.getState().token).toBe('tok-2fa'));
    expect(location.get()).toBe('/dashboard');
    const sent = api.requests.filter((r) => r.path === '/auth/two-factor').at(-1)!.body;
    expect(sent).toEqual({ challenge_token: 'challenge-token-1', code: '123456' });
  });

  it('takes a recovery code instead, and an ended challenge goes back to the password with the message', async () => {
    api.on('POST /auth', challenge(false));
    api.on('POST /auth/two-factor', { status: 401, body: { status: 'Error', message: TF.challengeExpired } });
    const { user } = renderScreen(<AdminLoginScreen />, { api, path: '/admin/login' });
    await password(user, 'LOGIN');
    await user.click(await screen.findByRole('button', { name: TWO_FACTOR_TEXT.useRecovery }));
    const code = screen.getByLabelText(new RegExp(`^${TWO_FACTOR_TEXT.recoveryCode}`)) as HTMLInputElement;
    expect(code.inputMode).toBe('text');
    await user.type(code, 'abcd-efgh-jklm');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXT.submit }));
    expect(await screen.findByText(TF.challengeExpired)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
  });
});

describe('sign-in set-up a company requires', () => {
  it('loads the set-up (loading, QR image, key), confirms the first code, shows the recovery codes once, then signs in', async () => {
    api.on('POST /auth', challenge(true));
    const setup = api.hold('POST /auth/two-factor/enrol', SETUP);
    api.on('POST /auth/two-factor', { status: 200, body: { ...SESSION, data: { ...SESSION.data, recovery_codes: ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'] } } });
    const { user, runtime } = renderScreen(<LoginScreen />, { api, path: '/login' });
    await password(user);
    expect(await screen.findByText(TWO_FACTOR_TEXT.enrolLoading)).toBeTruthy();
    setup.release();
    const qr = (await screen.findByRole('img')) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(screen.getByTestId('totp-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy();
    await user.type(screen.getByLabelText(new RegExp(`^${TWO_FACTOR_TEXT.appCode}`)), '123456');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXT.enrolSubmit }));
    expect(await screen.findByText('aaaa-bbbb-cccc')).toBeTruthy();
    expect(runtime.session.getState().token).toBeFalsy();
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXT.continue }));
    await waitFor(() => expect(runtime.session.getState().token).toBe('tok-2fa'));
  });

  it('says when the set-up could not be prepared and tries again', async () => {
    api.on('POST /auth', challenge(true));
    api.on('POST /auth/two-factor/enrol', { status: 500, body: { status: 'Error', message: 'boom' } });
    const { user } = renderScreen(<LoginScreen />, { api, path: '/login' });
    await password(user);
    expect(await screen.findByText(TWO_FACTOR_TEXT.enrolFailed)).toBeTruthy();
    api.on('POST /auth/two-factor/enrol', SETUP);
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXT.retry }));
    expect(await screen.findByRole('img')).toBeTruthy();
  });
});
