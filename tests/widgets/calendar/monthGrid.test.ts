import { describe, expect, it } from 'vitest';
import { parseDateKey } from '../../../src/widgets/calendar/model/calendarDate';
import { monthGrid, moreLabel } from '../../../src/widgets/calendar/model/monthGrid';
import { viewRange } from '../../../src/widgets/calendar/model/viewRange';
import { appointment } from './fixtures';

const d = (key: string) => parseDateKey(key)!;
const november = (zone = 'UTC') => viewRange('month', d('2026-11-10'), zone);

describe('the month grid', () => {
  it('is six weeks of seven days from the Monday before the 1st', () => {
    const weeks = monthGrid([], november(), 'UTC', { today: d('2026-11-23') });
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]![0]!.key).toBe('2026-10-26');
    expect(weeks[5]![6]!.key).toBe('2026-12-06');
    expect(weeks.flat().filter((day) => day.inMonth)).toHaveLength(30);
    expect(weeks.flat().filter((day) => day.isToday).map((day) => day.key)).toEqual(['2026-11-23']);
  });

  it('lists each day’s appointments earliest first, then "+N more" past the limit', () => {
    const times = ['15:00', '09:00', '12:00', '09:00', '18:00'];
    const list = times.map((t, i) => appointment(`2026-11-23T${t}:00Z`, `2026-11-23T${t.slice(0, 2)}:${i === 3 ? '45' : '30'}:00Z`));
    const monday = monthGrid(list, november(), 'UTC', { maxVisible: 3 })[4]![0]!;
    expect(monday.key).toBe('2026-11-23');
    // 09:00–09:45 before 09:00–09:30: the longer first when they start together.
    expect(monday.appointments.map((s) => s.appointment.id)).toEqual([list[3], list[1], list[2], list[0], list[4]].map((a) => a!.id));
    expect(monday.visible.map((s) => s.appointment.id)).toEqual([list[3], list[1], list[2]].map((a) => a!.id));
    expect(monday.more).toBe(2);
    expect(moreLabel(monday.more)).toBe('+2 more');
  });

  it('shows an appointment on every day it touches, on the zone’s dates', () => {
    const overnight = appointment('2026-11-23T16:00:00Z', '2026-11-24T20:00:00Z');
    // 21:30 in Kolkata on the 23rd to 01:30 on the 25th.
    const days = monthGrid([overnight], november('Asia/Kolkata'), 'Asia/Kolkata').flat();
    expect(days.filter((day) => day.appointments.length > 0).map((day) => day.key)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(days.find((day) => day.key === '2026-11-24')!.appointments[0]).toMatchObject({ continuesBefore: true, continuesAfter: true });
  });

  it('lays out 2,000 appointments in a month, each on its day', () => {
    const list = Array.from({ length: 2000 }, (_, i) => {
      const day = 1 + (i % 30);
      const hour = 8 + (i % 10);
      const start = `2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
      return appointment(start, start.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`));
    });
    const days = monthGrid(list, november(), 'UTC').flat();
    expect(days.reduce((sum, day) => sum + day.appointments.length, 0)).toBe(2000);
    expect(days.find((day) => day.key === '2026-11-01')!.more).toBe(67 - 3);
  });
});
