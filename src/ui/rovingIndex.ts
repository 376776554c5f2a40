/**
 * Arrow-key movement for roving focus (tabs, menus): which item a key moves to, skipping
 * disabled items and wrapping around. Pure so it can be tested without rendering.
 *
 * @example
 * rovingIndex(0, 'ArrowRight', [false, true, false]) // 2 (skips the disabled item)
 * rovingIndex(0, 'ArrowLeft', [false, false, false]) // 2 (wraps)
 */

export type RovingOrientation = 'horizontal' | 'vertical';

/**
 * The index the key moves to, or `null` when the key is not a navigation key.
 * `disabled[i]` marks items that cannot take focus.
 */
export function rovingIndex(
  current: number,
  key: string,
  disabled: ReadonlyArray<boolean>,
  orientation: RovingOrientation = 'horizontal',
): number | null {
  const count = disabled.length;
  if (count === 0) return null;
  const next = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
  const prev = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
  const enabled = (i: number) => !disabled[i];
  const scan = (start: number, step: 1 | -1): number | null => {
    for (let n = 0, i = start; n < count; n++, i = (i + step + count) % count) if (enabled(i)) return i;
    return null;
  };
  switch (key) {
    case next:
      return scan((current + 1) % count, 1);
    case prev:
      return scan((current - 1 + count) % count, -1);
    case 'Home':
      return scan(0, 1);
    case 'End':
      return scan(count - 1, -1);
    default:
      return null;
  }
}
