/**
 * The geometry of the dashboard gauge ring (`GAUGE`: radius 27, circumference about 169.6,
 * stroke width 6, arc proportional to the percentage of 100). The arc is drawn with a dash as
 * long as the circumference, shifted by the part that stays empty.
 *
 * @example
 * gaugeArc(48).dashOffset // ≈ 88.22 (52% of 169.65 left empty)
 * gaugeArc(75).dashOffset // ≈ 42.41
 */
import { GAUGE } from '../contract/constants';

export interface GaugeArc {
  /** The percentage, clamped to 0–100 (non-numbers count as 0). */
  percentage: number;
  radius: number;
  strokeWidth: number;
  circumference: number;
  /** `stroke-dasharray`: one dash the length of the circumference. */
  dashArray: number;
  /** `stroke-dashoffset`: the empty part of the ring. */
  dashOffset: number;
  /** Side of the square SVG viewBox that fits ring and stroke. */
  size: number;
}

export function gaugeArc(percentage: number): GaugeArc {
  const p = Number.isFinite(percentage) ? Math.min(100, Math.max(0, percentage)) : 0;
  const { radius, strokeWidth, circumference } = GAUGE;
  return {
    percentage: p,
    radius,
    strokeWidth,
    circumference,
    dashArray: circumference,
    dashOffset: circumference * (1 - p / 100),
    size: 2 * radius + strokeWidth,
  };
}
