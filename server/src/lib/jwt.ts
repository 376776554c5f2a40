/**
 * Access tokens: JWT signed with HS256 (jose). Subject = user id (the client reads the user id from
 * it: docs/product/README.md, "The calls"), `sid` = the session row, so revoking the session ends
 * the token at once. Only HS256 is accepted: `alg: none` and every other algorithm are refused.
 */
import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock';

const ISSUER = 'estatedesk';
const AUDIENCE = 'estatedesk-api';
const MAX_TOKEN_LENGTH = 2048;
/** Most verified tokens remembered (oldest go first); each is a few hundred bytes. */
const VERIFIED_CACHE_SIZE = 10_000;

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export interface TokenService {
  readonly ttlMs: number;
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for a missing, forged, expired or foreign one. */
  verify(token: string): Promise<TokenClaims | null>;
}

/**
 * Verification results are remembered per token text until the token's `exp`: a signed-in page
 * sends the same token on every call, and the HMAC check through WebCrypto (a thread-pool round
 * trip) cost more than the rest of a list request. Only tokens that verified are kept, and the
 * expiry is checked again on every use exactly as jose checks it, so a remembered token answers
 * what verifying it again would. Revocation is unaffected: the session row is still read on every
 * request (plugins/auth.ts).
 */
export function createTokenService(secret: Uint8Array, clock: Clock, ttlMs: number): TokenService {
  const verified = new Map<string, TokenClaims & { exp: number; nbf: number | undefined }>();
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  // Imported once: jose would import a raw secret again on every call.
  let cryptoKey: Promise<webcrypto.CryptoKey> | undefined;
  const key = () =>
    (cryptoKey ??= webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  return {
    ttlMs,
    async sign({ userId, sessionId }) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + Math.floor(ttlMs / 1000))
        .sign(await key());
    },
    async verify(token) {
      if (!token || token.length > MAX_TOKEN_LENGTH) return null;
      const known = verified.get(token);
      if (known) {
        // jose's checks without clock tolerance: expired when exp <= now, not yet valid when nbf > now.
        const now = nowSeconds();
        if (known.nbf !== undefined && known.nbf > now) return null;
        if (known.exp > now) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { userId, sessionId: payload.sid, exp: payload.exp as number, nbf: payload.nbf });
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
