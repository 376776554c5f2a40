/**
 * Password hashing: argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1). Never lowered, not
 * even in tests; tests hash each demo password once per file instead.
 */
import { hash, parseOptions, verify, type Options } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS as Options);

/** Constant-shape check; a malformed stored hash counts as a mismatch. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters than today's (rehash on next sign-in). */
export function needsRehash(stored: string): boolean {
  try {
    const o = parseOptions(stored);
    return (
      (o.algorithm as number) !== ARGON2ID ||
      o.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      o.timeCost !== ARGON2_OPTIONS.timeCost ||
      o.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash so that an unknown account takes as long as a wrong password
 * (no account enumeration through timing).
 */
export async function burnVerifyTime(password: string): Promise<void> {
  dummy ??= hashPassword('estatedesk-timing-equaliser');
  await verifyPassword(await dummy, password);
}
