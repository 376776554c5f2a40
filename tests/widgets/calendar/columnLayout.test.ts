import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packColumns } from '../../../src/widgets/calendar/model/columnLayout';

const span = (name: string, top: number, bottom: number) => ({ name, top, bottom });
const layout = (items: ReturnType<typeof span>[], minExtent = 0) =>
  Object.fromEntries(packColumns(items, { minExtent }).map(({ item, column, columns }) => [item.name, `${column}/${columns}`]));

describe('column packing', () => {
  it('gives items that do not overlap the whole width', () => {
    expect(layout([span('a', 540, 600), span('b', 600, 660), span('c', 700, 720)])).toEqual({ a: '0/1', b: '0/1', c: '0/1' });
  });

  it('puts overlapping items side by side, and reuses a column freed inside a cluster', () => {
    // a 9–11, b 9:30–10, c 10–10:30: b's column is free again when c starts; all three share the cluster's 2 columns.
    expect(layout([span('a', 540, 660), span('b', 570, 600), span('c', 600, 630)])).toEqual({ a: '0/2', b: '1/2', c: '1/2' });
  });

  it('counts columns per cluster, not per day', () => {
    expect(layout([span('a', 540, 600), span('b', 540, 600), span('c', 540, 600), span('d', 720, 780)])).toEqual({
      a: '0/3', b: '1/3', c: '2/3', d: '0/1',
    });
  });

  it('links a cluster through a chain of overlaps', () => {
    // a overlaps b, b overlaps c, a and c do not: one cluster of two columns.
    expect(layout([span('a', 0, 60), span('b', 30, 90), span('c', 60, 120)])).toEqual({ a: '0/2', b: '1/2', c: '0/2' });
  });

  it('puts the longer of two starting together first, whatever the input order', () => {
    expect(layout([span('short', 540, 555), span('long', 540, 660)])).toEqual({ long: '0/2', short: '1/2' });
  });

  it('packs short items by the height they are drawn at', () => {
    expect(layout([span('a', 540, 545), span('b', 550, 600)])).toEqual({ a: '0/1', b: '0/1' });
    expect(layout([span('a', 540, 545), span('b', 550, 600)], 15)).toEqual({ a: '0/2', b: '1/2' });
  });

  it('never puts two overlapping items in one column, and uses no more columns than overlap at once', () => {
    const items = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 1400 }), fc.integer({ min: 1, max: 240 })).map(([top, length]) => ({ top, bottom: top + length })),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(items, (spans) => {
        const packed = packColumns(spans);
        expect(packed).toHaveLength(spans.length);
        for (const a of packed) {
          expect(a.column).toBeLessThan(a.columns);
          for (const b of packed) {
            if (a === b || a.item.top >= b.item.bottom || b.item.top >= a.item.bottom) continue;
            expect(a.column).not.toBe(b.column);
            expect(a.columns).toBe(b.columns);
          }
          // The cluster's width is the most items open at one moment (the greedy packing is optimal for intervals).
          const deepest = Math.max(
            ...packed
              .filter((b) => b.columns === a.columns)
              .map((b) => packed.filter((c) => c.item.top <= b.item.top && c.item.bottom > b.item.top).length),
          );
          expect(a.columns).toBeLessThanOrEqual(Math.max(deepest, 1));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps up with 2,000 items all overlapping', () => {
    const items = Array.from({ length: 2000 }, (_, i) => span(String(i), i * 0.1, 1440));
    const packed = packColumns(items);
    expect(new Set(packed.map((p) => p.column)).size).toBe(2000);
    expect(packed.every((p) => p.columns === 2000)).toBe(true);
  });
});
