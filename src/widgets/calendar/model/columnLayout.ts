/**
 * Side by side where they overlap: the column packing of a day column. Items are taken by start;
 * each goes into the leftmost column free at its start; a cluster (items linked by overlaps, one
 * after another) is as wide as the most columns it needed, and every item in it shares that
 * count, so their widths line up. Heaps keep it O(n log n) however many overlap at once.
 */
import { MinHeap } from './minHeap';

export interface Span {
  top: number;
  bottom: number;
}

export interface Packed<T> {
  item: T;
  /** 0-based column and the column count of the item's cluster: left = column / columns. */
  column: number;
  columns: number;
}

export interface PackOptions<T> {
  /**
   * The shortest extent an item takes when packing, in the spans' unit. A 5-minute appointment
   * is drawn taller than 5 minutes so its title fits; packing by what is drawn keeps the next
   * one from sliding under it.
   */
  minExtent?: number;
  /** Order among items starting together after the longer one (default: input order). */
  tieBreak?: (a: T, b: T) => number;
}

export function packColumns<T extends Span>(items: readonly T[], options: PackOptions<T> = {}): Packed<T>[] {
  const minExtent = options.minExtent ?? 0;
  const bottomOf = (item: T): number => Math.max(item.bottom, item.top + minExtent);
  const order = items
    .map((item, index) => ({ item, index, bottom: bottomOf(item) }))
    .sort((a, b) => a.item.top - b.item.top || b.bottom - a.bottom || (options.tieBreak?.(a.item, b.item) ?? 0) || a.index - b.index);

  const out: Packed<T>[] = [];
  // Items still open (by where they end) and the columns they have given back.
  const newBusy = () => new MinHeap<{ bottom: number; column: number }>((a, b) => a.bottom < b.bottom);
  const newFree = () => new MinHeap<number>((a, b) => a < b);
  let busy = newBusy();
  let free = newFree();
  let clusterStart = 0;
  let clusterBottom = -Infinity;
  let columnsUsed = 0;

  const closeCluster = (): void => {
    for (let i = clusterStart; i < out.length; i++) out[i]!.columns = columnsUsed;
  };

  for (const { item, bottom } of order) {
    if (item.top >= clusterBottom) {
      // Nothing still open reaches this start (touching is not overlapping): a new cluster.
      closeCluster();
      clusterStart = out.length;
      columnsUsed = 0;
      busy = newBusy();
      free = newFree();
    }
    while (busy.size > 0 && busy.peek()!.bottom <= item.top) free.push(busy.pop()!.column);
    const column = free.pop() ?? columnsUsed++;
    busy.push({ bottom, column });
    clusterBottom = Math.max(clusterBottom, bottom);
    out.push({ item, column, columns: 0 });
  }
  closeCluster();
  return out;
}
