/**
 * Pure geometry of the kit's SVG charts (`svgChart.ts`): a value axis with round ticks, linear
 * scales, the band each x label owns, which labels fit, and the ring or wedge of a slice. No DOM,
 * so it is tested without rendering.
 *
 * @example
 * niceTicks([0, 45]).ticks // [0, 10, 20, 30, 40, 50]
 * arcPath(50, 50, 40, 25, 0, Math.PI) // the right half of a ring
 */

export interface Ticks {
  /** Round values from `min` to `max`, evenly spaced by `step`. */
  ticks: number[];
  min: number;
  max: number;
  step: number;
}

const NICE_STEPS = [1, 2, 2.5, 5, 10];
const MAX_TICKS = 6;

/** Rounds away binary noise (0.1 + 0.2) to the decimals a step of this size can carry. */
function tidy(value: number, step: number): number {
  const decimals = Math.max(0, 1 - Math.floor(Math.log10(step)));
  return Number(value.toFixed(Math.min(decimals, 12))) || 0;
}

/**
 * Round axis ticks (4–6 of them) covering `values` and zero, so bars grow from a real baseline.
 * All zeros (or nothing) still gets an axis, 0 to 1.
 *
 * @example
 * niceTicks([0, 1200]).ticks // [0, 250, 500, 750, 1000, 1250]
 * niceTicks([-30, 80]).ticks // [-50, 0, 50, 100] (steps of 20 or 25 would need seven ticks)
 */
export function niceTicks(values: ReadonlyArray<number>): Ticks {
  const finite = values.filter((n) => Number.isFinite(n));
  let lo = Math.min(0, ...finite);
  let hi = Math.max(0, ...finite);
  if (lo === hi) hi = lo + 1;
  const span = hi - lo;
  const magnitude = 10 ** Math.floor(Math.log10(span / 5));
  // The smallest round step giving at most five intervals (six ticks) once both ends are rounded out.
  for (const base of [...NICE_STEPS, ...NICE_STEPS.map((n) => n * 10)]) {
    const step = base * magnitude;
    const min = Math.floor(lo / step) * step;
    const max = Math.ceil(hi / step) * step;
    const count = Math.round((max - min) / step) + 1;
    if (count <= MAX_TICKS) {
      lo = tidy(min, step);
      hi = tidy(max, step);
      const ticks = Array.from({ length: count }, (_, i) => tidy(min + i * step, step));
      return { ticks, min: lo, max: hi, step };
    }
  }
  /* c8 ignore next */
  return { ticks: [lo, hi], min: lo, max: hi, step: span };
}

/**
 * A linear map from a value domain onto pixels (the range may run backwards, as a y axis does).
 *
 * @example
 * scaleLinear(0, 100, 200, 0)(25) // 150
 */
export function scaleLinear(d0: number, d1: number, r0: number, r1: number): (value: number) => number {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (value) => r0 + (value - d0) * k;
}

/**
 * The centre of each of `count` equal bands across `[start, start + width]`, and the band width.
 *
 * @example
 * bands(4, 0, 400) // { centres: [50, 150, 250, 350], width: 100 }
 */
export function bands(count: number, start: number, width: number): { centres: number[]; width: number } {
  const unit = count > 0 ? width / count : width;
  return { centres: Array.from({ length: count }, (_, i) => start + (i + 0.5) * unit), width: unit };
}

/**
 * Every how many x labels one is shown so that none overlap: 1 shows all.
 *
 * @example
 * labelStride(12, 30, 40) // 2 (40 px labels in 30 px bands: every other one)
 */
export function labelStride(count: number, bandWidth: number, labelWidth: number): number {
  if (count <= 1 || bandWidth <= 0) return 1;
  return Math.max(1, Math.ceil(labelWidth / bandWidth));
}

/**
 * A rough text width in pixels (no layout in tests and no measuring before drawing): average
 * glyph width of a UI font at `fontSize`.
 *
 * @example
 * textWidth('Revenue', 11) // ≈ 42
 */
export const textWidth = (text: string, fontSize: number): number => Math.ceil(text.length * fontSize * 0.56);

export interface Slice {
  index: number;
  value: number;
  /** Share of the total, 0–1. */
  share: number;
  /** Radians clockwise from twelve o'clock. */
  start: number;
  end: number;
}

/**
 * The slices of a pie or donut, clockwise from twelve o'clock. Negative and missing values count
 * as zero; zero slices are left out, and a zero total gives no slices.
 *
 * @example
 * slices([45, 15]).map((s) => s.share) // [0.75, 0.25]
 */
export function slices(values: ReadonlyArray<number>): Slice[] {
  const clean = values.map((n) => (Number.isFinite(n) && n > 0 ? n : 0));
  const total = clean.reduce((a, b) => a + b, 0);
  if (total <= 0) return [];
  let angle = 0;
  const out: Slice[] = [];
  clean.forEach((value, index) => {
    if (value === 0) return;
    const sweep = (value / total) * 2 * Math.PI;
    out.push({ index, value, share: value / total, start: angle, end: angle + sweep });
    angle += sweep;
  });
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;
const pointAt = (cx: number, cy: number, r: number, angle: number) => `${round(cx + r * Math.sin(angle))} ${round(cy - r * Math.cos(angle))}`;

/**
 * The SVG path of a slice between two angles (radians clockwise from twelve o'clock): a ring
 * segment when `inner` > 0 (donut), a wedge otherwise (pie). A whole circle is drawn as two
 * halves, since an arc whose ends meet draws nothing.
 *
 * @example
 * arcPath(50, 50, 40, 0, 0, Math.PI / 2) // "M50 50L50 10A40 40 0 0 1 90 50Z"
 */
export function arcPath(cx: number, cy: number, outer: number, inner: number, start: number, end: number): string {
  if (end - start >= 2 * Math.PI - 1e-9) {
    const mid = start + Math.PI;
    return `${arcPath(cx, cy, outer, inner, start, mid)}${arcPath(cx, cy, outer, inner, mid, start + 2 * Math.PI)}`;
  }
  const large = end - start > Math.PI ? 1 : 0;
  const outerArc = `M${pointAt(cx, cy, outer, start)}A${outer} ${outer} 0 ${large} 1 ${pointAt(cx, cy, outer, end)}`;
  if (inner <= 0) return `M${round(cx)} ${round(cy)}L${outerArc.slice(1)}Z`;
  return `${outerArc}L${pointAt(cx, cy, inner, end)}A${inner} ${inner} 0 ${large} 0 ${pointAt(cx, cy, inner, start)}Z`;
}
