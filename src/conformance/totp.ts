/**
 * The authenticator app's code (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps, the secret in
 * base32), computed with Web Crypto so the walk stays free of Node APIs: it is how the walk
 * confirms the two-factor set-up it then turns off again.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(text: string): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('the secret is not base32');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** The code of `secret` at `at` (ms since the epoch). */
export async function totp(secret: string, at = Date.now()): Promise<string> {
  const counter = new Uint8Array(8);
  let step = Math.floor(at / 30_000);
  for (let i = 7; i >= 0; i--, step = Math.floor(step / 256)) counter[i] = step % 256;
  const key = await crypto.subtle.importKey('raw', base32Bytes(secret), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, counter));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 1_000_000).padStart(6, '0');
}
