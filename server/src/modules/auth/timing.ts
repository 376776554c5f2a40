/**
 * Answer-time floors. A call whose work differs between a known and an unknown e-mail (a token
 * and a mail written, or nothing) answers no sooner than a fixed time after it began, so its
 * timing cannot tell the two apart unless the work outgrows the floor.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Forgot-password's floor: far above its work (one lookup, then two inserts) on either database. */
export const FORGOT_PASSWORD_FLOOR_MS = 100;
/**
 * Register's floor: above a new account's work (hashing, then the company with its defaults in one
 * transaction: about 45 ms on PostgreSQL) that a taken e-mail skips after hashing.
 */
export const REGISTER_FLOOR_MS = 200;

/** Resolves `floorMs` after `startedAt` (a `performance.now()` reading), at once when that has passed. */
export async function notBefore(startedAt: number, floorMs: number): Promise<void> {
  const left = startedAt + floorMs - performance.now();
  if (left > 0) await sleep(left);
}
