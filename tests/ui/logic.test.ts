// Pure logic of the kit, tested without rendering.
import { describe, expect, it } from 'vitest';
import { GAUGE } from '../../src/contract/constants';
import { describeFiles } from '../../src/ui/FileField';
import { gaugeArc } from '../../src/ui/gaugeArc';
import { initials } from '../../src/ui/initials';
import { commitNumberInput, isBlockedNumberKey, sanitiseNumberInput } from '../../src/ui/numberInput';
import { pageItems } from '../../src/ui/pageItems';
import { rovingIndex } from '../../src/ui/rovingIndex';
import { normaliseOptions } from '../../src/ui/SelectField';
import { sparklinePoints, sparklineTrend } from '../../src/ui/sparklinePoints';

describe('pageItems', () => {
  it('lists every page when they fit', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows no pages for an empty list', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('puts one ellipsis at the end near the start', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
  });

  it('puts one ellipsis at the start near the end', () => {
    expect(pageItems(10, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
    expect(pageItems(7, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
  });

  it('shows neighbours between two ellipses in the middle', () => {
    expect(pageItems(5, 10)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
    expect(pageItems(50, 100, 2)).toEqual([1, 'start-ellipsis', 48, 49, 50, 51, 52, 'end-ellipsis', 100]);
  });

  it('never hides a single page behind an ellipsis', () => {
    for (let count = 1; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const items = pageItems(page, count);
        items.forEach((item, i) => {
          if (typeof item === 'number') return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
        expect(items).toContain(page);
        expect(items[0]).toBe(1);
        expect(items[items.length - 1]).toBe(count);
      }
    }
  });

  it('keeps a constant length once there are enough pages', () => {
    const lengths = new Set(Array.from({ length: 20 }, (_, i) => pageItems(i + 1, 20).length));
    expect([...lengths]).toEqual([7]);
  });

  it('clamps out-of-range pages and supports zero siblings', () => {
    expect(pageItems(99, 10)).toEqual(pageItems(10, 10));
    expect(pageItems(-3, 10)).toEqual(pageItems(1, 10));
    expect(pageItems(5, 10, 0)).toEqual([1, 'start-ellipsis', 5, 'end-ellipsis', 10]);
  });
});

describe('gaugeArc', () => {
  it('uses the product geometry: radius 27, stroke 6, circumference ≈ 169.6', () => {
    const arc = gaugeArc(50);
    expect(arc.radius).toBe(27);
    expect(arc.strokeWidth).toBe(6);
    expect(arc.circumference).toBe(GAUGE.circumference);
    expect(arc.circumference).toBeCloseTo(169.65, 2);
    expect(arc.dashArray).toBe(arc.circumference);
    expect(arc.size).toBe(60);
  });

  it('leaves 52% of the ring empty at 48% and 25% at 75%', () => {
    expect(gaugeArc(48).dashOffset).toBeCloseTo(GAUGE.circumference * 0.52, 6);
    expect(gaugeArc(48).dashOffset).toBeCloseTo(88.216, 2);
    expect(gaugeArc(75).dashOffset).toBeCloseTo(GAUGE.circumference * 0.25, 6);
    expect(gaugeArc(75).dashOffset).toBeCloseTo(42.412, 2);
  });

  it('clamps to 0–100', () => {
    expect(gaugeArc(-20).dashOffset).toBeCloseTo(GAUGE.circumference);
    expect(gaugeArc(-20).percentage).toBe(0);
    expect(gaugeArc(140).dashOffset).toBe(0);
    expect(gaugeArc(140).percentage).toBe(100);
    expect(gaugeArc(Number.NaN).percentage).toBe(0);
  });
});

describe('sparklinePoints', () => {
  it('scales values into the box, highest at the top', () => {
    expect(sparklinePoints([1, 3, 2], 100, 20, 0)).toBe('0,20 50,0 100,10');
  });

  it('draws a flat series in the middle and a single value centred', () => {
    expect(sparklinePoints([5, 5], 100, 20, 0)).toBe('0,10 100,10');
    expect(sparklinePoints([5], 100, 20, 0)).toBe('50,10');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });

  it('is green only for a positive change', () => {
    expect(sparklineTrend(2.6)).toBe('up');
    expect(sparklineTrend(0)).toBe('down');
    expect(sparklineTrend(-0.1)).toBe('down');
  });
});

describe('rovingIndex', () => {
  const none = [false, false, false];
  it('moves with arrows and wraps', () => {
    expect(rovingIndex(0, 'ArrowRight', none)).toBe(1);
    expect(rovingIndex(2, 'ArrowRight', none)).toBe(0);
    expect(rovingIndex(0, 'ArrowLeft', none)).toBe(2);
    expect(rovingIndex(1, 'Home', none)).toBe(0);
    expect(rovingIndex(1, 'End', none)).toBe(2);
  });

  it('skips disabled items', () => {
    expect(rovingIndex(0, 'ArrowRight', [false, true, false])).toBe(2);
    expect(rovingIndex(0, 'Home', [true, false, false])).toBe(1);
    expect(rovingIndex(0, 'End', [false, false, true])).toBe(1);
  });

  it('uses Up/Down when vertical and ignores other keys', () => {
    expect(rovingIndex(0, 'ArrowDown', none, 'vertical')).toBe(1);
    expect(rovingIndex(0, 'ArrowRight', none, 'vertical')).toBeNull();
    expect(rovingIndex(0, 'a', none)).toBeNull();
    expect(rovingIndex(0, 'ArrowRight', [])).toBeNull();
  });
});

describe('number input rules (docs/product/rules.md, property forms)', () => {
  it('blocks minus when the minimum is 0 or more, and always blocks exponent and plus', () => {
    expect(isBlockedNumberKey('-', { min: 0 })).toBe(true);
    expect(isBlockedNumberKey('-', { min: -10 })).toBe(false);
    expect(isBlockedNumberKey('-', {})).toBe(false);
    expect(isBlockedNumberKey('e', {})).toBe(true);
    expect(isBlockedNumberKey('+', {})).toBe(true);
    expect(isBlockedNumberKey('5', { min: 0 })).toBe(false);
  });

  it('strips a forbidden minus and caps digits while typing', () => {
    expect(sanitiseNumberInput('-12', { min: 0 })).toBe('12');
    expect(sanitiseNumberInput('202512', { maxDigits: 4 })).toBe('2025');
    expect(sanitiseNumberInput('12345.67', { maxDigits: 3 })).toBe('123.67');
    expect(sanitiseNumberInput('19', { min: 1900, maxDigits: 4 })).toBe('19');
  });

  it('clamps into [min, max] when committed, keeping empty values empty', () => {
    expect(commitNumberInput('1850', { min: 1900, max: 2025 })).toBe('1900');
    expect(commitNumberInput('2090', { min: 1900, max: 2025 })).toBe('2025');
    expect(commitNumberInput('-5', { min: 0 })).toBe('5');
    expect(commitNumberInput('', { min: 0 })).toBe('');
    expect(commitNumberInput('3.5', { min: 0 })).toBe('3.5');
  });
});

describe('small helpers', () => {
  it('initials', () => {
    expect(initials('Asha Rao')).toBe('AR');
    expect(initials('Kiran Kumar Shetty')).toBe('KS');
    expect(initials('admin@example.com')).toBe('A');
    expect(initials('')).toBe('?');
  });

  it('describeFiles', () => {
    expect(describeFiles(null)).toBe('No file chosen');
    expect(describeFiles([new File(['x'], 'leads.csv')])).toBe('leads.csv');
    expect(describeFiles([new File(['x'], 'a.csv'), new File(['y'], 'b.csv')])).toBe('2 files chosen');
  });

  it('normaliseOptions', () => {
    expect(normaliseOptions(['Open', { value: 2, label: 'Won' }])).toEqual([
      { value: 'Open', label: 'Open', disabled: false },
      { value: 2, label: 'Won', disabled: false },
    ]);
  });
});
