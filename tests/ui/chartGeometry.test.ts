// The SVG charts' pure geometry, tested without rendering.
import { describe, expect, it } from 'vitest';
import { arcPath, bands, labelStride, niceTicks, scaleLinear, slices, textWidth } from '../../src/ui/chartGeometry';

describe('niceTicks', () => {
  const evenlySpaced = (ticks: number[]) => ticks.slice(1).every((t, i) => Math.abs(t - ticks[i]! - (ticks[1]! - ticks[0]!)) < 1e-9);

  it('covers 0..45 with round steps of 10', () => {
    expect(niceTicks([0, 12, 45, 30])).toEqual({ ticks: [0, 10, 20, 30, 40, 50], min: 0, max: 50, step: 10 });
  });

  it('covers 0..1200 with steps of 250', () => {
    expect(niceTicks([1200, 300]).ticks).toEqual([0, 250, 500, 750, 1000, 1250]);
  });

  it('starts at zero even when every value is far above it', () => {
    const { ticks } = niceTicks([320, 560]);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(560);
  });

  it('gives all zeros (and nothing at all) an axis from 0 to 1 without binary noise', () => {
    expect(niceTicks([0, 0, 0]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks([]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('reaches below zero for negative values, keeping zero a tick', () => {
    const { ticks, min, max } = niceTicks([-30, 80]);
    expect(ticks).toEqual([-50, 0, 50, 100]);
    expect(min).toBe(-50);
    expect(max).toBe(100);
    const allNegative = niceTicks([-7, -2]);
    expect(allNegative.ticks.at(-1)).toBe(0);
    expect(allNegative.min).toBeLessThanOrEqual(-7);
  });

  it('handles a single value', () => {
    expect(niceTicks([7]).ticks).toEqual([0, 2, 4, 6, 8]);
  });

  it('always gives 4 to 6 evenly spaced ticks covering the data, ignoring non-numbers', () => {
    for (const values of [[0, 1], [0, 3], [0, 9.5], [0, 101], [0, 999], [0, 0.07], [-1, 1], [-1234, 56789], [12, Number.NaN, Infinity]]) {
      const { ticks, min, max } = niceTicks(values);
      expect(ticks.length, String(values)).toBeGreaterThanOrEqual(4);
      expect(ticks.length, String(values)).toBeLessThanOrEqual(6);
      expect(evenlySpaced(ticks)).toBe(true);
      const finite = values.filter(Number.isFinite);
      expect(min).toBeLessThanOrEqual(Math.min(0, ...finite));
      expect(max).toBeGreaterThanOrEqual(Math.max(...finite));
    }
  });
});

describe('scales and bands', () => {
  it('maps a domain onto pixels, backwards for a y axis', () => {
    const y = scaleLinear(0, 100, 200, 0);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
    expect(scaleLinear(5, 5, 0, 10)(5)).toBe(0);
  });

  it('gives each label the centre of an equal band', () => {
    expect(bands(4, 0, 400)).toEqual({ centres: [50, 150, 250, 350], width: 100 });
    expect(bands(1, 40, 200)).toEqual({ centres: [140], width: 200 });
    expect(bands(0, 0, 100).centres).toEqual([]);
  });

  it('thins x labels that would overlap', () => {
    expect(labelStride(12, 60, 40)).toBe(1);
    expect(labelStride(12, 30, 40)).toBe(2);
    expect(labelStride(12, 12, 40)).toBe(4);
    expect(labelStride(1, 5, 40)).toBe(1);
    expect(textWidth('Revenue', 11)).toBe(44);
  });
});

describe('slices and arcs', () => {
  it('splits the circle by share, clockwise from twelve o’clock', () => {
    const [agents, properties] = slices([45, 15]);
    expect(agents).toMatchObject({ index: 0, value: 45, share: 0.75, start: 0 });
    expect(agents!.end).toBeCloseTo(1.5 * Math.PI);
    expect(properties).toMatchObject({ index: 1, share: 0.25 });
    expect(properties!.end).toBeCloseTo(2 * Math.PI);
  });

  it('leaves out zero and negative slices but keeps the indexes, and gives nothing for a zero total', () => {
    expect(slices([0, 5, -3, 5]).map((s) => s.index)).toEqual([1, 3]);
    expect(slices([0, 0])).toEqual([]);
    expect(slices([])).toEqual([]);
  });

  it('draws a wedge for pie, a ring segment for donut, and a whole circle as two halves', () => {
    expect(arcPath(50, 50, 40, 0, 0, Math.PI / 2)).toBe('M50 50L50 10A40 40 0 0 1 90 50Z');
    expect(arcPath(50, 50, 40, 20, 0, Math.PI / 2)).toBe('M50 10A40 40 0 0 1 90 50L70 50A20 20 0 0 0 50 30Z');
    // More than half the circle takes the large-arc flag.
    expect(arcPath(50, 50, 40, 0, 0, 1.5 * Math.PI)).toContain('A40 40 0 1 1 10 50');
    const whole = arcPath(50, 50, 40, 20, 0, 2 * Math.PI);
    expect(whole.match(/M/g)).toHaveLength(2);
    expect(whole).toContain('A40 40 0 0 1 50 90');
  });
});
