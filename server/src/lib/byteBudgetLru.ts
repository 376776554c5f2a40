/**
 * Copies a process keeps within a byte budget, the least recently used let go first: the
 * calendar's range answers, the property listings, the property grid's first pages. Nothing held
 * per tenant in a process grows without a cap (docs/server-resources.md).
 *
 * A Map's insertion order is the recency: a use moves the key to the end. Each value is counted at
 * the cost its owner gives, and counted again when it grows or shrinks (`recount`).
 *
 * @example
 * const kept = new ByteBudgetLru<number, Page>(8 * 1024 * 1024);
 * kept.set(companyId, page, page.json.length * 2);
 * kept.evict();
 */
export class ByteBudgetLru<K, V> {
  private readonly values = new Map<K, V>();
  private readonly costs = new Map<K, number>();
  /** The sum of the kept values' costs. */
  bytes = 0;

  /** `onForget` hears every value let go, whether replaced, forgotten or evicted. */
  constructor(
    public budget: number,
    private readonly onForget?: (key: K, value: V) => void,
  ) {}

  get(key: K): V | undefined {
    return this.values.get(key);
  }

  /** The kept keys, least recently used first. */
  keys(): K[] {
    return [...this.values.keys()];
  }

  /** Marks `key` as the most recently used. */
  touch(key: K): void {
    const value = this.values.get(key);
    if (value === undefined) return;
    this.values.delete(key);
    this.values.set(key, value);
  }

  /** Keeps `value` as the most recently used, counted at `cost`, in place of what `key` held. */
  set(key: K, value: V, cost: number): void {
    this.forget(key);
    this.values.set(key, value);
    this.costs.set(key, cost);
    this.bytes += cost;
  }

  /** Counts `key`'s value at `cost` from now on. */
  recount(key: K, cost: number): void {
    if (!this.values.has(key)) return;
    this.bytes += cost - (this.costs.get(key) ?? 0);
    this.costs.set(key, cost);
  }

  forget(key: K): void {
    const value = this.values.get(key);
    if (value === undefined) return;
    this.values.delete(key);
    this.bytes -= this.costs.get(key) ?? 0;
    this.costs.delete(key);
    this.onForget?.(key, value);
  }

  /** Lets the least recently used values go, all but `spare`'s, while over the budget. */
  evict(spare?: K): void {
    for (const key of this.values.keys()) {
      if (this.bytes <= this.budget) return;
      if (key !== spare) this.forget(key);
    }
  }
}

/**
 * One of something per database handle, made on first use and gone with the handle: the test
 * files' apps each have their own database, and a process's kept copies belong to one.
 *
 * @example
 * const keptFor = perDatabase(() => new ByteBudgetLru<number, Page>(BUDGET));
 */
export function perDatabase<T>(create: () => T): (db: object) => T {
  const byDatabase = new WeakMap<object, T>();
  return (db) => {
    let value = byDatabase.get(db);
    if (value === undefined) byDatabase.set(db, (value = create()));
    return value;
  };
}
