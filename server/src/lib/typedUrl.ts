/**
 * Typed URLs of the full app. The app routes by fragment (`/#/leads-management`), so a person who
 * types `/leads-management` or follows an old bookmark would meet a 404; such a path is sent to
 * the same screen of the app instead, query kept. Paths the server owns keep their own answers.
 */

/** `/#<path>?<query>` for an app path, or null for the server's own paths and for files. */
export function appHashFor(rawUrl: string, ownPrefixes: readonly string[]): string | null {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (!path.startsWith('/') || path.startsWith('//') || path === '/') return null;
  if (ownPrefixes.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix))) return null;
  // A last segment with a dot is a file (favicon.ico, a missing chunk): a real 404.
  if (path.slice(path.lastIndexOf('/') + 1).includes('.')) return null;
  // Only plain route characters: anything odd stays a 404 rather than going into a Location header.
  if (!/^[\w\-/%~]+$/.test(path) || /[^\x21-\x7e]/.test(rawUrl)) return null;
  return `/#${rawUrl.replace(/\/+(?=\?|$)/, '')}`;
}
