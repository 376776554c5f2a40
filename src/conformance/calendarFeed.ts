/**
 * The signed-in person's private calendar feed: a link created, its .ics fetched without a session
 * (a VCALENDAR), the link revoked, and fetched again (404). A new link replaces the person's own,
 * and no call tells whether they have one, so this runs only with `changeOwnAccount`: after it the
 * account has no feed link, whatever it had before.
 */
import { API_PREFIX } from '../contract/constants';
import { pick, type Walk } from './walk';

export async function calendarFeed(walk: Walk, changeOwnAccount: boolean): Promise<void> {
  if (!walk.can('event-read')) {
    walk.skip('POST and DELETE /calendar-feed', 'the account may not read appointments');
    return;
  }
  if (!changeOwnAccount) {
    walk.skip('POST and DELETE /calendar-feed', 'a new link replaces the account\u2019s own feed link, which its calendar app may be reading, and no call says whether it has one (allow it with --change-own-account; the account is left with no feed link)');
    return;
  }
  const created = await walk.check('POST', '/calendar-feed', '/calendar-feed', 200);
  const url = pick(created?.body, 'data', 'url');
  const token = pick(created?.body, 'data', 'token');
  if (typeof token !== 'string' || typeof url !== 'string') return;
  let revoked = false;
  try {
    const file = `/calendar-feed/${token}.ics`;
    walk.judge('POST /calendar-feed: data.url is the feed of data.token', url.endsWith(`${API_PREFIX}${file}`) ? null : `data.url ${url} does not end with ${API_PREFIX}${file}`);
    // Fetched from the API the walk was given: the link's host is the server's public address, which need not be reachable from here.
    const feed = await walk.check('GET', '/calendar-feed/:token.ics', file, 200, undefined, null, 'GET /calendar-feed/:token.ics (no session)');
    if (feed) walk.judge('GET /calendar-feed/:token.ics: a VCALENDAR', /^BEGIN:VCALENDAR[\s\S]*END:VCALENDAR\s*$/.test(String(feed.body)) ? null : 'the file is no BEGIN:VCALENDAR … END:VCALENDAR');
    revoked = (await walk.check('DELETE', '/calendar-feed', '/calendar-feed', 200)) !== null;
    if (revoked) await walk.check('GET', '/calendar-feed/:token.ics', file, 404, undefined, null, 'GET /calendar-feed/:token.ics after the revoke (404)');
  } finally {
    if (!revoked) walk.judge('clean-up', 'the account\u2019s calendar feed link the walk made may still work: revoke it in the calendar\u2019s settings');
  }
}
