/**
 * Two-factor sign-in of the signed-in account, turned on and off again within the walk: set-up,
 * the first code (computed from the secret: totp.ts), a sign-in that now asks for a second step
 * and passes with a recovery code, new recovery codes, and off with one of them. Never left on:
 * when turning it off fails, the line says so with a recovery code to get back in. An account
 * that already has it, or whose company requires it, is left alone.
 */
import { totp } from './totp';
import { pick, type Walk } from './walk';

export async function twoFactor(walk: Walk, email: string, password: string): Promise<void> {
  const status = await walk.check('GET', '/users/two-factor', '/users/two-factor', 200);
  if (!status) return;
  if (pick(status.body, 'data', 'enabled') === true) {
    walk.skip('the two-factor set-up (setup … disable)', 'two-factor is already on for the account, and the walk leaves it as it is');
    return;
  }
  const setup = await walk.check('POST', '/users/two-factor/setup', '/users/two-factor/setup', 200);
  const secret = pick(setup?.body, 'data', 'secret') as string | undefined;
  if (!secret) return;
  if (pick(status.body, 'data', 'required') === true) {
    walk.skip('POST /users/two-factor/enable … disable', 'the company requires two-factor of this account, so the walk could not turn it off again (the set-up it started lapses unconfirmed)');
    return;
  }
  const enabled = await walk.check('POST', '/users/two-factor/enable', '/users/two-factor/enable', 200, { code: await totp(secret), password }, undefined, 'POST /users/two-factor/enable (the app\u2019s code)');
  let codes = (pick(enabled?.body, 'data', 'recovery_codes') as string[] | undefined) ?? [];
  if (!enabled) return;
  let off = false;
  try {
    walk.judge('POST /users/two-factor/enable: data.recovery_codes', codes.length > 2 ? null : `${codes.length} recovery codes, the walk needs three`);
    const challenged = await walk.check('POST', '/auth', '/auth', 200, { username: email, password }, null, 'POST /auth with two-factor on (a challenge)');
    const challenge = pick(challenged?.body, 'data', 'challenge_token') as string | undefined;
    if (challenged) walk.judge('POST /auth with two-factor on: data.two_factor_required', pick(challenged.body, 'data', 'two_factor_required') === true && challenge ? null : 'no challenge: the sign-in passed without a second step');
    if (challenge && codes[0]) {
      const second = await walk.check('POST', '/auth/two-factor', '/auth/two-factor', 200, { challenge_token: challenge, code: codes[0] }, null, 'POST /auth/two-factor (a recovery code)');
      const token = pick(second?.body, 'data', 'token') as string | undefined;
      if (token) await walk.call('POST', '/logout', undefined, token);
    }
    if (codes[1]) {
      const renewed = await walk.check('POST', '/users/two-factor/recovery-codes', '/users/two-factor/recovery-codes', 200, { code: codes[1], password });
      const fresh = pick(renewed?.body, 'data', 'recovery_codes') as string[] | undefined;
      if (fresh?.length) codes = fresh;
    }
    const disabled = await walk.check('POST', '/users/two-factor/disable', '/users/two-factor/disable', 200, { code: codes.at(-1), password });
    off = disabled !== null;
  } finally {
    const now = await walk.check('GET', '/users/two-factor', '/users/two-factor', 200, undefined, undefined, 'GET /users/two-factor after turning it off');
    if (now) off = pick(now.body, 'data', 'enabled') === false;
    walk.judge('two-factor is off again', off ? null : `two-factor is still on for ${email}: turn it off in Account settings (an unused recovery code: ${codes.at(-1) ?? 'none'})`);
  }
}
