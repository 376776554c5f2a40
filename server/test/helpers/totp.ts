/**
 * A tiny RFC 6238 generator for tests, written apart from the server's (src/lib/totp.ts) so the
 * tests check it rather than repeat it: HMAC-SHA1, 6 digits, 30 s steps, base32 secrets.
 */
import { createHmac } from 'node:crypto';

function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/=+$/, '').toUpperCase()].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
}

/** The code of `secret` (base32) at `at`, shifted by `steps` 30-second steps. */
export function totpAt(secret: string, at: Date, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000) + steps));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
