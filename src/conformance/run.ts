/**
 * The conformance walk: signs in, makes every call the widgets make that the account's
 * permissions allow, and checks each answer's status and body against the contract. What it
 * creates — a lead with a note and a site visit, a property with photos, a role, an invited user,
 * two imported leads, an inactive webhook (a super admin: a company) — is marked so it is
 * recognisable and deleted again; what it changes of
 * the account and its company (profile, preferences, two-factor, the company profile) is put back
 * as it was and read again to compare; nothing else is changed. Pure of Node: it takes `fetch`,
 * and returns the results for cli.ts to print.
 */
import { type Account, ownAccount } from './account';
import { calendarFeed } from './calendarFeed';
import { companies } from './company';
import { leadsPart } from './leads';
import { mailedLinks } from './mailedLinks';
import { rolesAndUsers } from './people';
import { propertyLife } from './properties';
import { twoFactor } from './twoFactor';
import { webhooks } from './webhooks';
import { type Check, createWalk, pick } from './walk';

export { firstDifference, type Check } from './walk';

export interface ConformanceOptions {
  api: string;
  user: string;
  password: string;
  /** A user of another company: every record the walk creates must answer 404 to them. */
  secondUser?: string;
  secondPassword?: string;
  /**
   * Also replace the account's avatar (no call removes one), change its password and back, end
   * its other sessions (both sign out the account's other devices), and make and revoke a
   * calendar feed link (one the account had stops working). Off by default.
   */
  changeOwnAccount?: boolean;
  fetch?: typeof fetch;
}

export async function runConformance(options: ConformanceOptions): Promise<Check[]> {
  const walk = createWalk(options.api, options.fetch ?? fetch);
  const { check, checks } = walk;

  await check('GET', '/health', '/health', 200, undefined, null);
  await check('GET', '/users/profile', '/users/profile', 401, undefined, null, 'GET /users/profile without a token (401)');
  await check('POST', '/auth', '/auth', 422, { username: '', password: '' }, null, 'POST /auth with empty fields (422)');
  const signIn = await check('POST', '/auth', '/auth', 200, { username: options.user, password: options.password }, null);
  walk.token = (pick(signIn?.body, 'data', 'token') as string | undefined) ?? null;
  if (!walk.token) {
    walk.judge('the walk', 'stopped: sign-in gave no data.token (wrong account, the server unreachable, or an account with two-factor)');
    return checks;
  }
  const profile = await check('GET', '/users/profile', '/users/profile', 200);
  const permissions = new Set((pick(profile?.body, 'data', 'permissions') as string[] | undefined) ?? []);
  walk.can = (permission) => permissions.has(permission);
  const userType = pick(profile?.body, 'data', 'user_type');
  walk.userType = userType;
  const companyId = pick(profile?.body, 'data', 'company_id') ?? pick(signIn?.body, 'data', 'company_id');

  let otherCompany: unknown;
  if (options.secondUser && options.secondPassword) {
    const other = await walk.call('POST', '/auth', { username: options.secondUser, password: options.secondPassword }, null);
    walk.otherToken = (pick(other.body, 'data', 'token') as string | undefined) ?? null;
    otherCompany = pick(other.body, 'data', 'company_id');
    if (!walk.otherToken) walk.judge('second company sign-in', `answered ${other.status} without data.token`);
    else if (String(otherCompany) === String(companyId)) walk.judge('second company sign-in', `both accounts are of company ${String(companyId)}: give an account of another company`);
  }
  // Unique per run: names, e-mails and the import's leads carry it, so the walk finds its own.
  const marker = `conformance-${Date.now().toString(36)}`;

  await mailedLinks(walk, marker);
  await check('GET', '/users/sessions', '/users/sessions', 200);
  const id = pick(profile?.body, 'data', 'id') as number | string | undefined;
  if (id !== undefined) {
    const account: Account = { id, email: options.user, password: options.password, profile: pick(profile?.body, 'data'), changeOwnAccount: options.changeOwnAccount === true };
    await ownAccount(walk, marker, account);
  }
  await twoFactor(walk, options.user, options.password);

  await companies(walk, marker, userType, companyId, otherCompany);
  if (userType === 'super_admin') walk.skip('the dashboard, roles, users, properties, leads, the calendar and webhooks', 'a super admin belongs to no company; walk them with a company\u2019s account');
  else {
    await check('GET', '/dashboard/summary', '/dashboard/summary', 200);
    await rolesAndUsers(walk, marker);
    await webhooks(walk, marker);
    await calendarFeed(walk, options.changeOwnAccount === true);
    const leads = (propertyId?: number | string) => leadsPart(walk, marker, propertyId);
    if (walk.can('property-read')) await propertyLife(walk, marker, leads);
    else {
      walk.skip('GET /properties and the property\u2019s life', 'the account may not read properties');
      await leads();
    }
  }

  await check('POST', '/logout', '/logout', 200);
  await check('GET', '/users/profile', '/users/profile', 401, undefined, undefined, 'GET /users/profile after sign-out (401)');
  if (walk.otherToken) await walk.call('POST', '/logout', undefined, walk.otherToken);
  return checks;
}
