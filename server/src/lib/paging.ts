/** Paging of list calls: sizes arrive as text, absurd sizes are capped (MAX_PAGE_SIZE), never refused. */
import { MAX_PAGE_SIZE } from '@contract';

export interface Page {
  size: number;
  number: number;
  offset: number;
}

/**
 * @example pageOf({ pageSize: 10_000_000, pageNumber: 2 }, 10) // { size: 1000, number: 2, offset: 1000 }
 */
export function pageOf(query: { pageSize?: number; pageNumber?: number }, defaultSize: number): Page {
  const size = Math.min(Math.max(1, Math.trunc(query.pageSize ?? defaultSize) || defaultSize), MAX_PAGE_SIZE);
  // Page numbers past any real list still need a bounded offset.
  const number = Math.min(Math.max(1, Math.trunc(query.pageNumber ?? 1) || 1), 1_000_000);
  return { size, number, offset: (number - 1) * size };
}
