/**
 * Scales a series of values into the `points` of an SVG polyline filling width × height (minus
 * padding), highest value at the top. A flat series sits in the middle.
 *
 * @example
 * sparklinePoints([1, 3, 2], 100, 20, 0) // "0,20 50,0 100,10"
 */
export function sparklinePoints(values: ReadonlyArray<number>, width: number, height: number, padding = 2): string {
  const finite = values.filter((n) => Number.isFinite(n));
  if (finite.length === 0) return '';
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const span = max - min;
  const innerW = Math.max(0, width - 2 * padding);
  const innerH = Math.max(0, height - 2 * padding);
  const stepX = finite.length > 1 ? innerW / (finite.length - 1) : 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return finite
    .map((value, i) => {
      const x = padding + (finite.length > 1 ? i * stepX : innerW / 2);
      const y = padding + (span === 0 ? innerH / 2 : ((max - value) / span) * innerH);
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

/**
 * The trend colour rule of the dashboard (docs/product/screens.md): green when the change is
 * positive, otherwise red.
 *
 * @example
 * sparklineTrend(2.6) // 'up'
 * sparklineTrend(0)   // 'down'
 */
export const sparklineTrend = (change: number): 'up' | 'down' => (change > 0 ? 'up' : 'down');
