/**
 * Access tokens: JWT signed with HS256 (jose). Subject = user id (SPEC §7: the client reads the
 * user id from it), `sid` = the session row, so revoking the session ends the token at once.
 * Only HS256 is accepted: `alg: none` and every other algorithm are refused.
 */
import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock';

const ISSUER = 'estatedesk';
const AUDIENCE = 'estatedesk-api';
const MAX_TOKEN_LENGTH = 2048;

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

export function createTokenService(secret: Uint8Array, clock: Clock, ttlMs: number): TokenService {
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
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
