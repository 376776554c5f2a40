import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/contract';
import { TWO_FACTOR_TEXT as T, TwoFactorSection } from '../../../src/widgets/account/TwoFactorSection';
import { renderScreen, useFakeApi } from '../auth/support';

const api = useFakeApi();

const status = (data: Record<string, unknown>) => ({
  status: 200,
  body: { status: 'Success', data: { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false, company_policy: null, ...data } },
});
const SETUP = { status: 200, body: { status: 'Success', data: { secret: 'ABCDEFGHIJKLMNOP', otpauth_uri: 'otpauth://totp/x', qr_svg: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' } } };

describe('two-factor section', () => {
  it('loading, then off; turning on shows the QR code and key, confirms with code and password, then the recovery codes once', async () => {
    const first = api.hold('GET /users/two-factor', status({}));
    api.on('POST /users/two-factor/setup', SETUP);
    api.on('POST /users/two-factor/enable', (request) =>
      (request.body as { password: string }).password === 'Secret1!'
        ? { status: 200, body: { status: 'Success', data: { recovery_codes: ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'] } } }
        : { status: 422, body: { status: 'Error', message: 'x', errors: { password: [MESSAGES.profile.currentPasswordWrong] } } },
    );
    const { user } = renderScreen(<TwoFactorSection />, { api });
    expect(screen.getByText(T.loading)).toBeTruthy();
    first.release();
    await user.click(await screen.findByRole('button', { name: T.turnOn }));
    const qr = (await screen.findByRole('img')) as HTMLImageElement;
    expect(qr.alt).toMatch(/QR code/);
    expect(screen.getByTestId('totp-key').textContent).toBe('ABCD EFGH IJKL MNOP');
    const code = screen.getByLabelText(new RegExp(`^${T.code}`)) as HTMLInputElement;
    expect(code.autocomplete).toBe('one-time-code');
    expect(code.inputMode).toBe('numeric');

    await user.click(screen.getByRole('button', { name: T.confirm }));
    expect(screen.getByText(MESSAGES.twoFactor.codeRequired)).toBeTruthy();
    await user.type(code, '123456');
    await user.type(screen.getByLabelText(new RegExp(`^${T.password}`)), 'Wrong1!');
    await user.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(MESSAGES.profile.currentPasswordWrong)).toBeTruthy();

    api.on('GET /users/two-factor', status({ enabled: true, recovery_codes_left: 2 }));
    await user.clear(screen.getByLabelText(new RegExp(`^${T.password}`)));
    await user.type(screen.getByLabelText(new RegExp(`^${T.password}`)), 'Secret1!');
    await user.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByText('aaaa-bbbb-cccc')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.done }));
    expect(await screen.findByText(/2 recovery codes left/)).toBeTruthy();
    expect(screen.getByRole('button', { name: T.turnOff })).toBeTruthy();
  });

  it('makes new recovery codes after the password and a code, shows them once, and can be cancelled', async () => {
    api.on('GET /users/two-factor', status({ enabled: true, recovery_codes_left: 1 }));
    api.on('POST /users/two-factor/recovery-codes', (request) =>
      (request.body as { code: string }).code === '654321'
        ? { status: 200, body: { status: 'Success', message: MESSAGES.twoFactor.recoveryCodesRenewed, data: { recovery_codes: ['new1-new1-new1', 'new2-new2-new2'] } } }
        : { status: 422, body: { status: 'Error', message: MESSAGES.twoFactor.codeInvalid, errors: { code: [MESSAGES.twoFactor.codeInvalid] } } },
    );
    const { user } = renderScreen(<TwoFactorSection />, { api });
    await user.click(await screen.findByRole('button', { name: T.renew }));
    expect(screen.getByText(T.renewHint)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.cancel }));
    expect(screen.queryByText(T.renewHint)).toBeNull();

    await user.click(screen.getByRole('button', { name: T.renew }));
    const form = screen.getByRole('form', { name: T.renew });
    await user.type(within(form).getByLabelText(new RegExp(`^${T.password}`)), 'Secret1!');
    await user.type(within(form).getByLabelText(new RegExp(`^${T.offCode}`)), '111111');
    await user.click(within(form).getByRole('button', { name: T.renew }));
    expect(await screen.findByText(MESSAGES.twoFactor.codeInvalid)).toBeTruthy();
    await user.clear(within(form).getByLabelText(new RegExp(`^${T.offCode}`)));
    await user.type(within(form).getByLabelText(new RegExp(`^${T.offCode}`)), '654321');
    await user.click(within(form).getByRole('button', { name: T.renew }));
    expect(await screen.findByText('new1-new1-new1')).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/users/two-factor/recovery-codes').at(-1)?.body).toEqual({ code: '654321', password: 'Secret1!' });
  });

  it('shows an error with a retry when the state cannot be loaded', async () => {
    api.on('GET /users/two-factor', { status: 500, body: { status: 'Error', message: 'boom' } });
    const { user } = renderScreen(<TwoFactorSection />, { api });
    expect(await screen.findByText(T.failed)).toBeTruthy();
    api.on('GET /users/two-factor', status({}));
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('button', { name: T.turnOn })).toBeTruthy();
  });

  it("a company admin sets the company's requirement; a required person cannot turn it off", async () => {
    api.on('GET /users/two-factor', status({ enabled: true, recovery_codes_left: 10, required: true, company_policy: 'admins' }));
    api.on('PUT /company/two-factor-policy', { status: 200, body: { status: 'Success', message: MESSAGES.twoFactor.policySaved, data: { two_factor_required: 'everyone' } } });
    const { user } = renderScreen(<TwoFactorSection />, { api });
    expect(await screen.findByText(new RegExp(T.requiredNote))).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.turnOff })).toBeNull();
    const select = screen.getByLabelText(new RegExp(`^${T.policyLabel}`)) as HTMLSelectElement;
    expect(select.value).toBe('admins');
    await user.selectOptions(select, 'everyone');
    await user.click(screen.getByRole('button', { name: T.policySave }));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/company/two-factor-policy')).toBe(true));
    expect(api.requests.find((r) => r.path === '/company/two-factor-policy')!.body).toEqual({ two_factor_required: 'everyone' });
  });
});
