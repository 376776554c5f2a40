/**
 * A set of texts kept as 64-bit hashes in one typed array: what the duplicate check remembers of a
 * company's existing leads (rows.ts). As strings in a Map, the e-mails and phones of 1,000,000
 * leads took ≈ 130 MB of the server's heap during an import; as hashes they take 16 bytes a key
 * at most (open addressing, at most half full). Two different texts share a hash with a chance of
 * 2^-64 a pair: an import of 100,000 rows against 1,000,000 leads takes one for a duplicate about
 * once in 10^8 imports.
 */

const EMPTY = 0;

/** FNV-1a over UTF-16 code units, 32 bits, from `seed`. */
function fnv(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // A final mix (murmur3's), so texts differing in their last code unit spread over all bits.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * @example
 * const seen = new KeySet();
 * seen.add('asha@example.in');
 * seen.has('asha@example.in'); // true
 */
export class KeySet {
  /** Pairs of 32-bit halves; a pair of zeros is an empty slot (no key hashes to it: see `halves`). */
  private slots: Uint32Array;
  private count = 0;

  /** `capacity`: keys expected (more only grow it). */
  constructor(capacity = 1 << 12) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Uint32Array(size * 2);
  }

  /** Keys held. */
  get size(): number {
    return this.count;
  }

  private static halves(key: string): [number, number] {
    // The low half is never 0, so an empty slot (0, 0) is never a key.
    return [fnv(key, 0x811c9dc5), (fnv(key, 0x2545f491) | 1) >>> 0];
  }

  /** The slot of a key: where it is, or the empty one where it would go. */
  private find(high: number, low: number): number {
    const mask = this.slots.length / 2 - 1;
    for (let i = (high ^ Math.imul(low, 0x9e3779b1)) & mask; ; i = (i + 1) & mask) {
      const at = i * 2;
      if (this.slots[at + 1] === EMPTY || (this.slots[at] === high && this.slots[at + 1] === low)) return at;
    }
  }

  has(key: string): boolean {
    const [high, low] = KeySet.halves(key);
    return this.slots[this.find(high, low) + 1] !== EMPTY;
  }

  add(key: string): void {
    const [high, low] = KeySet.halves(key);
    const at = this.find(high, low);
    if (this.slots[at + 1] !== EMPTY) return;
    this.slots[at] = high;
    this.slots[at + 1] = low;
    this.count++;
    if (this.count * 2 > this.slots.length / 2) this.grow();
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let at = 0; at < old.length; at += 2) {
      if (old[at + 1] === EMPTY) continue;
      const slot = this.find(old[at]!, old[at + 1]!);
      this.slots[slot] = old[at]!;
      this.slots[slot + 1] = old[at + 1]!;
    }
  }
}
