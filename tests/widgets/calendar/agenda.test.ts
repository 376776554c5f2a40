import { describe, expect, it } from 'vitest';
import { agendaDays } from '../../../src/widgets/calendar/model/agenda';
import { parseDateKey } from '../../../src/widgets/calendar/model/calendarDate';
import { viewRange } from '../../../src/widgets/calendar/model/viewRange';
import { appointment } from './fixtures';

const d = (key: string) => parseDateKey(key)!;

describe('the agenda', () => {
  it('groups by the zone’s day, earliest first, and leaves out empty days', () => {
    const late = appointment('2026-11-23T20:00:00Z', '2026-11-23T21:00:00Z'); // 24th in Kolkata
    const early = appointment('2026-11-23T03:30:00Z', '2026-11-23T04:00:00Z');
    const later = appointment('2026-11-23T06:00:00Z', '2026-11-23T07:00:00Z');
    const outside = appointment('2026-12-05T06:00:00Z', '2026-12-05T07:00:00Z');
    const days = agendaDays([late, later, outside, early], viewRange('agenda', d('2026-11-01'), 'Asia/Kolkata'), 'Asia/Kolkata', { today: d('2026-11-24') });
    expect(days.map((day) => [day.key, day.isToday, day.items.map((i) => i.appointment.id)])).toEqual([
      ['2026-11-23', false, [early.id, later.id]],
      ['2026-11-24', true, [late.id]],
    ]);
  });

  it('lists one lasting several days under each of them', () => {
    const conference = appointment('2026-11-23T09:00:00Z', '2026-11-25T17:00:00Z', { kind: 'meeting' });
    const days = agendaDays([conference], viewRange('agenda', d('2026-11-01'), 'UTC'), 'UTC');
    expect(days.map((day) => [day.key, day.items[0]!.continuesBefore, day.items[0]!.continuesAfter])).toEqual([
      ['2026-11-23', false, true],
      ['2026-11-24', true, true],
      ['2026-11-25', true, false],
    ]);
  });
});
