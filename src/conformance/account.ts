/**
 * The signed-in account's own settings: the profile and the preferences are changed and put back
 * exactly as they were (read again to compare); an avatar that is no image is refused (422, which
 * changes nothing). Only when the walk was allowed to change the account (`changeOwnAccount`): an
 * avatar uploaded and replaced (no call removes one), the password changed and changed back, and
 * the account's other sessions ended (a password change ends them too). Two-factor: twoFactor.ts.
 */
import { tinyPng } from './png';
import { pick, type Walk } from './walk';

/** The signed-in account as the walk knows it. */
export interface Account {
  id: number | string;
  email: string;
  password: string;
  profile: unknown;
  /** May the walk replace the avatar, change the password (and back) and end the account's other sessions? */
  changeOwnAccount: boolean;
}

/** What a profile answer shows of what PUT /users/:id sets: compared before and after. */
const PROFILE_KEYS = ['name', 'email', 'phone', 'address', 'city', 'state', 'postal_code', 'country', 'avatar'] as const;
const shown = (profile: unknown, keys: readonly string[] = PROFILE_KEYS) => JSON.stringify(keys.map((key) => pick(profile, key) ?? null));

/** The profile as PUT /users/:id takes it (the name split on its first space when no first and last name are sent). */
function profileBody(profile: unknown): Record<string, unknown> {
  const name = String(pick(profile, 'name') ?? '').trim();
  const space = name.indexOf(' ');
  const first = pick(profile, 'first_name') ?? (space < 0 ? name : name.slice(0, space));
  const last = pick(profile, 'last_name') ?? (space < 0 ? '' : name.slice(space + 1));
  const value = (key: string) => pick(profile, key) ?? null;
  return { first_name: first, last_name: last, email: value('email'), phone: value('phone'), street: value('address'), city: value('city'), state: value('state'), zip_code: value('postal_code'), country: value('country') };
}

export async function ownAccount(walk: Walk, marker: string, account: Account): Promise<void> {
  await preferences(walk);
  const id = account.id;
  await walk.check('PUT', '/users/:id', `/users/${id}`, 422, { ...profileBody(account.profile), first_name: '' }, undefined, 'PUT /users/:id (profile) without a first name (422)');
  const notImage = new FormData();
  notImage.append('avatar', new Blob(['not an image'], { type: 'image/png' }), 'avatar.png');
  await walk.check('POST', '/users/:id/avatar', `/users/${id}/avatar`, 422, notImage, undefined, 'POST /users/:id/avatar with a file that is no image (422)');
  if (walk.otherToken) await walk.check('PUT', '/users/:id', `/users/${id}`, 404, profileBody(account.profile), walk.otherToken, 'PUT /users/:id, someone else\u2019s profile (404)');

  const original = profileBody(account.profile);
  if (!original.first_name || !original.last_name) walk.skip('PUT /users/:id (profile)', 'the profile has no first and last name to send back, so the walk could not put it back as it was');
  else {
    const city = `Conformance ${marker}`;
    const changed = await walk.check('PUT', '/users/:id', `/users/${id}`, 200, { ...original, city }, undefined, 'PUT /users/:id (profile, the city changed)');
    if (changed) walk.judge('PUT /users/:id (profile): data.city', pick(changed.body, 'data', 'city') === city || pick(changed.body, 'data') === undefined ? null : `data.city is ${JSON.stringify(pick(changed.body, 'data', 'city'))}`);
    const restored = await walk.check('PUT', '/users/:id', `/users/${id}`, 200, original, undefined, 'PUT /users/:id (profile, put back)');
    if (!restored && changed) walk.judge('clean-up', `the profile's city is "${city}": set it back to ${JSON.stringify(original.city)} by hand`);
  }

  if (!account.changeOwnAccount) {
    walk.skip('POST and PUT /users/:id/avatar (an image)', 'no call removes an avatar, so an upload would leave the walk\u2019s picture on the account (allow it with --change-own-account)');
    walk.skip('PUT /users/:id/update-password (changed and back)', 'a password change ends the account\u2019s other sessions (allow it with --change-own-account)');
    walk.skip('DELETE /users/sessions/others', 'it ends the account\u2019s other sessions, which the walk did not open (allow it with --change-own-account)');
  } else {
    await avatar(walk, id);
    await password(walk, account, marker);
    await otherSessions(walk, account);
  }
  const now = await walk.check('GET', '/users/profile', '/users/profile', 200, undefined, undefined, 'GET /users/profile after the changes');
  const keys = account.changeOwnAccount ? PROFILE_KEYS.filter((key) => key !== 'avatar') : PROFILE_KEYS;
  if (now) walk.judge('the profile is as it was before the walk', shown(pick(now.body, 'data'), keys) === shown(account.profile, keys) ? null : `now ${shown(pick(now.body, 'data'), keys)}, was ${shown(account.profile, keys)}`);
}

