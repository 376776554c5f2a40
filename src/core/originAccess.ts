/**
 * Whether this page may use the API. A page on another origin that the server does not list in
 * ALLOWED_ORIGINS loads the widgets (the script files are public) but every API call is blocked
 * by CORS, which a browser reports only as a network error. The server's public `/embed/access`
 * answers for the calling origin, so the widget can say what to add instead of failing blind.
 */
import { EMBED_ACCESS_PATH, EmbedAccessAnswer, originNotAllowed } from '../contract';
import type { EstateDeskConfig } from './config';

/** The message to show when the API refuses this page's origin; null when allowed or unknown. */
export async function checkOriginAccess(
  config: Pick<EstateDeskConfig, 'apiBase'>,
  pageOrigin: string | null = typeof location === 'undefined' ? null : location.origin,
  fetcher: typeof fetch = fetch,
): Promise<string | null> {
  if (!config.apiBase || !pageOrigin || pageOrigin === 'null') return null;
  let apiOrigin: string;
  try {
    apiOrigin = new URL(config.apiBase, pageOrigin).origin;
  } catch {
    return null;
  }
  if (apiOrigin === pageOrigin) return null;
  try {
    const res = await fetcher(`${config.apiBase}${EMBED_ACCESS_PATH}`, { mode: 'cors', credentials: 'omit' });
    if (!res.ok) return null;
    const parsed = EmbedAccessAnswer.safeParse(await res.json());
    // An API without the check (an agency's own server) is not judged: its calls will tell.
    if (!parsed.success || parsed.data.data.allowed) return null;
    return originNotAllowed(parsed.data.data.origin ?? pageOrigin);
  } catch {
    return null;
  }
}
