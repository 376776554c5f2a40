/**
 * Which page buttons a pager shows (docs/product/screens.md: first/last page, neighbours and ellipses).
 * Always the first and last page, the current page with `siblings` neighbours on each side, and
 * an ellipsis for each gap. The list keeps a constant length once there are enough pages, so the
 * buttons do not jump about as the user pages, and an ellipsis never hides a single page (that
 * page is shown instead).
 *
 * @example
 * pageItems(5, 10, 1) // [1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]
 * pageItems(1, 10, 1) // [1, 2, 3, 4, 5, 'end-ellipsis', 10]
 * pageItems(2, 4, 1)  // [1, 2, 3, 4]
 */

/** A page number, or a gap marker. */
export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

export function pageItems(page: number, count: number, siblings = 1): PageItem[] {
  const total = Math.max(0, Math.floor(count));
  if (total === 0) return [];
  const near = Math.max(0, Math.floor(siblings));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), total);
  // first + last + current + neighbours + two ellipses
  const slots = 2 * near + 5;
  if (total <= slots) return range(1, total);

  const left = Math.max(current - near, 1);
  const right = Math.min(current + near, total);
  // An ellipsis replaces at least two pages; with a gap of one page, show that page instead.
  const leftGap = left > 3;
  const rightGap = right < total - 2;

  if (!leftGap) return [...range(1, 3 + 2 * near), 'end-ellipsis', total];
  if (!rightGap) return [1, 'start-ellipsis', ...range(total - (2 + 2 * near), total)];
  return [1, 'start-ellipsis', ...range(left, right), 'end-ellipsis', total];
}