/** Preferences: another theme saved, then the object GET answered sent back whole, and compared. */
async function preferences(walk: Walk): Promise<void> {
  const before = await walk.check('GET', '/users/preferences', '/users/preferences', 200);
  const original = pick(before?.body, 'data') as Record<string, unknown> | undefined;
  if (!original) return;
  await walk.check('PUT', '/users/preferences', '/users/preferences', 422, { theme: 'no-such-theme' }, undefined, 'PUT /users/preferences with an unknown theme (422)');
  const theme = original.theme === 'dark' ? 'light' : 'dark';
  const saved = await walk.check('PUT', '/users/preferences', '/users/preferences', 200, { theme }, undefined, `PUT /users/preferences (theme ${theme})`);
  if (saved) walk.judge('PUT /users/preferences: data.theme', pick(saved.body, 'data', 'theme') === theme ? null : `data.theme is ${JSON.stringify(pick(saved.body, 'data', 'theme'))}, expected "${theme}"`);
  const back = await walk.check('PUT', '/users/preferences', '/users/preferences', 200, original, undefined, 'PUT /users/preferences (put back)');
  if (back) walk.judge('PUT /users/preferences put back: data as before', JSON.stringify(pick(back.body, 'data')) === JSON.stringify(original) ? null : `data is ${JSON.stringify(pick(back.body, 'data'))}, was ${JSON.stringify(original)}`);
  else if (saved) walk.judge('clean-up', `the account's theme is "${theme}": set it back to "${String(original.theme)}" by hand`);
}

async function avatar(walk: Walk, id: number | string): Promise<void> {
  const upload = (rgb: [number, number, number]) => {
    const form = new FormData();
    form.append('avatar', new Blob([tinyPng(16, rgb)], { type: 'image/png' }), 'avatar.png');
    return form;
  };
  const first = await walk.check('POST', '/users/:id/avatar', `/users/${id}/avatar`, 200, upload([200, 40, 120]), undefined, 'POST /users/:id/avatar (a PNG)');
  const firstUrl = pick(first?.body, 'data', 'avatar');
  if (first) walk.judge('POST /users/:id/avatar: data.avatar', typeof firstUrl === 'string' && firstUrl !== '' ? null : `data.avatar is ${JSON.stringify(firstUrl)}`);
  const second = await walk.check('PUT', '/users/:id/avatar', `/users/${id}/avatar`, 200, upload([40, 200, 120]), undefined, 'PUT /users/:id/avatar (another PNG)');
  const secondUrl = pick(second?.body, 'data', 'avatar');
  if (second) walk.judge('PUT /users/:id/avatar: a new data.avatar', typeof secondUrl === 'string' && secondUrl !== firstUrl ? null : `data.avatar is ${JSON.stringify(secondUrl)}, before ${JSON.stringify(firstUrl)}`);
}

/** Changed to a password of the run's own, signed in with it, changed back, signed in with the first again. */
async function password(walk: Walk, account: Account, marker: string): Promise<void> {
  const path = `/users/${account.id}/update-password`;
  const temporary = `Cf-${marker}-Bb2!`;
  await walk.check('PUT', '/users/:id/update-password', path, 422, { current_password: account.password, new_password: temporary, new_password_confirmation: `${temporary}x` }, undefined, 'PUT /users/:id/update-password, the confirmation differing (422)');
  const changed = await walk.check('PUT', '/users/:id/update-password', path, 200, { current_password: account.password, new_password: temporary, new_password_confirmation: temporary }, undefined, 'PUT /users/:id/update-password (to a password of the walk\u2019s)');
  if (!changed) return;
  await signInOnce(walk, account.email, temporary, 'POST /auth with the changed password');
  const back = await walk.check('PUT', '/users/:id/update-password', path, 200, { current_password: temporary, new_password: account.password, new_password_confirmation: account.password }, undefined, 'PUT /users/:id/update-password (changed back)');
  if (!back) walk.judge('clean-up', `the account's password is now "${temporary}": change it back by hand`);
  else await signInOnce(walk, account.email, account.password, 'POST /auth with the password changed back');
}

/** A sign-in that must work; its session is signed out again. */
async function signInOnce(walk: Walk, email: string, secret: string, title: string): Promise<void> {
  const answer = await walk.check('POST', '/auth', '/auth', 200, { username: email, password: secret }, null, title);
  const token = pick(answer?.body, 'data', 'token') as string | undefined;
  if (answer) walk.judge(`${title}: data.token`, token ? null : 'no data.token (a two-factor challenge?)');
  if (token) await walk.call('POST', '/logout', undefined, token);
}

/** A second session of the walk's own, ended by DELETE /users/sessions/others (which the walk's own session survives). */
async function otherSessions(walk: Walk, account: Account): Promise<void> {
  const second = await walk.call('POST', '/auth', { username: account.email, password: account.password }, null);
  const token = pick(second.body, 'data', 'token') as string | undefined;
  const ended = await walk.check('DELETE', '/users/sessions/others', '/users/sessions/others', 200);
  if (!ended || !token) return;
  const after = await walk.call('GET', '/users/profile', undefined, token);
  walk.judge('DELETE /users/sessions/others ended the walk\u2019s second session', after.status === 401 ? null : `GET /users/profile with it answered ${after.status}, expected 401`);
  await walk.check('GET', '/users/profile', '/users/profile', 200, undefined, undefined, 'GET /users/profile, the walk\u2019s own session kept');
}
