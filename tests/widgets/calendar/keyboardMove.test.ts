import { describe, expect, it } from 'vitest';
import { keyboardMove } from '../../../src/widgets/calendar/model/keyboardMove';

const times = (starts_at: string, ends_at: string) => ({ starts_at, ends_at });
const nineToTen = times('2026-11-23T09:00:00.000Z', '2026-11-23T10:00:00.000Z');

describe('moving with the keyboard', () => {
  // [key, shift, new start, new end]
  const cases: Array<[string, boolean, string, string]> = [
    ['ArrowDown', false, '2026-11-23T09:15:00.000Z', '2026-11-23T10:15:00.000Z'],
    ['ArrowUp', false, '2026-11-23T08:45:00.000Z', '2026-11-23T09:45:00.000Z'],
    ['ArrowRight', false, '2026-11-24T09:00:00.000Z', '2026-11-24T10:00:00.000Z'],
    ['ArrowLeft', false, '2026-11-22T09:00:00.000Z', '2026-11-22T10:00:00.000Z'],
    ['ArrowDown', true, '2026-11-23T09:00:00.000Z', '2026-11-23T10:15:00.000Z'],
    ['ArrowUp', true, '2026-11-23T09:00:00.000Z', '2026-11-23T09:45:00.000Z'],
  ];
  it.each(cases)('%s (shift %s) → %s – %s', (key, shiftKey, start, end) => {
    expect(keyboardMove(nineToTen, key, { shiftKey }, 'UTC')).toEqual(times(start, end));
  });

  it('steps onto the quarter-hour line first when between lines', () => {
    const odd = times('2026-11-23T09:07:00.000Z', '2026-11-23T09:52:00.000Z');
    expect(keyboardMove(odd, 'ArrowDown', {}, 'UTC')).toEqual(times('2026-11-23T09:15:00.000Z', '2026-11-23T10:00:00.000Z'));
    expect(keyboardMove(odd, 'ArrowUp', {}, 'UTC')).toEqual(times('2026-11-23T09:00:00.000Z', '2026-11-23T09:45:00.000Z'));
    expect(keyboardMove(odd, 'ArrowDown', { shiftKey: true }, 'UTC')?.ends_at).toBe('2026-11-23T10:00:00.000Z');
  });

  it('keeps quarter hours on the wall clock in a half-hour zone', () => {
    // 15:30 in Kolkata → 15:45.
    const kolkata = times('2026-11-23T10:00:00.000Z', '2026-11-23T10:30:00.000Z');
    expect(keyboardMove(kolkata, 'ArrowDown', {}, 'Asia/Kolkata')?.starts_at).toBe('2026-11-23T10:15:00.000Z');
  });

  it('does not shrink below 15 minutes', () => {
    const quarter = times('2026-11-23T09:00:00.000Z', '2026-11-23T09:15:00.000Z');
    expect(keyboardMove(quarter, 'ArrowUp', { shiftKey: true }, 'UTC')).toEqual(quarter);
  });

  it('moves a day keeping the wall-clock time across a clock change', () => {
    // Saturday 09:00 summer time in London → Sunday 09:00, the clocks gone back overnight.
    const saturday = times('2026-10-24T08:00:00.000Z', '2026-10-24T09:00:00.000Z');
    expect(keyboardMove(saturday, 'ArrowRight', {}, 'Europe/London')).toEqual(times('2026-10-25T09:00:00.000Z', '2026-10-25T10:00:00.000Z'));
    const sunday = times('2026-03-08T14:00:00.000Z', '2026-03-08T15:00:00.000Z'); // 10:00 in New York, the clocks gone forward overnight
    expect(keyboardMove(sunday, 'ArrowLeft', {}, 'America/New_York')).toEqual(times('2026-03-07T15:00:00.000Z', '2026-03-07T16:00:00.000Z'));
  });

  it('steps through the repeated hour in real time', () => {
    // 01:45 summer time in London on 25 October; 15 minutes later it is 01:00 winter time.
    const repeated = times('2026-10-25T00:45:00.000Z', '2026-10-25T01:00:00.000Z');
    expect(keyboardMove(repeated, 'ArrowDown', {}, 'Europe/London')?.starts_at).toBe('2026-10-25T01:00:00.000Z');
  });

  it('leaves other keys and the browser’s own shortcuts alone', () => {
    expect(keyboardMove(nineToTen, 'Enter', {}, 'UTC')).toBeNull();
    expect(keyboardMove(nineToTen, 'ArrowLeft', { shiftKey: true }, 'UTC')).toBeNull();
    expect(keyboardMove(nineToTen, 'ArrowDown', { altKey: true }, 'UTC')).toBeNull();
    expect(keyboardMove(nineToTen, 'ArrowDown', { ctrlKey: true }, 'UTC')).toBeNull();
    expect(keyboardMove(nineToTen, 'ArrowDown', { metaKey: true }, 'UTC')).toBeNull();
    expect(keyboardMove(times('soon', 'later'), 'ArrowDown', {}, 'UTC')).toBeNull();
  });
});
