/** Time source: injectable so tests can move time forward (token expiry, rate-limit windows). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** ISO text of `clock()` plus `ms`. */
export const isoIn = (clock: Clock, ms = 0): string => new Date(clock().getTime() + ms).toISOString();

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
