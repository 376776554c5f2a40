/**
 * Secrets the server must read back (TOTP keys) are stored sealed with AES-256-GCM, under a key
 * derived from the JWT secret with HKDF, so a copy of the database alone does not give them
 * away. Sealed text: `v1.<iv>.<tag>.<ciphertext>` (base64url). Rotating JWT_SECRET makes old
 * sealed values unreadable: those people sign in with a recovery code and set up again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the value was sealed under another key or is damaged. */
  open(sealed: string): string | null;
}

export function createSecretBox(rootSecret: Uint8Array, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', rootSecret, Buffer.alloc(0), `estatedesk ${purpose}`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
