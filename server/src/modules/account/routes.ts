/**
 * The signed-in person's sessions and preferences (contract/account.ts; beyond the original
 * description). Every call works on the caller only, so any signed-in person may make them, the
 * super admin too. The paths are static segments under /users, which Fastify matches before
 * /users/{id}.
 */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_PATHS, PREFERENCE_MESSAGES, PreferencesUpdateRequest } from '@contract';
import { success } from '../../lib/answers';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { parse } from '../../lib/validate';
import { readPreferences, updatePreferences } from './preferences.service';
import { listSessions, signOutOthers } from './sessions.service';

/**
 * Parses a preferences payload; a refusal's message is its first field's (e.g. "Theme must be one
 * of: light, dark, system."), so a client that shows only `message` still says what is wrong.
 */
function preferencesInput(body: unknown) {
  try {
    return parse(PreferencesUpdateRequest, body);
  } catch (error) {
    const first = error instanceof HttpError ? Object.values(error.errors ?? {})[0]?.[0] : undefined;
    if (error instanceof HttpError && first) throw new HttpError(422, first, { errors: error.errors });
    throw error;
  }
}

export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: ACCOUNT_PATHS.sessions,
    handler: async ({ auth }) => success({ data: await listSessions(app, auth) }),
  });

  route(app, {
    method: 'DELETE',
    url: ACCOUNT_PATHS.otherSessions,
    handler: async ({ auth }) =>
      success({ message: PREFERENCE_MESSAGES.otherSessionsEnded, data: { ended: await signOutOthers(app, auth) } }),
  });

  route(app, {
    method: 'GET',
    url: ACCOUNT_PATHS.preferences,
    handler: async ({ user }) => success({ data: await readPreferences(app, user) }),
  });

  route(app, {
    method: 'PUT',
    url: ACCOUNT_PATHS.preferences,
    handler: async ({ user, body }) =>
      success({ message: PREFERENCE_MESSAGES.saved, data: await updatePreferences(app, user, preferencesInput(body)) }),
  });
}
