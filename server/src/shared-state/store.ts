/**
 * What every server process must see alike: rate and cost limits counted in fixed windows, and
 * small records that expire (sign-in slowdowns and queues, one-at-a-time leases, import progress).
 * One process keeps them in memory (memory.ts); processes sharing one PostgreSQL keep them in its
 * tables (postgres.repository.ts). docs/decisions/0001-shared-state-in-postgresql.md says why there.
 *
 * Times are epoch milliseconds chosen by the caller (the app's clock, or real time for waits), so
 * tests can drive them.
 */

/** One hit counted in a fixed window: the window's count with this hit, and when it ends. */
export interface WindowHit {
  count: number;
  resetAt: number;
}

/** A record's next value and when it expires; `null` removes it, `'keep'` leaves it as it was. */
export type NextRecord<T> = { value: T; expiresAt: number } | null | 'keep';

export interface SharedStore {
  /** True when other processes see the same state (the database); false for one process's memory. */
  readonly shared: boolean;
  /** Counts one hit under `key`, starting a new window of `windowMs` when the last one has ended. */
  hit(key: string, windowMs: number, now: number): Promise<WindowHit>;
  /** Takes back one hit, only while the window that counted it (its `resetAt`) is still the current one. */
  giveBack(key: string, resetAt: number): Promise<void>;
  /**
   * Reads and replaces one record with nobody else changing it meanwhile: `change` sees its value
   * (null when missing or expired at `now`) and answers the next one and a result.
   */
  change<T, R>(key: string, now: number, change: (current: T | null) => { next: NextRecord<T>; result: R }): Promise<R>;
  /** A record's value, or null when missing or expired at `now`. */
  get<T>(key: string, now: number): Promise<T | null>;
  put<T>(key: string, value: T, expiresAt: number): Promise<void>;
  remove(key: string): Promise<void>;
  /** Drops what expired before `now`. */
  sweep(now: number): Promise<void>;
  /** Forgets everything (tests). */
  clear(): Promise<void>;
}
