/**
 * A person's private calendar feed: a random token in the link (only its SHA-256 is stored),
 * created or replaced by POST /calendar-feed, revoked by DELETE, read without a session by
 * calendar apps. A feed answers only while its person is active in a company and may read
 * appointments (an agent whose role lost event-read gets 404 like an unknown link).
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_PREFIX, APPOINTMENT_LIMITS, APPOINTMENT_PATHS, PERMISSIONS } from '@contract';
import { notFound } from '../../lib/http-error';
import type { Deps } from '../../types';
import { permissionsOfUser } from '../roles/repository';
import { deleteFeedToken, feedAppointments, feedOwner, saveFeedToken } from './feed.repository';
import { calendarText } from './ics';
import { domainOf } from './notify.service';
import { answersOf } from './service';

const DAY_MS = 86_400_000;
/** A feed token: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new feed link for `userId` (any older one stops working); the token is answered only here. */
export async function createFeed(deps: Pick<Deps, 'db' | 'clock' | 'config'>, userId: number): Promise<{ url: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  await saveFeedToken(deps.db, userId, hashOf(token), deps.clock().toISOString());
  return { url: `${deps.config.publicUrl}${API_PREFIX}${APPOINTMENT_PATHS.feedFile(token)}`, token };
}

export const revokeFeed = (deps: Pick<Deps, 'db'>, userId: number): Promise<boolean> => deleteFeedToken(deps.db, userId);

/** The feed's calendar text, or 404 for a link that is unknown, revoked or whose person may no longer read appointments. */
export async function feedText(deps: Pick<Deps, 'db' | 'clock' | 'config'>, token: string): Promise<string> {
  if (!TOKEN.test(token)) throw notFound();
  const owner = await feedOwner(deps.db, hashOf(token));
  if (!owner || owner.company_id == null || owner.status !== 'active') throw notFound();
  const permissions = await permissionsOfUser(deps.db, owner);
  if (!permissions.includes(PERMISSIONS.eventRead)) throw notFound();
  const since = new Date(deps.clock().getTime() - APPOINTMENT_LIMITS.feedPastDays * DAY_MS).toISOString();
  const rows = await feedAppointments(deps.db, owner.company_id, owner.id, since);
  const name = `EstateDesk: ${[owner.first_name, owner.last_name].filter(Boolean).join(' ')}`;
  return calendarText(await answersOf(deps, rows), domainOf(deps.config.publicUrl), name);
}
