/**
 * Following the activity log by id, losing nothing. On PostgreSQL ids are taken when a row is
 * inserted but seen only when its transaction commits, so a later id can show up first: reading
 * "after the highest id seen" would skip the earlier one for good. The tail instead keeps a floor
 * below which everything was seen, remembers what it saw above it, and waits for a missing id
 * (a gap) until GAP_WAIT_MS — after that the id is taken to belong to a transaction that rolled back.
 * Pure: the caller reads the rows and gives the time.
 */
export const GAP_WAIT_MS = 10_000;

export class EventTail {
  private floor: number;
  private readonly seen = new Set<number>();
  /** Missing id → when it was first noticed missing. */
  private readonly gaps = new Map<number, number>();

  constructor(start: number) {
    this.floor = start;
  }

  /** Read rows with ids above this (every id at or below it was seen or given up). */
  get after(): number {
    return this.floor;
  }

  /**
   * Takes a read's rows (ids above `after`, ascending) and answers those not seen before, in id order.
   * @example const tail = new EventTail(0); tail.take([{ id: 2 }], 0) // [{ id: 2 }] (1 is a gap for now)
   */
  take<R extends { id: number }>(rows: readonly R[], now: number): R[] {
    const fresh = rows.filter((row) => row.id > this.floor && !this.seen.has(row.id));
    for (const row of fresh) {
      this.seen.add(row.id);
      this.gaps.delete(row.id);
    }
    const highest = Math.max(this.floor, ...this.seen);
    for (let id = this.floor + 1; id < highest; id++) {
      if (!this.seen.has(id) && !this.gaps.has(id)) this.gaps.set(id, now);
    }
    for (const [id, since] of this.gaps) if (now - since >= GAP_WAIT_MS) this.gaps.delete(id);
    // The floor rises over what was seen and the gaps given up, up to the first gap still awaited.
    const lowestGap = this.gaps.size > 0 ? Math.min(...this.gaps.keys()) : Number.POSITIVE_INFINITY;
    const floor = Math.min(highest, lowestGap - 1);
    for (const id of this.seen) if (id <= floor) this.seen.delete(id);
    this.floor = floor;
    return fresh;
  }
}
