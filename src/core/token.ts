/**
 * Reading a JWT's claims in the browser, without verifying it.
 *
 * The user id is read from the token's subject (docs/product/README.md, "The calls"). Verification
 * is the server's job; the client only needs the id to build paths like `/users/{id}`. A token that
 * cannot be read yields
 * `null` rather than an exception, so screens can show "User ID not found".
 */

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  // Claims may hold non-ASCII text (names); atob alone would garble it.
  return new TextDecoder().decode(bytes);
}

/**
 * The claims of a JWT, or `null` when `token` is not one. Not verified.
 *
 * @example
 * decodeToken(token)?.exp // seconds since the epoch, if the server sets it
 */
export function decodeToken(token: string | null | undefined): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const parts = token.trim().replace(/^Bearer\s+/i, '').split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The user id in a JWT's subject (`sub`), as text; `null` for garbage or a missing subject.
 *
 * @example
 * userIdFromToken(session.getState().token) // '42'
 */
export function userIdFromToken(token: string | null | undefined): string | null {
  const sub = decodeToken(token)?.sub;
  if (typeof sub === 'number' && Number.isFinite(sub)) return String(sub);
  return typeof sub === 'string' && sub.trim() ? sub.trim() : null;
}
