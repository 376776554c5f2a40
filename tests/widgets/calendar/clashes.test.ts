import { describe, expect, it } from 'vitest';
import { clashesWith, hasClash } from '../../../src/widgets/calendar/model/clashes';
import { appointment } from './fixtures';

const nine = (rest: Parameters<typeof appointment>[2] = {}) => appointment('2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z', rest);
const ids = (list: { appointment: { id: number | string } }[]) => list.map((c) => c.appointment.id);

describe('clashes', () => {
  const proposed = { starts_at: '2026-11-23T09:30:00Z', ends_at: '2026-11-23T10:30:00Z', agent_id: 1, property_ids: [10, 11], lead_id: 100, status: 'proposed' as const };

  it('finds the same agent at an overlapping time', () => {
    const busy = nine({ agent_id: 1 });
    expect(clashesWith(proposed, [busy])).toEqual([{ appointment: busy, reasons: ['same_agent'], property_ids: [] }]);
  });

  it('finds the same property shown to another lead at an overlapping time', () => {
    const other = nine({ agent_id: 2, property_ids: [11, 12], lead_id: 200 });
    expect(clashesWith(proposed, [other])).toEqual([{ appointment: other, reasons: ['same_property'], property_ids: [11] }]);
  });

  it('gives both reasons when both hold', () => {
    const both = nine({ agent_id: 1, property_ids: [10], lead_id: 200 });
    expect(clashesWith(proposed, [both])[0]!.reasons).toEqual(['same_agent', 'same_property']);
  });

  it('lets the same lead, or an appointment without a lead, share the property', () => {
    expect(clashesWith(proposed, [nine({ agent_id: 2, property_ids: [10], lead_id: 100 })])).toEqual([]);
    expect(clashesWith(proposed, [nine({ agent_id: 2, property_ids: [10], lead_id: null })])).toEqual([]);
  });

  it('never counts cancelled ones, on either side', () => {
    expect(clashesWith(proposed, [nine({ status: 'cancelled' })])).toEqual([]);
    expect(clashesWith({ ...proposed, status: 'cancelled' }, [nine()])).toEqual([]);
    // Done and no-show ones still held the time.
    expect(clashesWith(proposed, [nine({ status: 'no_show' }), nine({ status: 'done' })])).toHaveLength(2);
  });

  it('does not count touching ends, different agents and properties, or the appointment itself', () => {
    const before = appointment('2026-11-23T08:30:00Z', '2026-11-23T09:30:00Z');
    const after = appointment('2026-11-23T10:30:00Z', '2026-11-23T11:00:00Z');
    const elsewhere = nine({ agent_id: 3, property_ids: [99], lead_id: 300 });
    const itself = nine();
    expect(clashesWith({ ...proposed, id: itself.id }, [before, after, elsewhere, itself])).toEqual([]);
    expect(hasClash(proposed, [before, after])).toBe(false);
  });

  it('reads ids that came as text like numbers, and no agent as nobody', () => {
    const textIds = nine({ id: 'x-1', agent_id: '1', property_ids: ['10'], lead_id: '200' });
    // The shared properties are named as the proposed appointment names them.
    expect(clashesWith(proposed, [textIds])).toEqual([{ appointment: textIds, reasons: ['same_agent', 'same_property'], property_ids: [10] }]);
    expect(clashesWith({ ...proposed, agent_id: null }, [nine({ agent_id: null })])).toEqual([]);
    expect(clashesWith({ ...proposed, id: 7 }, [nine({ id: '7' })])).toEqual([]);
  });

  it('lists clashes earliest first', () => {
    const later = appointment('2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z');
    const earlier = appointment('2026-11-23T08:00:00Z', '2026-11-23T09:45:00Z');
    expect(ids(clashesWith(proposed, [later, earlier]))).toEqual([earlier.id, later.id]);
  });
});
