import { describe, expect, it } from 'vitest';
import { parseDateKey } from '../../../src/widgets/calendar/model/calendarDate';
import { timeGrid } from '../../../src/widgets/calendar/model/timeGrid';
import { viewRange } from '../../../src/widgets/calendar/model/viewRange';
import { appointment } from './fixtures';

const d = (key: string) => parseDateKey(key)!;
const week = (anchor: string, zone: string) => viewRange('week', d(anchor), zone);
const brief = (column: ReturnType<typeof timeGrid>[number]) =>
  column.items.map((i) => ({ id: i.appointment.id, top: i.top, height: i.height, column: i.column, columns: i.columns }));

describe('week and day columns', () => {
  it('places appointments by minutes from the zone’s midnight, side by side where they overlap', () => {
    const a = appointment('2026-11-24T03:30:00Z', '2026-11-24T05:30:00Z'); // 09:00–11:00 in Kolkata
    const b = appointment('2026-11-24T04:00:00Z', '2026-11-24T04:30:00Z'); // 09:30–10:00
    const c = appointment('2026-11-24T08:30:00Z', '2026-11-24T09:00:00Z'); // 14:00–14:30
    const columns = timeGrid([c, b, a], week('2026-11-24', 'Asia/Kolkata'), 'Asia/Kolkata', { today: d('2026-11-24') });
    expect(columns.map((col) => col.key)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(columns[1]!.isToday).toBe(true);
    expect(brief(columns[1]!)).toEqual([
      { id: a.id, top: 540, height: 120, column: 0, columns: 2 },
      { id: b.id, top: 570, height: 30, column: 1, columns: 2 },
      { id: c.id, top: 840, height: 30, column: 0, columns: 1 },
    ]);
    expect(columns[0]!.items).toEqual([]);
  });

  it('splits an appointment crossing midnight into a piece per day', () => {
    const late = appointment('2026-11-24T22:00:00Z', '2026-11-25T01:30:00Z');
    const [, tue, wed] = timeGrid([late], week('2026-11-24', 'UTC'), 'UTC');
    expect(tue!.items).toMatchObject([{ top: 1320, bottom: 1440, height: 120, continuesBefore: false, continuesAfter: true }]);
    expect(wed!.items).toMatchObject([{ top: 0, bottom: 90, height: 90, continuesBefore: true, continuesAfter: false }]);
  });

  it('leaves no empty piece on the next day for an end at midnight, and clips what lies outside the range', () => {
    const toMidnight = appointment('2026-11-24T23:00:00Z', '2026-11-25T00:00:00Z');
    const fromLastWeek = appointment('2026-11-22T23:00:00Z', '2026-11-23T01:00:00Z');
    const intoNextWeek = appointment('2026-11-29T23:00:00Z', '2026-11-30T01:00:00Z');
    const endsAtStart = appointment('2026-11-22T23:00:00Z', '2026-11-23T00:00:00Z');
    const columns = timeGrid([toMidnight, fromLastWeek, intoNextWeek, endsAtStart], week('2026-11-24', 'UTC'), 'UTC');
    expect(columns.map((c) => c.items.map((i) => [i.appointment.id, i.top, i.bottom]))).toEqual([
      [[fromLastWeek.id, 0, 60]],
      [[toMidnight.id, 1380, 1440]],
      [], [], [], [],
      [[intoNextWeek.id, 1380, 1440]],
    ]);
  });

  it('draws short appointments at least 15 minutes tall and packs them so', () => {
    const a = appointment('2026-11-24T09:00:00Z', '2026-11-24T09:05:00Z');
    const b = appointment('2026-11-24T09:10:00Z', '2026-11-24T10:00:00Z');
    const [column] = timeGrid([a, b], viewRange('day', d('2026-11-24'), 'UTC'), 'UTC');
    expect(brief(column!)).toEqual([
      { id: a.id, top: 540, height: 15, column: 0, columns: 2 },
      { id: b.id, top: 550, height: 50, column: 1, columns: 2 },
    ]);
  });

  it('places by the wall clock on days the clocks change', () => {
    // London, 29 March 2026: 00:30–03:00 on the wall lasts 1.5 hours; 10:00 is drawn at 10:00.
    const acrossGap = appointment('2026-03-29T00:30:00Z', '2026-03-29T02:00:00Z');
    const morning = appointment('2026-03-29T09:00:00Z', '2026-03-29T10:00:00Z');
    // 25 October: the repeated 01:00–02:00; one from 01:30 summer time to 01:15 winter time.
    const repeated = appointment('2026-10-25T00:30:00Z', '2026-10-25T01:15:00Z');
    const afternoon = appointment('2026-10-25T14:00:00Z', '2026-10-25T15:00:00Z');
    const [spring] = timeGrid([acrossGap, morning], viewRange('day', d('2026-03-29'), 'Europe/London'), 'Europe/London');
    const [autumn] = timeGrid([repeated, afternoon], viewRange('day', d('2026-10-25'), 'Europe/London'), 'Europe/London');
    expect(spring!.items.map((i) => [i.top, i.height])).toEqual([[30, 150], [600, 60]]);
    expect(autumn!.items.map((i) => [i.top, i.height])).toEqual([[90, 45], [840, 60]]);
  });

  it('leaves out appointments it cannot read', () => {
    const broken = appointment('not a time', '2026-11-24T10:00:00Z');
    const backwards = appointment('2026-11-24T10:00:00Z', '2026-11-24T09:00:00Z');
    const columns = timeGrid([broken, backwards], week('2026-11-24', 'UTC'), 'UTC');
    expect(columns.flatMap((c) => c.items)).toEqual([]);
  });
});
