/** The shared state of one process (SQLite's `npm start`, tests): maps, capped against floods of keys. */
import type { NextRecord, SharedStore, WindowHit } from './store';

/** Past this many entries, expired ones are swept and then the oldest dropped. */
const MAX_ENTRIES = 100_000;

interface Kept {
  value: unknown;
  expiresAt: number;
}

function prune<T>(map: Map<string, T>, expired: (entry: T) => boolean): void {
  for (const [key, entry] of map) if (expired(entry)) map.delete(key);
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}

export class MemoryStore implements SharedStore {
  readonly shared = false;
  private readonly windows = new Map<string, WindowHit>();
  private readonly records = new Map<string, Kept>();

  async hit(key: string, windowMs: number, now: number): Promise<WindowHit> {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= MAX_ENTRIES) prune(this.windows, (w) => w.resetAt <= now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { ...window };
  }

  async giveBack(key: string, resetAt: number): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.resetAt === resetAt && window.count > 0) window.count -= 1;
  }

  async change<T, R>(key: string, now: number, change: (current: T | null) => { next: NextRecord<T>; result: R }): Promise<R> {
    const kept = this.records.get(key);
    const { next, result } = change(kept && kept.expiresAt > now ? (kept.value as T) : null);
    if (next !== 'keep') this.write(key, next, now);
    return result;
  }

  async get<T>(key: string, now: number): Promise<T | null> {
    const kept = this.records.get(key);
    return kept && kept.expiresAt > now ? (kept.value as T) : null;
  }

  async put<T>(key: string, value: T, expiresAt: number): Promise<void> {
    this.write(key, { value, expiresAt }, Date.now());
  }

  async remove(key: string): Promise<void> {
    this.records.delete(key);
  }

  async sweep(now: number): Promise<void> {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const [key, kept] of this.records) if (kept.expiresAt <= now) this.records.delete(key);
  }

  async clear(): Promise<void> {
    this.windows.clear();
    this.records.clear();
  }

  private write(key: string, next: Exclude<NextRecord<unknown>, 'keep'>, now: number): void {
    // Written anew, not in place: the map's order stays the order of last changes for pruning.
    this.records.delete(key);
    if (!next) return;
    if (this.records.size >= MAX_ENTRIES) prune(this.records, (kept) => kept.expiresAt <= now);
    this.records.set(key, { value: next.value, expiresAt: next.expiresAt });
  }
}
