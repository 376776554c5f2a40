/**
 * The `token` of a mailed link (`/verify-email?token=…`, `/reset-password?token=…`): a prop wins,
 * then the mount's location, then the page's own query (a link opened as `/?token=…#/verify-email`).
 */
import { useSearchParams } from '../../runtime/router';
import { tokenFrom } from './authModel';

/**
 * @example
 * const token = useLinkToken(props.token);
 */
export function useLinkToken(explicit?: string | null): string | null {
  const search = useSearchParams();
  const page = typeof window === 'undefined' ? '' : window.location.search;
  return explicit?.trim() || tokenFrom(search.toString(), page);
}
